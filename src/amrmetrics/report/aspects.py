"""Reports of multi-aspect metrics (fine-grained Smatch): one table row per aspect, with counts.

A metric is multi-aspect when its score names are ``Aspect.score`` (``Concepts.F``); its
``summary()`` gives each aspect's pooled counts under ``"aspects"``. An aspect that neither side
of any pair has is shown as not applicable, with its (zero) counts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from amrmetrics.report import grid, page
from amrmetrics.report.page import Block, Table
from amrmetrics.stats.aggregate import MetricReport
from amrmetrics.words import counted


def aspect_names(score_names: Sequence[str]) -> list[str]:
    """Aspects in order (``["Smatch", "Concepts", ...]``), or ``[]`` for an ordinary metric."""
    names: list[str] = []
    for score in score_names:
        aspect, dot, _ = score.rpartition(".")
        if dot and aspect not in names:
            names.append(aspect)
    return names


def is_multi_aspect(report: MetricReport) -> bool:
    """True for a report to print one row per aspect."""
    return bool(aspect_names(report.score_names))


def headline_rows(spec: str, score_names: Sequence[str], headline: str) -> list[tuple[str, str]]:
    """``(row label, score name)`` of the rows a comparison shows: one per aspect (its F), else one."""
    aspects = aspect_names(score_names)
    if not aspects:
        return [(spec, headline)]
    return [(f"{spec} {a}", f"{a}.{headline.rpartition('.')[2]}") for a in aspects]


def header(report: MetricReport) -> list[str]:
    """Columns of the aspect table."""
    cols = ["aspect", "P", "R", "F", "matched", "test", "gold", "macro F", "pairs"]
    if report.intervals is not None:
        cols.append("95% CI (micro F)")
    return cols


def _count(value: Any) -> str:
    return str(int(value)) if isinstance(value, (int, float)) and not math.isnan(value) else grid.DASH


def rows(report: MetricReport, digits: int = 2) -> list[list[str]]:
    """One row per aspect: micro P/R/F (x100), pooled counts, macro F and the pairs it applies to."""
    counts = report.summary.get("aspects", {})
    ci = report.intervals
    out = []
    for aspect in aspect_names(report.score_names):
        c = counts.get(aspect, {})
        applicable = not math.isnan(report.micro.get(f"{aspect}.F", float("nan")))
        scores = [grid.pct(report.micro.get(f"{aspect}.{k}"), digits) if applicable else grid.NOT_APPLICABLE for k in "PRF"]
        row = [aspect, *scores, _count(c.get("matched")), _count(c.get("n_test")), _count(c.get("n_gold"))]
        row += [grid.pct(report.macro.get(f"{aspect}.F"), digits) if applicable else grid.NOT_APPLICABLE, _count(c.get("pairs"))]
        if ci is not None:
            if ci.get("reason") or not applicable:
                row.append(grid.NOT_APPLICABLE)
            else:
                lo, hi = ci["micro"][f"{aspect}.F"]
                row.append(f"[{grid.pct(lo, digits)}, {grid.pct(hi, digits)}]")
        out.append(row)
    return out


def notes(report: MetricReport) -> list[str]:
    """What the aspect table needs said: what 'pairs' counts, and which aspects are not applicable."""
    absent = [a for a in aspect_names(report.score_names) if math.isnan(report.micro.get(f"{a}.F", float("nan")))]
    lines = [f"{report.spec}: pairs = pairs in which the aspect occurs in the test or the gold graph (macro F averages over them)"]
    if absent:
        lines.append(f"{report.spec}: n/a = occurs in no test and no gold graph (0 matched, 0 test, 0 gold): {', '.join(absent)}")
    if report.summary.get("uncertified_subgraphs"):
        lines.append(
            f"{report.spec}: {report.summary['uncertified_subgraphs']} aspect alignment(s) not certified optimal "
            "(their counts are lower bounds)"
        )
    return lines


def blocks(report: MetricReport, digits: int = 2) -> list[Block]:
    """A multi-aspect report as its table (titled with its metric and pairs) followed by its notes."""
    title = f"{report.spec}: {counted(report.pairs, 'pair')} (scores x100)"
    return [Table(header(report), rows(report, digits), title), *page.notes(notes(report))]
