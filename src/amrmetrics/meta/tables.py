"""Tables of meta-evaluation results as header + rows of strings (drawn by :mod:`amrmetrics.report.page`).

Scores, correlations and accuracies are shown x100; AΔ is in ranks; a ``*`` marks a statistic
whose bootstrap interval excludes the random baseline.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from amrmetrics.meta.bamboo import BambooResult
from amrmetrics.meta.parse_quality import QUIRKS, Preference, StudyResult
from amrmetrics.meta.probe import MetricProbe
from amrmetrics.meta.similarity import Agreement
from amrmetrics.meta.structural import StructuralResult
from amrmetrics.stats.interval import Interval, tail_percentile
from amrmetrics.words import counted

DASH = "–"
Table = tuple[list[str], list[list[str]]]


def _num(value: float | None, digits: int, scale: float = 100.0) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return DASH
    return f"{scale * value:.{digits}f}"


def _ci(interval: Interval | None, digits: int, scale: float = 100.0) -> str:
    if interval is None:
        return DASH
    return f"[{_num(interval.low, digits, scale)}, {_num(interval.high, digits, scale)}]"


def _mark(value: str, outside: bool | None) -> str:
    return value + ("*" if outside else "")


def _wins(p: Preference) -> str:
    return f"{p.wins_a}/{p.wins_b}/{p.ties}"


def _p(p: Preference) -> str:
    return f"{p.a:g}/{p.b:g}"


def study_table(result: StudyResult, digits: int = 2) -> Table:
    """One row for the people (HUM) and one per metric."""
    pct = int(round(100 * result.confidence))
    head = [
        "metric", "wins A/B/tie", "P(A)/P(B)", "S(A) micro", "S(A) macro", "S(B) micro", "S(B) macro",
        "PA", f"PA {pct}% CI", "PA ties excl.", "AΔ", f"AΔ {pct}% CI",
    ]
    acc_a, acc_b = result.human_acceptable
    rows = [["HUM", _wins(result.human), _p(result.human), _num(acc_a, digits), _num(acc_a, digits),
             _num(acc_b, digits), _num(acc_b, digits), DASH, DASH, DASH, DASH, DASH]]
    for m in result.metrics:
        pa, delta = m.pairwise, m.delta
        rows.append([
            m.spec,
            _wins(m.preference),
            _p(m.preference),
            _num(m.score_a["micro"], digits),
            _num(m.score_a["macro"], digits),
            _num(m.score_b["micro"], digits),
            _num(m.score_b["macro"], digits),
            _mark(_num(pa.value, digits), pa.random_outside),
            _ci(pa.interval, digits),
            f"{pa.metric_ties}/{pa.preferred}",
            _mark(_num(delta.value, digits, 1.0), delta.random_outside),
            _ci(delta.interval, digits, 1.0),
        ])
    return head, rows


def study_notes(result: StudyResult) -> list[str]:
    """Plain-language lines printed under the study table."""
    lo = tail_percentile(result.confidence)
    hi = 100 - lo
    lines = [
        f"{result.sentences} sentences. HUM: preferences from the labels; its S columns are the % of acceptable parses.",
        "wins A/B/tie: sentences where the judge prefers A, prefers B, or ties; P(A)/P(B) split ties evenly"
        + (" (compat: ties go to B)" if result.compat else "") + ".",
        "PA: pairwise accuracy (x100) over sentences with a human preference, metric ties excluded "
        "(PA ties excl. = excluded / with a preference). AΔ: median rank of acceptable minus unacceptable candidates.",
        f"Intervals: percentile bootstrap ({lo:g}th-{hi:g}th percentiles), {result.resamples} resamples of sentences, "
        f"seed {result.seed}; * = random (PA 50, AΔ 0) lies outside the interval.",
    ]
    lines += [f"compat: {QUIRKS[q]}" for q in result.quirks]
    return lines


def spearman_table(result: StudyResult, digits: int = 2) -> Table:
    """The inter-metric Spearman matrix over all candidates (x100)."""
    specs = [m.spec for m in result.metrics]
    head = ["Spearman x100"] + specs
    rows = [[spec] + [_num(v, digits) for v in result.spearman[i]] for i, spec in enumerate(specs)]
    return head, rows


def similarity_table(rows: Sequence[Agreement], digits: int = 2) -> Table:
    """Pearson, Spearman (with intervals), RMSE and mean score per metric."""
    conf = next((r.pearson_interval.confidence for r in rows if r.pearson_interval is not None), None)
    label = f"{int(round(100 * conf))}% CI" if conf is not None else "CI"
    head = ["metric", "pairs", "Pearson", label, "Spearman", label, "RMSE", "mean score"]
    body = [
        [r.spec, str(r.pairs), _num(r.pearson, digits), _ci(r.pearson_interval, digits), _num(r.spearman, digits),
         _ci(r.spearman_interval, digits), _num(r.rmse, digits), _num(r.mean, digits)]
        for r in rows
    ]
    return head, body


def bamboo_table(result: BambooResult, digits: int = 2) -> Table:
    """The BAMBOO table: 12 columns and the arithmetic mean, x100."""
    head = ["metric"] + result.columns + ["AMEAN"]
    body = [
        [spec] + [_num(v, digits) for v in result.values[k]] + [_num(float(result.mean[k]), digits)]
        for k, spec in enumerate(result.specs)
    ]
    return head, body


def probe_table(probes: Sequence[MetricProbe], digits: int = 2) -> Table:
    """One row per metric: every principle measured (scores in points, x100)."""
    head = ["metric", "svr %", "msv", "max sym. gap", "det. std", "runs", "identity %", "dup. gain", "pairs gaining",
            "root loss", "leaf loss"]
    body = []
    for p in probes:
        sym, det, ide, dup, bias = p.symmetry, p.determinacy, p.identity, p.duplicates, p.bias
        body.append([
            p.spec,
            _num(sym.svr, 1) if sym else DASH,
            _num(sym.msv, digits) if sym else DASH,
            _num(sym.largest, digits) if sym else DASH,
            _num(det.std, digits) if det else DASH,
            (f"{len(det.scores)}" + (" (seeded)" if det.seeded else "")) if det else DASH,
            _num(ide.share, 1) if ide else DASH,
            _num(dup.max_gain, digits) if dup else DASH,
            f"{dup.pairs_gaining}/{dup.pairs}" if dup else DASH,
            _num(bias.root_loss, digits) if bias else DASH,
            _num(bias.leaf_loss, digits) if bias else DASH,
        ])
    return head, body


def probe_notes(probes: Sequence[MetricProbe]) -> list[str]:
    """Findings worth a sentence: broken promises and attacks that work."""
    lines = []
    for p in probes:
        undefined = [(what, n) for what, n in (("pairs", p.symmetry.undefined if p.symmetry else 0),
                                               ("graphs", p.identity.undefined if p.identity else 0)) if n]
        for what, n in undefined:
            lines.append(f"{p.spec}: {n} {what} left out of the symmetry/identity counts (score undefined)")
        if p.symmetry and p.symmetry.violations:
            claim = " although it is declared symmetric" if p.declared_symmetric else " (declared asymmetric)"
            lines.append(f"{p.spec}: {p.symmetry.violations} of {counted(p.symmetry.pairs, 'pair')} change score when swapped{claim}")
        if p.determinacy and p.determinacy.spread > 0:
            lines.append(f"{p.spec}: corpus score varies over {len(p.determinacy.scores)} runs "
                         f"(spread {100 * p.determinacy.spread:.4f} points)")
        if p.identity and p.identity.ones < p.identity.graphs:
            lines.append(f"{p.spec}: {p.identity.graphs - p.identity.ones} of {p.identity.graphs} graphs score below 1 "
                         f"against themselves (lowest {100 * p.identity.minimum:.2f})")
        if p.duplicates and p.duplicates.worst is not None:
            pair, edge = p.duplicates.worst
            lines.append(f"{p.spec}: duplicating an edge raises the score by up to {100 * p.duplicates.max_gain:.2f} "
                         f"points (pair {pair}, edge {' '.join(edge)} x{p.duplicates.copies})")
    return lines


def structural_table(result: StructuralResult, digits: int = 2) -> Table:
    """One row per metric: Spearman's rho with damage (x100) and its interval, violations, mean score per level."""
    pct = int(round(100 * result.confidence))
    head = ["metric", "rho", f"rho {pct}% CI", "violations", "violations %"]
    head += [f"@{level:g}" for level in result.levels]
    rows = []
    for m in result.metrics:
        share = m.violations / m.steps if m.steps else float("nan")
        rows.append(
            [m.spec, _num(m.rho, digits), _ci(m.interval, digits), f"{m.violations}/{m.steps}", _num(share, 1)]
            + [_num(v, 1) for v in m.mean_scores]
        )
    return head, rows
