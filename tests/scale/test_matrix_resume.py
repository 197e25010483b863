"""``matrix --resume``: finished tiles are read back instead of computed, and only for the same run."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from conftest import EXAMPLES

from amrmetrics.cli.main import main
from amrmetrics.engine.matrix import TILE, similarity_matrix
from amrmetrics.engine.tiles import TileStore, matrix_key
from amrmetrics.errors import DataError
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

GOLD = EXAMPLES / "gold.amr"


def test_a_stored_tile_is_read_not_computed_and_the_folder_goes_when_done(tmp_path, capsys):
    graphs = read_graphs(GOLD)
    n = len(graphs)
    out = tmp_path / "m.npy"
    store = TileStore(f"{out}.tiles", matrix_key(parse_metrics("smatch")[0], graphs, TILE))
    store.put(slice(0, n), slice(0, n), np.full((n, n), 0.25))  # computed, the diagonal would be 1: only the store has 0.25
    assert main(["matrix", str(GOLD), "-m", "smatch", "-o", str(out), "--resume", "-f", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["resumed_tiles"] == 1
    assert (np.load(out) == 0.25).all()
    assert not (tmp_path / "m.npy.tiles").exists()


def test_without_resume_nothing_is_kept_or_read(tmp_path, capsys):
    out = tmp_path / "m.npy"
    assert main(["matrix", str(GOLD), "-m", "smatch", "-o", str(out), "-f", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["resumed_tiles"] == 0
    assert np.allclose(np.diag(np.load(out)), 1.0) and not (tmp_path / "m.npy.tiles").exists()


def test_the_tiles_of_another_run_are_refused(tmp_path, capsys):
    graphs = read_graphs(GOLD)
    TileStore(tmp_path / "m.npy.tiles", matrix_key(parse_metrics("smatch")[0], graphs[:-1], TILE))
    assert main(["matrix", str(GOLD), "-m", "smatch", "-o", str(tmp_path / "m.npy"), "--resume"]) == 2
    assert "holds the tiles of another run" in capsys.readouterr().err


def test_the_key_changes_with_graphs_metric_and_tiling():
    graphs = read_graphs(GOLD)
    smatch, sembleu = parse_metrics("smatch,sembleu")
    key = matrix_key(smatch, graphs, TILE)
    assert key == matrix_key(parse_metrics("smatch")[0], read_graphs(GOLD), TILE)
    others = [matrix_key(sembleu, graphs, TILE), matrix_key(smatch, graphs[::-1], TILE), matrix_key(smatch, graphs, 8)]
    assert all(other != key for other in others)


def _run(tmp_path, *extra):
    return main(["matrix", str(GOLD), "-m", "sembleu", "-o", str(tmp_path / "m.npy"), "--resume", "--no-progress", *extra])


def test_a_folder_this_program_did_not_make_is_neither_used_nor_removed(tmp_path, capsys):
    folder = tmp_path / "m.npy.tiles"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    assert _run(tmp_path) == 2
    err = capsys.readouterr().err
    assert f"{folder} was not made by amrmetrics matrix --resume" in err
    assert [p.name for p in folder.iterdir()] == ["notes.txt"] and not (tmp_path / "m.npy").exists()


def test_a_record_that_is_not_ours_is_a_data_error_naming_the_file(tmp_path, capsys):
    folder = tmp_path / "m.npy.tiles"
    folder.mkdir()
    for text in ("[]", "{not json", '{"key": "x", "tiles": {}}', '{"tool": "amrmetrics", "kind": "matrix-tiles", "key": 1, "tiles": {}}'):
        (folder / "run.json").write_text(text, encoding="utf-8")
        assert _run(tmp_path) == 1, text
        err = capsys.readouterr().err
        assert err.startswith(f"amrmetrics: error: {folder / 'run.json'}: not a record of ") and "Traceback" not in err, err
        assert (folder / "run.json").read_text(encoding="utf-8") == text


def _saved_run(tmp_path) -> tuple[TileStore, Path]:
    """A store of the sembleu matrix of the examples holding its one (correct) tile."""
    graphs = read_graphs(GOLD)
    metric = parse_metrics("sembleu")[0]
    store = TileStore(tmp_path / "m.npy.tiles", matrix_key(metric, graphs, TILE))
    whole = slice(0, len(graphs))
    store.put(whole, whole, similarity_matrix(metric, graphs))
    return store, tmp_path / "m.npy.tiles" / f"tile-0-{len(graphs)}-0-{len(graphs)}.npy"


def test_a_tile_that_is_not_the_one_saved_is_refused(tmp_path, capsys):
    store, tile = _saved_run(tmp_path)
    forged = np.load(tile)
    forged[0, 1] = 0.5 if forged[0, 1] != 0.5 else 0.25  # a score in range, but not the one computed
    np.save(tile, forged)
    assert _run(tmp_path) == 1
    assert f"{tile}: not the tile this run saved" in capsys.readouterr().err
    assert not (tmp_path / "m.npy").exists() and tile.exists()


def test_a_tile_with_a_score_out_of_range_is_refused_even_with_its_checksum(tmp_path, capsys):
    store, tile = _saved_run(tmp_path)
    n = len(read_graphs(GOLD))
    store.put(slice(0, n), slice(0, n), np.full((n, n), 7.0))  # the checksum is right: only the range can tell
    assert _run(tmp_path) == 1
    err = capsys.readouterr().err
    assert f"{tile}: not a tile of this matrix" in err and "a score outside [0, 1]" in err
    assert not (tmp_path / "m.npy").exists()


def test_removing_the_store_keeps_files_it_did_not_write(tmp_path, capsys):
    store, tile = _saved_run(tmp_path)
    mine = store.folder / "notes.txt"
    mine.write_text("mine\n", encoding="utf-8")
    assert _run(tmp_path) == 0
    assert [p.name for p in store.folder.iterdir()] == ["notes.txt"]
    expected = similarity_matrix(parse_metrics("sembleu")[0], read_graphs(GOLD))
    assert np.array_equal(np.load(tmp_path / "m.npy"), expected)


def test_a_tile_is_recorded_before_it_is_written(tmp_path):
    store, tile = _saved_run(tmp_path)
    record = json.loads((store.folder / "run.json").read_text(encoding="utf-8"))
    assert record["tool"] == "amrmetrics" and record["kind"] == "matrix-tiles"
    assert record["tiles"] == {tile.name: hashlib.sha256(tile.read_bytes()).hexdigest()}


def test_the_range_is_the_metric_s(tmp_path):
    wwlk = parse_metrics("wwlk")[0]
    assert wwlk.score_range == (-1.0, 1.0) and parse_metrics("sembleu")[0].score_range == (0.0, 1.0)
    for bounds, accepted in (((-1.0, 1.0), True), ((0.0, 1.0), False)):
        folder = tmp_path / f"tiles{bounds[0]}"
        TileStore(folder, "k", bounds).put(slice(0, 2), slice(0, 2), np.full((2, 2), -0.5))
        store = TileStore(folder, "k", bounds)
        if accepted:
            assert (store.get(slice(0, 2), slice(0, 2)) == -0.5).all()
        else:
            with pytest.raises(DataError, match="outside"):
                store.get(slice(0, 2), slice(0, 2))
