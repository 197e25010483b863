"""``matrix --resume``: finished tiles are read back instead of computed, and only for the same run."""

from __future__ import annotations

import json

import numpy as np
from conftest import EXAMPLES

from amrmetrics.cli.main import main
from amrmetrics.engine.matrix import TILE
from amrmetrics.engine.tiles import TileStore, matrix_key
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

GOLD = EXAMPLES / "gold.amr"


def test_a_stored_tile_is_read_not_computed_and_the_folder_goes_when_done(tmp_path, capsys):
    graphs = read_graphs(GOLD)
    n = len(graphs)
    out = tmp_path / "m.npy"
    store = TileStore(f"{out}.tiles", matrix_key(parse_metrics("smatch")[0], graphs, TILE))
    store.put(slice(0, n), slice(0, n), np.full((n, n), 7.0))  # no score is 7: it can only come from the store
    assert main(["matrix", str(GOLD), "-m", "smatch", "-o", str(out), "--resume", "-f", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["resumed_tiles"] == 1
    assert (np.load(out) == 7.0).all()
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
