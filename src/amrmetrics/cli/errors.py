"""What a failed command tells its caller: a one-line message on stderr and the exit status.

0: success. 1: the data: an input file is missing, unreadable or malformed, a file cannot be
written, or a metric fails on a pair. 2: the command line: a bad option or metric, or a backend
it names that is not there (argparse's own errors exit 2 as well).
"""

from __future__ import annotations

DATA_ERROR = 1
USAGE_ERROR = 2


class UsageError(ValueError):
    """The command line is wrong (exit status 2); the message says which option and why."""


def exit_status(err: BaseException) -> int:
    """``USAGE_ERROR`` for errors in the command line, ``DATA_ERROR`` for everything else."""
    from amrmetrics.embed.backends import EmbedderUnavailable  # imported on the error path only
    from amrmetrics.metrics.registry import MetricSpecError
    from amrmetrics.translate.base import TranslatorUnavailable
    from amrmetrics.translate.tsv import DictionaryFileError

    if isinstance(err, DictionaryFileError):  # a file the command line names, but its content is wrong
        return DATA_ERROR
    if isinstance(err, (UsageError, MetricSpecError, EmbedderUnavailable, TranslatorUnavailable)):
        return USAGE_ERROR
    return DATA_ERROR


def message(err: BaseException) -> str:
    """The error's text; a metric that failed because of a vectors file names the file, not the pair."""
    from amrmetrics.embed.vectors_file import VectorsFileError

    cause = err.__cause__
    return str(cause) if isinstance(cause, VectorsFileError) else str(err)
