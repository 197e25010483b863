"""Fine-grained Smatch's corpus summary of hand-made per-pair statistics, computed by hand.

A pair's statistics are (matched, n_test, n_gold) for each of the nine aspects in report order
(Smatch, Unlabeled, No WSD, Concepts, Named Entities, Negation, Wikification, Reentrancies, SRL),
then the Smatch upper bound and the number of uncertified subgraph counts. An aspect applies to a
pair when either side has something of it.
"""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.metrics.fine import FineSmatch

PAIR_A = [
    (3, 4, 5),  # Smatch
    (4, 4, 5),  # Unlabeled
    (3, 4, 5),  # No WSD
    (2, 2, 3),  # Concepts
    (0, 0, 0),  # Named Entities: on neither side
    (0, 1, 0),  # Negation: on the test side only
    (0, 0, 1),  # Wikification: on the gold side only
    (1, 2, 2),  # Reentrancies
    (2, 3, 3),  # SRL
]
PAIR_B = [(5, 5, 5), (5, 5, 5), (5, 5, 5), (3, 3, 3), (1, 1, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0), (1, 1, 2)]


def row(counts: list[tuple[int, int, int]], upper: float, uncertified: int) -> list[float]:
    return [float(x) for c in counts for x in c] + [upper, float(uncertified)]


def test_pooled_counts_pairs_and_certification_by_hand() -> None:
    stats = np.array([row(PAIR_A, 4.0, 1), row(PAIR_B, 5.0, 2)])
    summary = FineSmatch().summary(stats)
    assert summary["aspects"] == {
        "Smatch": {"matched": 8.0, "n_test": 9.0, "n_gold": 10.0, "pairs": 2},
        "Unlabeled": {"matched": 9.0, "n_test": 9.0, "n_gold": 10.0, "pairs": 2},
        "No WSD": {"matched": 8.0, "n_test": 9.0, "n_gold": 10.0, "pairs": 2},
        "Concepts": {"matched": 5.0, "n_test": 5.0, "n_gold": 6.0, "pairs": 2},
        "Named Entities": {"matched": 1.0, "n_test": 1.0, "n_gold": 1.0, "pairs": 1},
        "Negation": {"matched": 0.0, "n_test": 1.0, "n_gold": 0.0, "pairs": 1},
        "Wikification": {"matched": 0.0, "n_test": 0.0, "n_gold": 1.0, "pairs": 1},
        "Reentrancies": {"matched": 1.0, "n_test": 2.0, "n_gold": 2.0, "pairs": 1},
        "SRL": {"matched": 3.0, "n_test": 4.0, "n_gold": 5.0, "pairs": 2},
    }
    assert set(summary) == {"aspects", "uncertified", "max_f_gain", "uncertified_subgraphs"}
    assert summary["uncertified"] == 1  # pair A: upper 4 > matched 3
    # pooled Smatch 8 of 9 / 10 with upper 4 + 5 = 9: F from 2*8/19 to 2*9/19
    assert summary["max_f_gain"] == pytest.approx(2 / 19, abs=1e-12)
    assert summary["uncertified_subgraphs"] == 3
    assert type(summary["uncertified_subgraphs"]) is int


def test_one_flat_row_is_one_pair() -> None:
    summary = FineSmatch().summary(row(PAIR_B, 5.0, 0))
    assert summary["aspects"]["SRL"] == {"matched": 1.0, "n_test": 1.0, "n_gold": 2.0, "pairs": 1}
    assert summary["aspects"]["Negation"]["pairs"] == 0
    assert (summary["uncertified"], summary["max_f_gain"], summary["uncertified_subgraphs"]) == (0, 0.0, 0)


def test_no_pairs() -> None:
    summary = FineSmatch().summary(np.zeros((0, 29)))
    assert summary["aspects"]["Smatch"] == {"matched": 0.0, "n_test": 0.0, "n_gold": 0.0, "pairs": 0}
    assert (summary["uncertified"], summary["max_f_gain"], summary["uncertified_subgraphs"]) == (0, 0.0, 0)


def test_pooled_counts_are_summed_in_float64() -> None:
    big = [(1e8, 1e8, 1e8)] + [(0, 0, 0)] * 8
    one = [(1, 1, 1)] + [(0, 0, 0)] * 8
    stats = np.array([row(big, 1e8, 0), row(one, 1.0, 0)], dtype=np.float32)  # float32 would lose the ones
    assert FineSmatch().summary(stats)["aspects"]["Smatch"] == {"matched": 1e8 + 1, "n_test": 1e8 + 1, "n_gold": 1e8 + 1, "pairs": 2}
