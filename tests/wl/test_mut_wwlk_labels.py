"""WWLK's label helpers by hand: the lookup form of a label, and draws that depend on the seed."""

from __future__ import annotations

import numpy as np

from amrmetrics.metrics.wwlk_labels import label_draws, lookup_form


def test_lookup_form_drops_quotes_apostrophes_senses_and_colons() -> None:
    assert lookup_form('"O\'Neil"') == "oneil"
    assert lookup_form(" Want-01 ") == "want"
    assert lookup_form("a:b") == "ab"


def test_draws_depend_on_the_label_and_the_seed() -> None:
    one = label_draws("dog", 1, 0.0, 1.0, (4,))
    assert np.array_equal(one, label_draws("dog", 1, 0.0, 1.0, (4,)))
    assert not np.array_equal(one, label_draws("dog", 2, 0.0, 1.0, (4,)))
    assert not np.array_equal(one, label_draws("cat", 1, 0.0, 1.0, (4,)))
    assert ((one >= 0.0) & (one < 1.0)).all()
