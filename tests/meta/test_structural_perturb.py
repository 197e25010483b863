"""Perturbation for the structural study: the level -> share rule, nesting, validity, connectedness, determinism."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graphs

from amrmetrics.cli.main import main
from amrmetrics.cli.perturb import parse_levels
from amrmetrics.graph import Graph
from amrmetrics.meta.perturb import components, perturb, rewire_count, to_penman
from amrmetrics.read import iter_entries
from amrmetrics.read.decode import decode
from amrmetrics.standardize import STEPS

LEVELS = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
CHAIN = "(a / a1 :ARG0 (b / b1 :ARG1 (c / c1 :ARG2 (d / d1 :op1 (e / e1 :mod (f / f1 :quant 3))))))"


def normal(graph: Graph) -> set[tuple[str, str, str]]:
    """Relations with inverted roles written the other way round (as penman may write them)."""
    return set(STEPS["deinvert"](graph).relations)


@pytest.mark.parametrize(
    ("level", "relations", "count"),
    [(0.0, 7, 0), (0.1, 7, 1), (0.25, 2, 1), (0.5, 3, 2), (0.5, 5, 3), (0.3, 5, 2), (1.0, 9, 9), (0.04, 10, 0)],
)
def test_a_level_rewires_the_rounded_share_of_relations(level: float, relations: int, count: int) -> None:
    assert rewire_count(level, relations) == count


def test_levels_outside_0_1_are_refused() -> None:
    with pytest.raises(ValueError, match="in \\[0, 1\\]"):
        rewire_count(1.5, 3)


def test_copies_of_a_chain_rewire_exactly_their_share_and_are_nested() -> None:
    graph = decode(CHAIN)
    copies = perturb(graph, LEVELS, seed=7, number=1)
    original = list(graph.relations)
    previous: set[int] = set()
    for copy in copies:
        assert copy.relations == 5 and copy.rewired == rewire_count(copy.level, 5)
        assert copy.damage == copy.rewired / 5
        moved = {k for k, (old, new) in enumerate(zip(original, copy.graph.relations)) if old != new}
        assert len(moved) == copy.rewired and previous <= moved
        for k in moved:  # one end kept, the other moved onto a pair of nodes the original did not link
            (s, r, t), (s2, r2, t2) = original[k], copy.graph.relations[k]
            assert r2 == r and (s2 == s) != (t2 == t)
            assert {s2, t2} not in [{a, b} for a, _, b in original]
        assert copy.graph.instances == graph.instances and copy.graph.attributes == graph.attributes
        assert components(graph.variables, copy.graph.relations) == 1
        previous = moved


def test_a_graph_too_small_to_rewire_keeps_its_edges() -> None:
    graph = decode("(a / dog :ARG0 (b / cat))")
    copies = perturb(graph, [0.0, 1.0], seed=1, number=1)
    assert [c.rewired for c in copies] == [0, 0] and copies[1].graph == graph


def test_the_copies_depend_only_on_the_seed_and_the_graph_number() -> None:
    graph = decode(CHAIN)
    assert perturb(graph, LEVELS, 3, 1) == perturb(graph, LEVELS, 3, 1)
    seeds = {perturb(graph, [0.6], seed, 1)[0].graph.relations for seed in range(20)}
    assert len(seeds) > 1


@settings(max_examples=60, deadline=None)
@given(graphs(duplicates=True), st.integers(0, 2**32 - 1))
def test_copies_are_valid_connected_penman(graph: Graph, seed: int) -> None:
    copies = perturb(graph, LEVELS, seed, 1)
    assert all(a.rewired <= b.rewired for a, b in zip(copies, copies[1:]))
    for copy in copies:
        assert copy.rewired == min(rewire_count(copy.level, copy.relations), copies[-1].rewired)
        assert components(copy.graph.variables, copy.graph.relations) == components(graph.variables, graph.relations)
        read = decode(to_penman(copy.graph))
        assert set(read.instances) == set(copy.graph.instances)
        assert set(read.attributes) == set(copy.graph.attributes)
        assert normal(read) == normal(copy.graph)


def test_parse_levels() -> None:
    assert parse_levels("0,0.1,...,1.0") == [round(0.1 * k, 10) for k in range(11)]
    assert parse_levels("0,0.25,...,1") == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert parse_levels("0, 0.5 ,1") == [0.0, 0.5, 1.0]
    for bad in ("0,2", "0.5,0.1", "0,0.1,...", "a", "0,0,1", "0.2,0.1,...,1"):
        with pytest.raises(ValueError, match="--levels"):
            parse_levels(bad)


def test_perturb_command_writes_a_file_per_level_and_the_damage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "gold.amr"
    gold.write_text(f"# ::id g1\n{CHAIN}\n\n(x / dog)\n", encoding="utf-8")
    out = tmp_path / "copies"
    assert main(["perturb", str(gold), "--levels", "0,0.4,...,0.8", "--seed", "5", "-o", str(out)]) == 0
    assert "2 graphs x 3 levels" in capsys.readouterr().out
    for level, rewired in (("0", 0), ("0.4", 2), ("0.8", 4)):
        entries = list(iter_entries(out / f"level-{level}.amr"))
        assert [e.id for e in entries] == ["g1", "2"]
        assert entries[0].graph.metadata["rewired"] == f"{rewired}/5" and entries[0].graph.metadata["level"] == level
        assert entries[1].graph.instances == (("x", "dog"),)
    with open(out / "damage.tsv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    assert [(r["graph"], r["level"], r["rewired"], float(r["damage"])) for r in rows] == [
        ("1", "0", "0", 0.0), ("1", "0.4", "2", 0.4), ("1", "0.8", "4", 0.8),
        ("2", "0", "0", 0.0), ("2", "0.4", "0", 0.0), ("2", "0.8", "0", 0.0),
    ]
