"""One family of errors: what went wrong decides how a caller (and the command line) reports it.

Every error the package raises on purpose is an :class:`AmrMetricsError`. :class:`DataError` (the
input is wrong: a malformed graph, a bad vectors file) and :class:`UsageError` (the call is wrong:
an unknown metric, a bad option, a backend that is not installed) are also ``ValueError``s, so
``except ValueError`` keeps working. The exit status of the command line follows from the class.
"""

from __future__ import annotations

from typing import ClassVar

OK = 0
DATA_ERROR = 1
USAGE_ERROR = 2


class AmrMetricsError(Exception):
    """Base of every error the package raises on purpose; ``exit_status`` is the command line's."""

    exit_status: ClassVar[int] = DATA_ERROR


class DataError(AmrMetricsError, ValueError):
    """The data is wrong: an input file is missing, unreadable or malformed (exit status 1)."""

    exit_status: ClassVar[int] = DATA_ERROR


class UsageError(AmrMetricsError, ValueError):
    """The call is wrong: a bad option, metric or parameter, or a backend that is not there (exit status 2)."""

    exit_status: ClassVar[int] = USAGE_ERROR


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
    """The one-line text the command line prints for ``err``."""
    return str(_reported(err))
