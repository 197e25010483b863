"""Checks of option values that argparse's types do not express; each failure is one :class:`UsageError`.

:func:`check_options` runs for every subcommand right after parsing (it looks only at the options
the subcommand has); :func:`check_metrics` runs once the ``--metric`` values are built.
"""

from __future__ import annotations

import argparse
import dataclasses
import locale
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from amrmetrics.errors import UsageError

if TYPE_CHECKING:
    from amrmetrics.metrics.base import Metric

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


def check_options(args: argparse.Namespace) -> None:
    """Refuse counts below 1, negative decimals or columns, an option whose package is missing, and a
    ``--metric`` value naming no metric."""
    from amrmetrics.metrics.registry import split_specs

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
