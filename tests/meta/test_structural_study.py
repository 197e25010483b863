"""The structural-consistency study: Spearman with damage, its bootstrap over graphs, monotonicity, the command."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from amrmetrics.cli.main import main
from amrmetrics.meta.structural import damaged_pairs, monotonicity, run_structural, spearman_over_graphs
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read.decode import decode

CHAINS = [
    "(a / a1 :ARG0 (b / b1 :ARG1 (c / c1 :ARG2 (d / d1 :op1 (e / e1 :location (f / f1))))))",
    "(a / g1 :ARG0 (b / g2 :ARG1 (c / g3 :ARG2 (d / g4 :op1 (e / g5 :location (f / g6))))))",
    "(a / h1 :ARG0 (b / h2 :ARG1 (c / h3 :ARG2 (d / h4 :op1 (e / h5 :location (f / h6))))))",
]
LEVELS = [0.0, 0.2, 0.4, 0.6]


def test_spearman_with_ties_by_hand() -> None:
    scores = np.array([[1.0, 1.0, 0.5], [1.0, 0.8, 0.8]])
    damage = np.array([[0.0, 0.5, 1.0], [0.0, 0.5, 1.0]])
    # ranks of the scores: 5, 5, 1, 5, 2.5, 2.5; of the damage: 1.5, 3.5, 5.5 twice; r = -13 / sqrt(15 * 16)
    rho, interval = spearman_over_graphs(scores, damage, 0, 1, 0.95)
    assert rho == pytest.approx(-13 / np.sqrt(240), abs=1e-12)
    assert rho == pytest.approx(stats.spearmanr(scores.ravel(), damage.ravel())[0], abs=1e-12)
    assert interval is None


def test_a_resample_keeps_all_copies_of_a_graph() -> None:
    scores = np.array([[1.0, 0.6, 0.2], [1.0, 0.7, 0.3], [1.0, 0.9, 0.1]])
    damage = np.tile([0.0, 0.5, 1.0], (3, 1))
    rho, interval = spearman_over_graphs(scores, damage, 200, 3, 0.9)
    # every resample holds whole graphs, each falling at every step: the ranks only tie within a level
    expected = stats.spearmanr(scores.ravel(), damage.ravel())[0]
    assert rho == pytest.approx(expected, abs=1e-12)
    assert interval is not None and interval.low <= rho <= interval.high and interval.high < -0.8


def test_monotonicity_counts_rising_damage_only() -> None:
    scores = np.array([[1.0, 1.0, 0.5], [1.0, 0.9, 0.95]])
    assert monotonicity(scores, np.array([[0.0, 0.5, 1.0], [0.0, 0.5, 1.0]])) == (2, 4)
    assert monotonicity(scores, np.array([[0.0, 0.0, 1.0], [0.0, 0.5, 0.5]])) == (0, 2)
    assert monotonicity(np.array([[1.0, 1.0 - 1e-12]]), np.array([[0.0, 0.5]])) == (1, 1)


def test_rematch_on_chains_falls_by_the_motifs_it_loses() -> None:
    """A chain of 6 distinct concepts has 6 + 5 motifs; k rewirings swap k relation motifs: (11 - k) / (11 + k)."""
    graphs = [decode(text) for text in CHAINS]
    result = run_structural(graphs, parse_metrics("rematch,simple"), levels=LEVELS, seed=2, resamples=100)
    assert result.graphs == 3 and result.duplicates == 0 and result.without_relations == 0
    assert result.mean_damage == pytest.approx([0.0, 0.2, 0.4, 0.6])
    rematch, simple = result.metrics
    assert rematch.mean_scores == pytest.approx([(11 - k) / (11 + k) for k in range(4)], abs=1e-12)
    assert rematch.rho == pytest.approx(-1.0, abs=1e-12)
    assert (rematch.interval.low, rematch.interval.high) == pytest.approx((-1.0, -1.0), abs=1e-12)
    assert (rematch.violations, rematch.steps) == (0, 9)
    # SIMPLE compares label sets, which rewiring never changes: a constant score has no rank correlation
    assert simple.mean_scores == [1.0] * 4 and np.isnan(simple.rho) and (simple.violations, simple.steps) == (9, 9)


def test_repeated_graphs_are_scored_once_and_graphs_without_relations_are_left_out() -> None:
    graphs = [decode(CHAINS[0]), decode(CHAINS[0]), decode("(x / dog :polarity -)")]
    damaged = damaged_pairs(graphs, LEVELS, 1)
    assert (damaged.duplicates, damaged.without_relations, damaged.numbers) == (1, 1, [1])
    assert len(damaged.pairs) == len(LEVELS) and damaged.damage.shape == (1, len(LEVELS))


def test_structural_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "gold.amr"
    gold.write_text("\n\n".join(CHAINS) + "\n", encoding="utf-8")
    argv = ["meta", "structural", str(gold), "-m", "rematch", "--levels", "0,0.2,...,0.6", "--seed", "2", "--no-progress"]
    assert main(argv + ["--format", "json", "--resamples", "50"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["study"] == "structural" and out["graphs"] == 3 and out["levels"] == LEVELS
    row = out["metrics"][0]
    assert row["spearman"] == pytest.approx(-1.0) and row["monotonicity"] == {"violations": 0, "steps": 9}
    assert main(argv + ["--format", "markdown", "--resamples", "50"]) == 0
    text = capsys.readouterr().out
    assert r"| rematch | -100.00 | \[-100.00, -100.00] | 0/9 | 0.0 | 100.0 |" in text
    assert "signature: `rematch|classes:none|compat:no|motifs:set" in text
    pytest.importorskip("matplotlib")
    plot = tmp_path / "damage.png"
    assert main(argv + ["--resamples", "10", "--plot", str(plot)]) == 0
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
