"""Checks of option values that argparse's types do not express; each failure is one :class:`UsageError`.

:func:`check_options` runs for every subcommand right after parsing (it looks only at the options
the subcommand has); :func:`check_metrics` runs once the ``--metric`` values are built. Every
option that names a file or folder to write is declared with :func:`add_output`, so that
:func:`check_options` refuses it, before anything is read, when it would write over an input.
"""

from __future__ import annotations

import argparse
import dataclasses
import locale
import re
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from amrmetrics.errors import UsageError

if TYPE_CHECKING:
    from amrmetrics.metrics.base import Metric
    from amrmetrics.writing import Output

AT_LEAST_ONE = {
    "jobs": "--jobs",
    "bootstrap": "--bootstrap",
    "trials": "--trials",
    "resamples": "--resamples",
    "runs": "--runs",
    "copies": "--copies",
}
"""Options (attribute -> flag) that count something and so must be at least 1."""

AT_LEAST_ZERO = {"digits": "--digits", "significant": "--significant", "column": "--column"}
"""Options (attribute -> flag) that must not be negative."""

NEEDS = {"plot": "matplotlib"}
"""Options (attribute -> top-level module) that need an optional package: checked before anything is read."""


class OutputPath(str):
    """The value of an output option (:func:`add_output`): the path, knowing its option and what it writes."""

    option: str
    inside: Callable[[argparse.Namespace], Sequence[str]] | None

    def output(self, args: argparse.Namespace) -> Output:
        """What this option will write, for :func:`~amrmetrics.writing.check_outputs`."""
        from amrmetrics.writing import Output

        return Output(self.option, str(self), None if self.inside is None else tuple(self.inside(args)))


def add_output(
    container: Any, *flags: str, inside: Callable[[argparse.Namespace], Sequence[str]] | None = None, **kwargs: Any
) -> None:
    """Add an option naming a file to write (or, with ``inside``, a folder and the names written in it).

    Its value is an :class:`OutputPath`, which :func:`check_options` checks against every other
    path the command line names (see :func:`~amrmetrics.writing.check_outputs`).
    """
    option = max(flags, key=len)

    def output_path(text: str) -> OutputPath:
        value = OutputPath(text)
        value.option, value.inside = option, inside
        return value

    output_path.__name__ = "path"  # argparse names the type in messages
    container.add_argument(*flags, type=output_path, **kwargs)


def _named_paths(args: argparse.Namespace) -> Iterator[str]:
    """Every string of the command line except the outputs, and the parameter values of ``--metric`` specs."""
    from amrmetrics.metrics.registry import split_specs

    for key, value in vars(args).items():
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(item, str) and not isinstance(item, OutputPath):
                yield item
                if key == "metric":
                    yield from (v for _, params in split_specs(item) for v in params.values())


def check_outputs_of(args: argparse.Namespace) -> None:
    """Refuse output options that would write over an input or over each other (before anything is read)."""
    outputs = [value.output(args) for value in vars(args).values() if isinstance(value, OutputPath)]
    if outputs:
        from amrmetrics.writing import check_outputs

        check_outputs(outputs, _named_paths(args))


def check_options(args: argparse.Namespace) -> None:
    """Refuse counts below 1, negative decimals or columns, an option whose package is missing, a
    ``--metric`` value naming no metric, standard input named for two inputs (every command, ``meta``'s
    ``--a - --b -`` included), and outputs that would write over an input or each other."""
    from amrmetrics.metrics.registry import split_specs
    from amrmetrics.read.source import STDIN, stdin_once

    for bounds, low in ((AT_LEAST_ONE, 1), (AT_LEAST_ZERO, 0)):
        for attr, flag in bounds.items():
            value = getattr(args, attr, None)
            if isinstance(value, int) and value < low:
                raise UsageError(f"{flag} must be at least {low}, not {value}")
    for attr, module in NEEDS.items():
        if getattr(args, attr, None):
            from amrmetrics.extras import check

            check(module, f"--{attr}")
    for text in getattr(args, "metric", None) or ():
        if not split_specs(text):
            raise UsageError(f"--metric {text!r} names no metric (e.g. --metric smatch,sembleu)")
    stdin_once(*(path for path in _named_paths(args) if path == STDIN))
    check_outputs_of(args)


def check_metrics(metrics: Sequence[Metric]) -> None:
    """Refuse a metric given twice and a cross-lingual metric without a known source language."""
    seen: set[str] = set()
    for metric in metrics:
        spec = metric.spec()
        if spec in seen:
            raise UsageError(f"metric {spec!r} is given twice in --metric")
        seen.add(spec)
        if "source_lang" not in {f.name for f in dataclasses.fields(metric)}:  # type: ignore[arg-type]
            continue
        code = getattr(metric, "source_lang")
        if not code:
            raise UsageError(
                f"{metric.name} needs the language of the non-English side: --source-lang LANG "
                f"(or {metric.name}:source_lang=LANG), e.g. es, de, zh"
            )
        if not is_language_code(code):
            raise UsageError(
                f"{metric.name}: source language {code!r} (--source-lang) is not a known ISO 639 code (e.g. es, de, zh, zh-tw)"
            )


def is_language_code(code: str) -> bool:
    """True when ``code``'s primary subtag (``zh`` of ``zh-TW``) is a language of Python's locale alias table.

    That table (``es_ES.ISO8859-1``, ...) names about 200 ISO 639 languages; using it keeps the
    list out of our code.
    """
    primary = re.split(r"[-_]", code, maxsplit=1)[0].lower()
    return any(re.split(r"[_.@]", value, maxsplit=1)[0] == primary for value in locale.locale_alias.values())
