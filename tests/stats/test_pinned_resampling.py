"""Bootstrap intervals, paired-bootstrap intervals and permutation p-values pinned for a seed.

Published intervals must be reproducible across versions, so this file pins them on a fixed
corpus and seed. The expected values never come from the package: the per-pair Smatch counts of
``tests/data/compare`` are worked out by hand below, the resampling is re-implemented here in a
few lines of numpy from the scheme of docs/statistics.md, and the pinned numbers are that
re-implementation's output (checked equal to the package's when they were recorded).

The scheme pinned here:

* bootstrap: ``numpy.random.Generator(PCG64(seed))``, one ``multinomial(n, [1/n] * n, size=R)``
  draw of pair counts per resample (in order, in one call), micro = scores of ``counts @ stats``,
  macro = ``counts @ pair_scores / n``, interval = ``numpy.percentile(..., [2.5, 97.5])``;
* paired bootstrap: the same counts for both systems, the interval of the differences;
* approximate randomization: ``Generator(PCG64([seed, 1]))``, ``random((trials, n)) < 0.5`` swaps
  a pair, p = (k + 1) / (trials + 1) with k the trials whose |A' − B'| reaches |A − B| − 1e-12;
  with 2^n <= trials every swap pattern is enumerated instead and p = k / 2^n.

**Changing any of this is a visible break**: these tests fail, and the new numbers must be
recorded here together with a note in docs/statistics.md saying from which version on published
intervals differ.
"""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from conftest import DATA

from amrmetrics.cli.main import main
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.stats.bootstrap import confidence_intervals
from amrmetrics.stats.significance import compare, difference_intervals, permutation_test

COMPARE = DATA / "compare"
SEED = 12345

GOLD_SIZES = [7, 7, 15, 9, 8, 7, 9, 9, 8, 7, 9, 14]
"""Smatch triples of each gold graph in tests/data/compare/gold.amr (instances + TOP + attributes + relations)."""
SYSTEM_B = np.array(
    [
        (5, 8, 7),  # c1: go-01 vs go-02, a second boy node: want, boy, TOP, ARG0, ARG1 match
        (6, 6, 7),  # c2: :polarity - missing
        (12, 13, 15),  # c3: :wiki -, :op2 "Lopez" missing, :ARG1 for :destination
        (7, 7, 9),  # c4: old and its :mod missing
        (8, 8, 8),  # c5: identical
        (6, 6, 7),  # c6: :polarity - missing
        (7, 9, 9),  # c7: run-01 vs run-02, j :ARG1 g vs :ARG0
        (8, 8, 9),  # c8: :ARG2 c2 missing
        (6, 6, 8),  # c9: big and its :mod missing
        (7, 7, 7),  # c10: identical
        (8, 8, 9),  # c11: :polarity - missing
        (11, 13, 14),  # c12: Germany for France (two attributes), :wiki "Rome" missing
    ],
    dtype=np.float64,
)
"""(matched, |test|, |gold|) of sys_b.amr against gold.amr, by hand."""
SYSTEM_A = np.array([(g, g, g) for g in GOLD_SIZES], dtype=np.float64)
"""sys_a.amr is gold.amr: every pair matches completely."""

PINNED_B = {
    "micro": {"P": (0.851063829787234, 0.9775343320848938), "R": (0.7978370363396724, 0.8812014265942724), "F": (0.8251004186768113, 0.9200198019801981)},
    "macro": {"P": (0.8562900641025639, 0.9871794871794872), "R": (0.7971478174603174, 0.8915476190476191), "F": (0.8251153167819835, 0.9276214554554015)},
}
"""95% intervals of system B, 1000 resamples, seed 12345."""
PINNED_A_MINUS_B = {
    "micro": {"P": (0.022465667915106173, 0.14893617021276595), "R": (0.11879857340572766, 0.2021629636603276), "F": (0.07998019801980194, 0.1748995813231887)},
    "macro": {"P": (0.012820512820512775, 0.14370993589743603), "R": (0.10845238095238087, 0.20285218253968262), "F": (0.07237854454459845, 0.17488468321801656)},
}
"""95% intervals of A − B, 1000 paired resamples, seed 12345."""
TOLERANCE = 1e-12


def prf(stats: np.ndarray) -> np.ndarray:
    """P, R, F of ``(..., 3)`` Smatch counts (no zero sizes in these corpora)."""
    m, t, g = stats[..., 0], stats[..., 1], stats[..., 2]
    return np.stack([m / t, m / g, 2 * m / (t + g)], axis=-1)


def resampled(stats: np.ndarray, resamples: int, seed: int) -> dict[str, np.ndarray]:
    """Micro and macro P, R, F of every resample, ``(resamples, 3)`` each."""
    n = len(stats)
    rng = np.random.Generator(np.random.PCG64(seed))
    counts = rng.multinomial(n, np.full(n, 1.0 / n), size=resamples).astype(np.float64)
    return {"micro": prf(counts @ stats), "macro": counts @ prf(stats) / n}


