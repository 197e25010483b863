"""Laws of the meta statistics, checked on random inputs with hypothesis."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from amrmetrics.meta.parse_quality import acceptance_delta, metric_preference, pairwise_accuracy
from amrmetrics.meta.ranks import tie_groups, weighted_average_ranks, weighted_median

scores = st.lists(st.integers(0, 6).map(lambda k: k / 6), min_size=1, max_size=25)


@settings(max_examples=60, deadline=None)
@given(scores, st.data())
def test_weighted_ranks_and_median_equal_the_expanded_sample(values, data):
    x = np.array(values)
    counts = np.array(data.draw(st.lists(st.integers(0, 3), min_size=len(x), max_size=len(x))), dtype=float)
    if counts.sum() == 0:
        assert math.isnan(weighted_median(x, counts)[0])
        return
    idx = np.repeat(np.arange(len(x)), counts.astype(int))
    ranks = weighted_average_ranks(tie_groups(x), counts)[0]
    assert np.allclose(ranks[idx], stats.rankdata(x[idx]))
    assert weighted_median(x, counts)[0] == np.median(x[idx])


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_swapping_the_candidates_mirrors_every_statistic(data):
    n = data.draw(st.integers(1, 20))
    a = np.array(data.draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))) / 4
    b = np.array(data.draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))) / 4
    pref = np.array(data.draw(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=n, max_size=n)))
    acc_a = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    acc_b = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    p, q = metric_preference(a, b), metric_preference(b, a)
    assert (p.wins_a, p.wins_b, p.ties, p.a) == (q.wins_b, q.wins_a, q.ties, q.b)
    assert p.a + p.b == n
    pa, swapped = pairwise_accuracy(a, b, pref), pairwise_accuracy(b, a, 1 - pref)
    assert pa.counted == swapped.counted
    assert pa.value == swapped.value or math.isnan(pa.value) and math.isnan(swapped.value)
    d1, d2 = acceptance_delta(a, b, acc_a, acc_b), acceptance_delta(b, a, acc_b, acc_a)
    assert d1.value == d2.value or math.isnan(d1.value) and math.isnan(d2.value)
    if not math.isnan(pa.value):
        assert 0.0 <= pa.value <= 1.0
    if not math.isnan(d1.value):
        assert abs(d1.value) <= 2 * n - 1
