"""The store of a resumable matrix's tiles, on its own: where it is made, its record on disk, which
folders and records it refuses (in its own words), which stored tiles it gives back, and removal
that survives a run killed between recording a tile and writing it."""

from __future__ import annotations

import hashlib
import io
import json

import numpy as np
import pytest

from amrmetrics.engine.tiles import STAMP, TOLERANCE, TileStore
from amrmetrics.errors import DataError, UsageError


def test_a_store_is_made_with_its_missing_folders_and_a_compact_record(tmp_path):
    folder = tmp_path / "a" / "b" / "tiles"
    TileStore(folder, "key-1")
    assert (folder / STAMP).read_bytes() == b'{"tool":"amrmetrics","kind":"matrix-tiles","key":"key-1","tiles":{}}'


def test_a_folder_it_did_not_make_and_the_tiles_of_another_run_are_refused_in_its_words(tmp_path):
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    with pytest.raises(UsageError) as err:
        TileStore(foreign, "k")
    assert str(err.value) == (
        f"{foreign} was not made by amrmetrics matrix --resume (no {STAMP} in it); move it away or choose another output file"
    )
    TileStore(tmp_path / "ours", "k")
    with pytest.raises(UsageError) as err:
        TileStore(tmp_path / "ours", "other")
    assert str(err.value) == (
        f"{tmp_path / 'ours'} holds the tiles of another run (other graphs, metric, options or version); remove it to start again"
    )


@pytest.mark.parametrize("tiles", [{"tile-0-1-0-1.npy": 1}, {"tile-0-1-0-1.npy": None}, []])
def test_a_record_whose_checksums_are_not_text_is_refused(tmp_path, tiles):
    TileStore(tmp_path / "t", "k")
    record = {"tool": "amrmetrics", "kind": "matrix-tiles", "key": "k", "tiles": tiles}
    (tmp_path / "t" / STAMP).write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(DataError) as err:
        TileStore(tmp_path / "t", "k")
    assert str(err.value) == (
        f"{tmp_path / 't' / STAMP}: not a record of tiles saved by amrmetrics matrix --resume; remove {tmp_path / 't'} to start again"
    )


def test_a_tile_away_from_the_corner_comes_back_as_stored(tmp_path):
    store = TileStore(tmp_path / "t", "k")
    block = np.array([[0.25, 0.5, 1.0], [0.0, np.nan, 0.75]])
    store.put(slice(3, 5), slice(4, 7), block)
    again = TileStore(tmp_path / "t", "k").get(slice(3, 5), slice(4, 7))
    assert again is not None and np.array_equal(again, block, equal_nan=True)
    assert TileStore(tmp_path / "t", "k").get(slice(5, 7), slice(4, 7)) is None  # never stored


def test_scores_within_the_tolerance_of_the_range_are_kept_and_beyond_it_refused(tmp_path):
    store = TileStore(tmp_path / "t", "k")
    edge = np.array([[0.0 - TOLERANCE, 1.0 + TOLERANCE]])
    store.put(slice(0, 1), slice(0, 2), edge)
    assert np.array_equal(store.get(slice(0, 1), slice(0, 2)), edge)
    for beyond in (0.0 - 3 * TOLERANCE, 1.0 + 3 * TOLERANCE):
        store.put(slice(0, 1), slice(0, 1), np.array([[beyond]]))
        with pytest.raises(DataError, match="a score outside"):
            store.get(slice(0, 1), slice(0, 1))


def test_a_stored_tile_is_never_unpickled(tmp_path):
    store = TileStore(tmp_path / "t", "k")
    buffer = io.BytesIO()
    np.save(buffer, np.array([[0.5]], dtype=object), allow_pickle=True)
    data = buffer.getvalue()
    name = "tile-0-1-0-1.npy"
    store.sums[name] = hashlib.sha256(data).hexdigest()
    store._record()
    (tmp_path / "t" / name).write_bytes(data)
    with pytest.raises(ValueError, match="allow_pickle"):
        store.get(slice(0, 1), slice(0, 1))


def test_removing_forgives_a_tile_recorded_but_never_written_and_a_second_removal(tmp_path):
    store = TileStore(tmp_path / "t", "k")
    store.put(slice(0, 1), slice(0, 1), np.array([[0.5]]))
    store.put(slice(0, 1), slice(1, 2), np.array([[0.5]]))
    (tmp_path / "t" / "tile-0-1-1-2.npy").unlink()  # a run killed after recording its checksum
    store.remove()
    assert not (tmp_path / "t").exists()
    store.remove()
    assert not (tmp_path / "t").exists()
