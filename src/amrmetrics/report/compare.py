"""The comparison table of two systems: scores, difference, its interval, p-value, pair outcomes.

One block of rows per metric (one row per aspect for multi-aspect metrics), each with a micro
and a macro line; pair outcomes (A better / tie / B better) are per pair, so they are shown once,
on the micro line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from amrmetrics.report import grid
from amrmetrics.report.tables import certification
from amrmetrics.stats.aggregate import MetricReport
from amrmetrics.stats.significance import AVERAGES, Comparison


@dataclass(frozen=True)
class ComparedMetric:
    """A metric's comparison and the rows (label, score name) to show for it."""

    spec: str
    signature: str
    comparison: Comparison
    rows: tuple[tuple[str, str], ...]


HEADER = ["metric", "avg", "A", "B", "A-B", "95% CI of A-B", "p", "A>B", "tie", "A<B", "A:B split"]


def _p(value: float) -> str:
    if math.isnan(value):
        return grid.DASH
    return "<0.0001" if value < 1e-4 else f"{value:.4f}"


def _half(value: float) -> str:
    return f"{value:g}"


def rows(metrics: Sequence[ComparedMetric], digits: int = 2) -> list[list[str]]:
    """Table rows (strings) for every compared metric."""
    out = []
    for m in metrics:
        c = m.comparison
        for label, key in m.rows:
            for avg in AVERAGES:
                a, b = c.a[avg][key], c.b[avg][key]
                if math.isnan(a) and math.isnan(b):
                    out.append([label, avg] + [grid.NOT_APPLICABLE] * 5 + [""] * 4)
                    continue
                if avg in c.intervals and not c.intervals.get("reason"):
                    lo, hi = c.intervals[avg][key]
                    ci = f"[{grid.pct(lo, digits, signed=True)}, {grid.pct(hi, digits, signed=True)}]"
                else:
                    ci = grid.NOT_APPLICABLE
                row = [label, avg, grid.pct(a, digits), grid.pct(b, digits), grid.pct(a - b, digits, signed=True), ci]
                row.append(_p(c.permutation[avg][key]))
                if avg == AVERAGES[0]:
                    o = c.outcomes[key]
                    row += [str(o.wins), str(o.ties), str(o.losses), f"{_half(o.a_split)}:{_half(o.b_split)}"]
                else:
                    row += [""] * 4
                out.append(row)
    return out


def notes(metrics: Sequence[ComparedMetric], reports: Sequence[tuple[MetricReport, MetricReport]], tolerance: float) -> list[str]:
    """How the interval, p-value and pair outcomes were computed; certification and metric notes."""
    if not metrics:
        return []
    lines = []
    for m, pair in zip(metrics, reports):
        lines += [line for side, report in zip("AB", pair) if (line := certification(f"{side} {m.spec}", report))]
        lines += [f"{m.spec}: {note}" for note in pair[0].notes]
    c = metrics[0].comparison
    if c.intervals.get("reason"):
        lines.append(f"A-B interval: {c.intervals['reason']}")
    else:
        lines.append(
            f"A-B interval: {100 * c.intervals['confidence']:g}% paired percentile bootstrap, "
            f"{c.intervals['resamples']} resamples of pairs, seed {c.intervals['seed']}"
        )
    perm = c.permutation
    if perm["method"] == "exact permutation":
        lines.append(f"p: two-sided exact permutation test over all {perm['trials']} swaps of A and B within pairs")
    else:
        lines.append(f"p: two-sided approximate randomization, {perm['trials']} trials (p >= 1/(trials+1)), seed {perm['seed']}")
    lines.append(
        f"A>B / tie / A<B: pairs by pair score (tie: difference < {tolerance:g}); "
        "A:B split gives each tie half to A and half to B"
    )
    for m in metrics:
        for label, key in m.rows:
            undefined = m.comparison.outcomes[key].undefined
            if undefined:
                lines.append(f"{label}: {undefined} pair(s) not compared (the score does not apply to A's or B's pair)")
    return lines
