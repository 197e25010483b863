"""A comment line with one ``::key value`` pair is split at the first whitespace of any kind."""

from __future__ import annotations

import pytest

from amrmetrics.read.scan import parse_metadata


@pytest.mark.parametrize("separator", [" ", "\t", "\x0c", "\x0b", "\u2003"])
def test_one_pair_per_line_splits_at_any_whitespace(separator):
    assert parse_metadata(f" ::id{separator}value  ") == {"id": "value"}