def intervals(draws: dict[str, np.ndarray]) -> dict[str, dict[str, tuple[float, float]]]:
    out = {}
    for avg, values in draws.items():
        lo, hi = np.percentile(values, [2.5, 97.5], axis=0)
        out[avg] = {k: (float(lo[c]), float(hi[c])) for c, k in enumerate("PRF")}
    return out


def assert_intervals(found: dict, expected: dict) -> None:
    for avg in ("micro", "macro"):
        for k in "PRF":
            assert tuple(found[avg][k]) == pytest.approx(expected[avg][k], abs=TOLERANCE), (avg, k)


def smatch():
    return parse_metrics("smatch")[0]


def test_the_pinned_numbers_are_the_documented_scheme():
    """The pins are what the scheme above gives (so a pin is never copied from the package)."""
    assert_intervals(intervals(resampled(SYSTEM_B, 1000, SEED)), PINNED_B)
    a, b = resampled(SYSTEM_A, 1000, SEED), resampled(SYSTEM_B, 1000, SEED)
    assert_intervals(intervals({avg: a[avg] - b[avg] for avg in a}), PINNED_A_MINUS_B)


def test_bootstrap_intervals_are_pinned_for_the_seed():
    ci = confidence_intervals(smatch(), SYSTEM_B, 1000, seed=SEED)
    assert (ci["method"], ci["resamples"], ci["seed"], ci["confidence"]) == ("percentile", 1000, SEED, 0.95)
    assert_intervals(ci, PINNED_B)


@pytest.mark.parametrize("seed", [0, 7, 2**40 + 3])
def test_bootstrap_follows_the_scheme_for_any_seed(seed):
    ci = confidence_intervals(smatch(), SYSTEM_B, 300, seed=seed)
    assert_intervals(ci, intervals(resampled(SYSTEM_B, 300, seed)))


def test_score_command_prints_the_pinned_intervals(capsys):
    code = main(["score", str(COMPARE / "sys_b.amr"), str(COMPARE / "gold.amr"), "--bootstrap", "--format", "json"])
    (report,) = json.loads(capsys.readouterr().out)["metrics"]
    assert code == 0
    assert report["micro"]["F"] == pytest.approx(2 * 91 / (99 + 109))  # Σ of SYSTEM_B: 91 matched, 99 test, 109 gold
    assert (report["bootstrap"]["seed"], report["bootstrap"]["resamples"]) == (SEED, 1000)
    assert_intervals(report["bootstrap"], PINNED_B)


def test_paired_bootstrap_is_pinned_for_the_seed():
    ci = difference_intervals(smatch(), SYSTEM_A, SYSTEM_B, 1000, seed=SEED)
    assert_intervals(ci, PINNED_A_MINUS_B)
    assert_intervals(difference_intervals(smatch(), SYSTEM_A, SYSTEM_B, 200, seed=3), intervals(
        {avg: resampled(SYSTEM_A, 200, 3)[avg] - resampled(SYSTEM_B, 200, 3)[avg] for avg in ("micro", "macro")}
    ))


def enumerated_p(a: np.ndarray, b: np.ndarray) -> dict[str, np.ndarray]:
    """Exact two-sided p-values by swapping every subset of pairs, one corpus at a time."""
    def corpus(stats):
        return {"micro": prf(stats.sum(axis=0)), "macro": prf(stats).mean(axis=0)}

    observed = {avg: np.abs(corpus(a)[avg] - corpus(b)[avg]) for avg in ("micro", "macro")}
    reached = {avg: np.zeros(3) for avg in observed}
    patterns = list(itertools.product([False, True], repeat=len(a)))
    for swap in patterns:
        s = np.array(swap)[:, None]
        x, y = corpus(np.where(s, b, a)), corpus(np.where(s, a, b))
        for avg in reached:
            reached[avg] += np.abs(x[avg] - y[avg]) >= observed[avg] - 1e-12
    return {avg: reached[avg] / len(patterns) for avg in reached}


def test_compare_command_prints_pinned_intervals_and_exact_p_values(capsys):
    files = [str(COMPARE / name) for name in ("sys_a.amr", "sys_b.amr", "gold.amr")]
    assert main(["compare", *files, "--format", "json"]) == 0
    comparison = json.loads(capsys.readouterr().out)["metrics"][0]["comparison"]
    found = {avg: {k: comparison[avg][k]["interval"] for k in "PRF"} for avg in ("micro", "macro")}
    assert_intervals(found, PINNED_A_MINUS_B)
    # 12 pairs: all 4096 swap patterns are enumerated (no seed involved). A is better than B on
    # every pair but c5 and c10 (identical): only "swap none" and "swap all" reach |A − B|, each
    # with either choice on c5 and c10: p = 2 * 4 / 4096. For macro P, B's P is 1 on 8 pairs, so
    # those 8 pairs swap freely: p = 2 * 2**8 / 4096.
    assert comparison["micro"]["F"]["p"] == 8 / 4096 == comparison["macro"]["F"]["p"] == comparison["micro"]["P"]["p"]
    assert comparison["macro"]["P"]["p"] == 2 * 2**8 / 4096
    expected = enumerated_p(SYSTEM_A, SYSTEM_B)
    for avg in ("micro", "macro"):
        assert [comparison[avg][k]["p"] for k in "PRF"] == pytest.approx(list(expected[avg]), abs=TOLERANCE)
    outcomes = comparison["pair_outcomes"]
    assert (outcomes["P"]["wins"], outcomes["P"]["ties"], outcomes["P"]["losses"]) == (4, 8, 0)  # c1, c3, c7, c12
    assert (outcomes["F"]["wins"], outcomes["F"]["ties"], outcomes["F"]["losses"]) == (10, 2, 0)
    assert (outcomes["F"]["a_split"], outcomes["F"]["b_split"]) == (11.0, 1.0)


