"""Parity with the exact optimum of smatch 1.0.4's own objective (golden/*/smatch-exact.tsv)."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest
from conftest import golden_rows, requires_shared, shared

from amrmetrics.align import ExactSolver, build_problem
from amrmetrics.graph import Graph
from amrmetrics.read import decode, read_graphs, split_blocks
from amrmetrics.standardize import get_preset

DATASETS = {
    "littleprince": ("data/littleprince-parses/candidates.amr", "data/littleprince-parses/references.amr"),
    "bamboo/sts/main": ("data/bamboo/sts/main/src.dev.amr", "data/bamboo/sts/main/tgt.dev.amr"),
}


@requires_shared
@pytest.mark.parametrize("dataset", sorted(DATASETS))
def test_classic_preset_reproduces_smatch_objective(dataset: str) -> None:
    test_file, gold_file = DATASETS[dataset]
    classic = get_preset("smatch-classic")
    tests = read_graphs(shared(test_file))
    golds = read_graphs(shared(gold_file))
    rows = golden_rows(shared("golden", dataset, "smatch-exact.tsv"))
    assert len(tests) == len(golds) == len(rows)
    solver = ExactSolver()
    wrong = []
    for index, (t, g, row) in enumerate(zip(tests, golds, rows)):
        result = solver.solve(build_problem(classic(t), classic(g), duplicates=classic.duplicates))
        assert result.status == "optimal", index
        if result.value != float(row["match_smatch_objective"]):
            wrong.append((index, result.value, row["match_smatch_objective"]))
    assert not wrong


def _graph_at(path: Path, index: int) -> Graph:
    """The graph at 0-based ``index`` of a file, decoding only that one."""
    with open(path, encoding="utf-8") as lines:
        block = next(islice(split_blocks(lines), index, None))
    return decode(block.text)


@requires_shared
def test_noisy_half_integral_lp_gives_a_one_to_one_optimum() -> None:
    """BAMBOO STS reify pair 987: its LP optimum has x = 0.5 +- noise in one row."""
    classic = get_preset("smatch-classic")
    test = _graph_at(shared("data/bamboo/sts/reify/src.dev.amr"), 987)
    gold = _graph_at(shared("data/bamboo/sts/reify/tgt.dev.amr"), 987)
    result = ExactSolver().solve(build_problem(classic(test), classic(gold), duplicates=classic.duplicates))
    mapped = [j for j in result.mapping if j >= 0]
    assert len(mapped) == len(set(mapped))
    assert result.status == "optimal" and result.value == 7.0


def _document(graphs: list[Graph]) -> Graph:
    """``(d / multi-sentence :snt1 G1 ...)`` with variables renamed apart."""
    instances, attributes, relations = [("d", "multi-sentence")], [], []
    for k, g in enumerate(graphs, 1):
        instances += [(f"s{k}.{v}", c) for v, c in g.instances]
        attributes += [(f"s{k}.{v}", r, c) for v, r, c in g.attributes]
        relations += [(f"s{k}.{s}", r, f"s{k}.{t}") for s, r, t in g.relations]
        relations.append(("d", f":snt{k}", f"s{k}.{g.root}"))
    return Graph(tuple(instances), tuple(attributes), tuple(relations), "d")


@requires_shared
def test_document_against_itself_is_certified_complete() -> None:
    """A 50-sentence document (about 430 nodes) against itself: every triple matches, certified."""
    preset = get_preset("smatch")
    graphs = read_graphs(shared("data/littleprince-parses/references.amr"))[:50]
    document = preset(_document(graphs))
    result = ExactSolver(timeout=60).solve(build_problem(document, document))
    assert result.status == "optimal"
    assert result.value == result.upper == len(document)
