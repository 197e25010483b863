"""Permutation test: random swap masks stop after exactly ``trials`` rows, and a trial whose |A' - B'| equals
the observed difference counts as reaching it even where 1e-12 is below the resolution of the scores."""

from __future__ import annotations

import itertools

import numpy as np
from toy_metrics import ConceptJaccard

from amrmetrics.stats.significance import _swap_masks, permutation_test


def test_random_masks_come_in_chunks_that_add_up_to_the_trials():
    # 1,000,000 pairs make chunks of 2,000,000 // 1,000,000 = 2 rows: 5 trials are chunks of 2, 2 and 1 rows
    method, total, masks = _swap_masks(1_000_000, 5, 7)
    assert (method, total) == ("approximate randomization", 5)
    chunks = list(itertools.islice(masks, 6))
    assert [c.shape for c in chunks] == [(2, 1_000_000), (2, 1_000_000), (1, 1_000_000)]
    assert all(np.isin(c, (0.0, 1.0)).all() for c in chunks)


def test_one_chunk_when_the_trials_fit():
    method, total, masks = _swap_masks(20, 5, 0)  # 2**20 > 5 trials: random masks, one chunk of 5 rows
    assert (method, total) == ("approximate randomization", 5)
    assert [c.shape for c in itertools.islice(masks, 3)] == [(5, 20)]


def test_a_swap_equal_to_the_observed_difference_reaches_it_for_large_scores():
    # A similarity kernel that is not normalised: pair scores 2**20 and 2**18 for A, 0 and 0 for B.
    # Observed |A - B| = (2**20 + 2**18) / 2 = 655360 (micro = macro: every pair counts once).
    # The 4 assignments: none swapped 655360, both swapped -655360 (|.| equal to it), one swapped
    # |2**20 - 2**18| / 2 = 393216 (below it). Exact test: p = 2 / 4. All values are exact in float64.
    a = np.array([[2.0**20, 1.0], [2.0**18, 1.0]])
    b = np.array([[0.0, 1.0], [0.0, 1.0]])
    result = permutation_test(ConceptJaccard(), a, b)
    assert result["method"] == "exact permutation" and result["trials"] == 4
    assert result["micro"] == {"score": 0.5}
    assert result["macro"] == {"score": 0.5}