def synthetic(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Two systems' Smatch counts on ``n`` pairs (no zero sizes), made by a fixed generator."""
    rng = np.random.default_rng(seed)
    gold = rng.integers(4, 25, n)
    a_test = gold + rng.integers(-2, 3, n)
    b_test = gold + rng.integers(-2, 3, n)
    a = np.stack([np.minimum(a_test, gold) - rng.integers(0, 3, n), a_test, gold], axis=1)
    b = np.stack([np.minimum(b_test, gold) - rng.integers(0, 4, n), b_test, gold], axis=1)
    return a.astype(np.float64), b.astype(np.float64)


def randomized_p(a: np.ndarray, b: np.ndarray, trials: int, seed: int) -> dict[str, np.ndarray]:
    """Approximate randomization from the scheme above."""
    rng = np.random.Generator(np.random.PCG64([seed, 1]))
    swap = (rng.random((trials, len(a))) < 0.5)[:, :, None]
    x, y = np.where(swap, b, a), np.where(swap, a, b)
    observed = {"micro": np.abs(prf(a.sum(0)) - prf(b.sum(0))), "macro": np.abs(prf(a).mean(0) - prf(b).mean(0))}
    diff = {"micro": prf(x.sum(axis=1)) - prf(y.sum(axis=1)), "macro": prf(x).mean(axis=1) - prf(y).mean(axis=1)}
    return {avg: ((np.abs(diff[avg]) >= observed[avg] - 1e-12).sum(axis=0) + 1) / (trials + 1) for avg in diff}


PINNED_P = {"micro": (0.1008991008991009, 0.33166833166833165, 0.0919080919080919), "macro": (0.24875124875124874, 0.5744255744255744, 0.3166833166833167)}
"""Approximate-randomization p-values (P, R, F) of ``synthetic(40, 3)``, 1000 trials, seed 12345."""


def test_approximate_randomization_is_pinned_for_the_seed():
    a, b = synthetic(40, 3)
    expected = randomized_p(a, b, 1000, SEED)
    for avg in ("micro", "macro"):
        assert tuple(expected[avg]) == pytest.approx(PINNED_P[avg], abs=TOLERANCE)
    result = permutation_test(smatch(), a, b, trials=1000, seed=SEED)
    assert (result["method"], result["trials"], result["seed"]) == ("approximate randomization", 1000, SEED)
    for avg in ("micro", "macro"):
        assert [result[avg][k] for k in "PRF"] == pytest.approx(PINNED_P[avg], abs=TOLERANCE)


@pytest.mark.parametrize("seed", [0, 99])
def test_approximate_randomization_follows_the_scheme_for_any_seed(seed):
    a, b = synthetic(30, 2)
    result = permutation_test(smatch(), a, b, trials=400, seed=seed)
    expected = randomized_p(a, b, 400, seed)
    for avg in ("micro", "macro"):
        assert [result[avg][k] for k in "PRF"] == pytest.approx(list(expected[avg]), abs=TOLERANCE)


def test_compare_bundles_the_pinned_numbers():
    result = compare(smatch(), SYSTEM_A, SYSTEM_B, resamples=1000, trials=10_000, seed=SEED)
    assert_intervals(result.intervals, PINNED_A_MINUS_B)
    assert result.diff["micro"]["F"] == pytest.approx(1 - 2 * 91 / (99 + 109))
    assert result.permutation["method"] == "exact permutation" and result.permutation["trials"] == 4096


def test_compare_passes_its_seed_to_both_procedures():
    a, b = synthetic(40, 3)
    result = compare(smatch(), a, b, resamples=100, trials=400, seed=99)
    expected = randomized_p(a, b, 400, 99)
    for avg in ("micro", "macro"):
        assert [result.permutation[avg][k] for k in "PRF"] == pytest.approx(list(expected[avg]), abs=TOLERANCE)
    draws = {avg: resampled(a, 100, 99)[avg] - resampled(b, 100, 99)[avg] for avg in ("micro", "macro")}
    assert_intervals(result.intervals, intervals(draws))
    assert result.pairs == 40
