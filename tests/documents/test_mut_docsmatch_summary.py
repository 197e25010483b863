"""Document Smatch's corpus summary of hand-made per-pair statistics, computed by hand.

A pair's statistics are (matched, n_test, n_gold) of the document (Smatch), then of the
coreference items (Coref), then the document's upper bound.
"""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.metrics.docsmatch import DocSmatch

STATS = [
    [3, 4, 5, 1, 2, 0, 4],  # coreference on the test side only; upper 4 > 3: not certified
    [6, 6, 7, 0, 0, 3, 6],  # coreference on the gold side only
    [2, 2, 2, 0, 0, 0, 2],  # no coreference
]


def test_pooled_counts_pairs_and_certification_by_hand() -> None:
    summary = DocSmatch().summary(np.array(STATS, dtype=float))
    assert summary["aspects"] == {
        "Smatch": {"matched": 11.0, "n_test": 12.0, "n_gold": 14.0, "pairs": 3},
        "Coref": {"matched": 1.0, "n_test": 2.0, "n_gold": 3.0, "pairs": 2},
    }
    assert set(summary) == {"aspects", "uncertified", "max_f_gain"}
    assert summary["uncertified"] == 1
    # pooled 11 of 12 / 14, upper 12: F from 22/26 to 24/26
    assert summary["max_f_gain"] == pytest.approx(2 / 26, abs=1e-12)


def test_one_flat_row_is_one_pair() -> None:
    summary = DocSmatch().summary([3, 4, 5, 1, 2, 0, 3])
    assert summary["aspects"]["Coref"] == {"matched": 1.0, "n_test": 2.0, "n_gold": 0.0, "pairs": 1}
    assert summary["aspects"]["Smatch"]["pairs"] == 1
    assert (summary["uncertified"], summary["max_f_gain"]) == (0, 0.0)


def test_scores_of_several_pairs_by_hand() -> None:
    scores = DocSmatch().scores(np.array(STATS, dtype=float))
    assert scores["Smatch.P"].tolist() == [3 / 4, 1.0, 1.0]
    assert scores["Smatch.R"].tolist() == [3 / 5, 6 / 7, 1.0]
    assert scores["Coref.P"][0] == 0.5 and scores["Coref.R"][0] == 0.0
    assert np.isnan(scores["Coref.F"][2])  # no coreference on either side: does not apply
    one = DocSmatch().scores(np.array(STATS[0], dtype=float))
    assert one["Smatch.F"] == pytest.approx(2 * 3 / (4 + 5))


def test_the_coreference_ceiling_earns_every_weight() -> None:
    from amrmetrics.align import AlignmentProblem
    from amrmetrics.metrics.docsmatch import _ceiling

    problem = AlignmentProblem(np.array([[1.0, 0.0], [2.0, 1.0]]), np.array([[0, 0, 1, 1]], dtype=np.int64), np.array([3.0]))
    assert _ceiling(problem) == 7.0


def test_a_single_coreference_item_on_one_side_makes_the_aspect_apply() -> None:
    summary = DocSmatch().summary(np.array([[1, 1, 1, 0, 1, 0, 1], [1, 1, 1, 0, 0, 1, 1], [1, 1, 1, 0, 0, 0, 1]], dtype=float))
    assert summary["aspects"]["Coref"] == {"matched": 0.0, "n_test": 1.0, "n_gold": 1.0, "pairs": 2}


def test_summary_sums_in_float64() -> None:
    stats = np.array([[1e8, 1e8, 1e8, 0, 0, 0, 1e8], [1, 1, 1, 0, 0, 0, 1]], dtype=np.float32)  # float32 loses the ones
    assert DocSmatch().summary(stats)["aspects"]["Smatch"] == {"matched": 1e8 + 1, "n_test": 1e8 + 1, "n_gold": 1e8 + 1, "pairs": 2}
