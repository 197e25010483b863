"""Corpus score tables for people, drawn in every format by :mod:`amrmetrics.report.page`.

Scores are printed x100 with ``digits`` decimals; machine formats (JSON, per-pair files) keep
full precision as fractions. A row is named by :func:`metric_label`, the title is a line of its own.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from amrmetrics.report.grid import DASH
from amrmetrics.report.grid import pct as _pct
from amrmetrics.report.page import Table
from amrmetrics.stats.aggregate import MetricReport
from amrmetrics.words import counted


def metric_label(spec: str) -> str:
    """A metric's name for people: its spec with every parameter that is a file path cut to the file's name.

    ``s2match:vectors=/data/glove/glove.txt`` is shown as ``s2match:vectors=glove.txt``; the
    signature names the file and a hash of its content. Machine output keeps the full spec.
    """
    name, colon, params = spec.partition(":")
    if not colon:
        return spec
    items = []
    for item in params.split(","):
        key, eq, value = item.partition("=")
        items.append(f"{key}={os.path.basename(value)}" if eq and os.path.isfile(value) else item)
    return f"{name}:{','.join(items)}"


def certification(label: str, report: MetricReport) -> str | None:
    """The line saying whether an aligning metric's alignments are proven optimal (None for other metrics)."""
    uncertified = report.summary.get("uncertified")
    if uncertified is None or not report.pairs:
        return None
    if uncertified:
        return (
            f"{label}: {uncertified} of {counted(report.pairs, 'pair')} not certified optimal; "
            f"micro F could rise by at most {100 * report.summary['max_f_gain']:.4f} points"
        )
    return f"{label}: {'the one pair' if report.pairs == 1 else f'all {report.pairs} pairs'} certified optimal"


def _interval(report: MetricReport, digits: int) -> str:
    ci = report.intervals
    if ci is None:
        return DASH
    if ci.get("reason"):
        return "n/a"
    key = report.score_names[-1]
    lo, hi = ci["micro"][key]
    return f"[{_pct(lo, digits)}, {_pct(hi, digits)}]"


def header(reports: Sequence[MetricReport]) -> list[str]:
    """Column names: micro P/R/F, macro P/R/F, and the interval column when any report has one."""
    cols = ["metric", "P", "R", "F", "macro P", "macro R", "macro F"]
    if any(r.intervals is not None for r in reports):
        cols.append("95% CI (micro)")
    return cols


def rows(reports: Sequence[MetricReport], digits: int = 2) -> list[list[str]]:
    """One row per metric; single-score metrics fill the F columns."""
    with_ci = any(r.intervals is not None for r in reports)
    out = []
    for r in reports:
        def get(avg: dict[str, float], key: str) -> str:
            if key == "F":
                return _pct(avg.get("F", avg.get(r.score_names[-1])), digits)
            return _pct(avg.get(key), digits) if key in r.score_names else DASH

        row = [metric_label(r.spec)] + [get(r.micro, k) for k in ("P", "R", "F")] + [get(r.macro, k) for k in ("P", "R", "F")]
        if with_ci:
            row.append(_interval(r, digits))
        out.append(row)
    return out


def table(reports: Sequence[MetricReport], title: str = "", digits: int = 2) -> Table:
    """The score table of ``reports`` (one row per metric) under ``title``."""
    return Table(header(reports), rows(reports, digits), title)
