"""Percentile intervals by hand: bounds, the undefined draws counted, the closed-interval test, the JSON form."""

from __future__ import annotations

import math

import numpy as np
import pytest

from amrmetrics.stats.interval import Interval, interval_bounds, percentile_interval, tail_percentile


def test_the_central_half_of_one_to_five_is_two_to_four_with_undefined_draws_counted():
    # finite draws 1..5; the 25th and 75th percentiles (linear interpolation) are 2 and 4
    draws = np.array([np.nan, 1.0, 2.0, np.inf, 3.0, 4.0, 5.0])
    assert percentile_interval(draws, 0.5) == Interval(2.0, 4.0, 0.5, 2)


def test_a_ninety_percent_interval_interpolates():
    # 0..10: the 5th percentile is 0.5 and the 95th 9.5
    assert percentile_interval(np.arange(11.0), 0.9) == Interval(0.5, 9.5, 0.9, 0)


def test_no_finite_draw_gives_no_interval_and_nan_bounds():
    assert percentile_interval(np.array([np.nan, np.nan]), 0.95) is None
    low, high = interval_bounds(np.array([np.nan]), 0.95)
    assert math.isnan(low) and math.isnan(high)
    assert interval_bounds(np.array([3.0, 1.0, 2.0]), 0.0) == (2.0, 2.0)  # 0 % central: the median


@pytest.mark.parametrize(("confidence", "tail"), [(0.9, 5.0), (0.95, 2.5), (0.99, 0.5), (1.0, 0.0), (0.9999999999996, 0.0)])
def test_tail_percentiles_are_rounded_to_ten_decimals(confidence, tail):
    # 100 * (1 - 0.9999999999996) / 2 = 2e-11: 0 at ten decimals (not at eleven)
    assert tail_percentile(confidence) == tail


@pytest.mark.parametrize(("value", "outside"), [(0.1, True), (0.2, False), (0.35, False), (0.5, False), (0.6, True)])
def test_excludes_is_outside_the_closed_interval(value, outside):
    assert Interval(0.2, 0.5, 0.95).excludes(value) is outside


def test_the_json_form_names_every_field():
    assert Interval(0.25, 0.75, 0.9, 3).as_dict() == {"low": 0.25, "high": 0.75, "confidence": 0.9, "undefined_resamples": 3}
    assert Interval(0.25, 0.75, 0.9).undefined == 0
