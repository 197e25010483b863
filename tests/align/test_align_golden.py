"""Parity with the exact optimum of smatch 1.0.4's own objective (golden/*/smatch-exact.tsv)."""

from __future__ import annotations

import pytest
from conftest import golden_rows, requires_shared, shared

from amrmetrics.align import ExactSolver, build_problem
from amrmetrics.read import read_graphs
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


@requires_shared
def test_noisy_half_integral_lp_gives_a_one_to_one_optimum() -> None:
    """BAMBOO STS reify pair 987: its LP optimum has x = 0.5 +- noise in one row."""
    classic = get_preset("smatch-classic")
    test = read_graphs(shared("data/bamboo/sts/reify/src.dev.amr"))[987]
    gold = read_graphs(shared("data/bamboo/sts/reify/tgt.dev.amr"))[987]
    result = ExactSolver().solve(build_problem(classic(test), classic(gold), duplicates=classic.duplicates))
    mapped = [j for j in result.mapping if j >= 0]
    assert len(mapped) == len(set(mapped))
    assert result.status == "optimal" and result.value == 7.0
