"""One family of errors: what went wrong decides how a caller (and the command line) reports it.

Every error the package raises on purpose is an :class:`AmrMetricsError`. :class:`DataError` (the
input is wrong: a malformed graph, a bad vectors file) and :class:`UsageError` (the call is wrong:
an unknown metric, a bad option, a backend that is not installed) are also ``ValueError``s, so
``except ValueError`` keeps working. The exit status of the command line follows from the class.

A message that names a setting writes it with :func:`option`, so each caller reads it in its own
terms: ``on_error="zero"`` from Python (``str(err)``), ``--on-error zero`` on the command line
(:func:`message`).
"""

from __future__ import annotations

import re
from typing import ClassVar

OK = 0
DATA_ERROR = 1
USAGE_ERROR = 2

_OPEN, _SPLIT, _CLOSE = "\x1e", "\x1d", "\x1f"
"""Control characters around a setting's two spellings inside a message (they occur in no message text)."""

_SETTING = re.compile(f"{_OPEN}([^{_OPEN}{_SPLIT}{_CLOSE}]*){_SPLIT}([^{_OPEN}{_SPLIT}{_CLOSE}]*){_CLOSE}")


def option(name: str, value: object = True, *, metavar: str | None = None, flag: str | None = None) -> str:
    """A setting named inside an error message: keyword ``name`` of the Python API, option ``flag``
    of the command line (by default ``--name``, underscores as dashes).

    ``value`` True is a flag (``pair_by_id=True``, ``--pair-by-id``), another value is written as
    given (``on_error="zero"``, ``--on-error zero``); ``metavar`` stands for any value
    (``vectors=FILE``, ``--vectors FILE``).
    """
    flag = flag or "--" + name.replace("_", "-")
    if metavar is not None:
        python, cli = f"{name}={metavar}", f"{flag} {metavar}"
    elif value is True:
        python, cli = f"{name}=True", flag
    else:
        python = f'{name}="{value}"' if isinstance(value, str) else f"{name}={value!r}"
        cli = f"{flag} {value}"
    return f"{_OPEN}{python}{_SPLIT}{cli}{_CLOSE}"


def spoken(text: str, *, cli: bool) -> str:
    """``text`` with every :func:`option` written for the command line (``cli``) or for Python."""
    if _OPEN not in text:
        return text
    return _SETTING.sub(lambda found: found[2 if cli else 1], text)


class AmrMetricsError(Exception):
    """Base of every error the package raises on purpose; ``exit_status`` is the command line's.

    ``str(err)`` speaks Python: the settings it names are keyword arguments (see :func:`option`).
    """

    exit_status: ClassVar[int] = DATA_ERROR

    def __str__(self) -> str:
        return spoken(super().__str__(), cli=False)


class DataError(AmrMetricsError, ValueError):
    """The data is wrong: an input file is missing, unreadable or malformed (exit status 1)."""

    exit_status: ClassVar[int] = DATA_ERROR


class UsageError(AmrMetricsError, ValueError):
    """The call is wrong: a bad option, metric or parameter, or a backend that is not there (exit status 2)."""

    exit_status: ClassVar[int] = USAGE_ERROR


class BackendMissing(UsageError, ImportError):
    """An optional package that the asked-for feature needs is not installed; the message says
    what to install (exit status 2). Also an ``ImportError``, so ``except ImportError`` catches it."""


class OutputError(AmrMetricsError, OSError):
    """An output file cannot be written (exit status 1, as for every file the system refuses)."""

    exit_status: ClassVar[int] = DATA_ERROR


def _reported(err: BaseException) -> BaseException:
    """The error to report: ours that caused ``err`` (a metric failing on a pair because of a vectors
    file names the file, not the pair), else ``err`` itself."""
    cause = err.__cause__
    return cause if isinstance(cause, AmrMetricsError) else err


def exit_status(err: BaseException) -> int:
    """The command line's exit status for ``err``: the class decides; any other error is a data error."""
    reported = _reported(err)
    return reported.exit_status if isinstance(reported, AmrMetricsError) else DATA_ERROR


def message(err: BaseException) -> str:
    """The one-line text the command line prints for ``err``, its settings written as options."""
    reported = _reported(err)
    if type(reported).__str__ is AmrMetricsError.__str__:  # ours, as written (a subclass may format its own)
        return spoken(Exception.__str__(reported), cli=True)
    if isinstance(reported, OSError) and reported.filename is not None and reported.strerror:
        return f"{reported.filename}: {reported.strerror}"  # not "[Errno 2] No such file or directory: 'x'"
    return str(reported)
