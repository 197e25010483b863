"""bounds._sum_of_group_max: the sorted (sparse) path on a hand-made example, and the cell count
at which it takes over from the dense table (``_DENSE_CELLS``, patched small here).

ENTRIES, as (owner, key, value) with 4 owners and 2 keys (8 cells), given out of order:
owner 0 has key 0 once (2.0) and key 1 twice (0.5, 1.5), owner 1 key 1 twice (0.25, 0.75),
owner 2 key 0 once (3.0), owner 3 nothing. Sums of the per-key maxima:
owner 0: 2.0 + 1.5 = 3.5; owner 1: 0.75; owner 2: 3.0; owner 3: 0.
"""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.align import bounds

ENTRIES = [(1, 1, 0.25), (0, 1, 0.5), (2, 0, 3.0), (0, 0, 2.0), (1, 1, 0.75), (0, 1, 1.5)]
EXPECTED = [3.5, 0.75, 3.0, 0.0]
N_KEYS, SIZE = 2, 4


def group_max() -> list[float]:
    owner, key, value = (np.array(column) for column in zip(*ENTRIES))
    return bounds._sum_of_group_max(owner, key, value, N_KEYS, SIZE).tolist()


class SortCounter:
    """Stands in for ``numpy`` inside ``bounds``, counting ``argsort`` calls (the sorted path)."""

    def __init__(self) -> None:
        self.sorts = 0

    def argsort(self, *args, **kwargs):
        self.sorts += 1
        return np.argsort(*args, **kwargs)

    def __getattr__(self, name: str):
        return getattr(np, name)


@pytest.mark.parametrize("cells", [0, 7], ids=["no-dense-table", "one-cell-short"])
def test_the_sorted_path_sums_the_largest_value_under_each_key(monkeypatch: pytest.MonkeyPatch, cells: int) -> None:
    """Below 8 cells the sorted path runs (one sort), with the same sums as by hand."""
    counter = SortCounter()
    monkeypatch.setattr(bounds, "np", counter)
    monkeypatch.setattr(bounds, "_DENSE_CELLS", cells)
    assert group_max() == EXPECTED
    assert counter.sorts == 1


def test_the_dense_table_serves_up_to_and_including_its_cell_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """At exactly 8 cells (4 owners x 2 keys) the dense table is used: no sort, the same sums."""
    counter = SortCounter()
    monkeypatch.setattr(bounds, "np", counter)
    monkeypatch.setattr(bounds, "_DENSE_CELLS", SIZE * N_KEYS)
    assert group_max() == EXPECTED
    assert counter.sorts == 0
