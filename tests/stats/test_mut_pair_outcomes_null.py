"""pair_outcomes reads missing scores (None, as JSON null gives them) as NaN: they count as undefined."""

from __future__ import annotations

from amrmetrics.stats.significance import pair_outcomes


def test_a_missing_score_of_a_counts_as_undefined():
    # pair 1: 0.5 vs 0.25 is a win; pair 2: A has no score; pair 3: 0.25 vs 0.75 is a loss
    outcomes = pair_outcomes([0.5, None, 0.25], [0.25, 0.5, 0.75])
    assert (outcomes.wins, outcomes.ties, outcomes.losses, outcomes.undefined) == (1, 0, 1, 1)


def test_a_missing_score_of_b_counts_as_undefined():
    # pair 1: B has no score; pair 2: 0.5 vs 0.5 is a tie
    outcomes = pair_outcomes([0.75, 0.5], [None, 0.5])
    assert (outcomes.wins, outcomes.ties, outcomes.losses, outcomes.undefined) == (0, 1, 0, 1)
