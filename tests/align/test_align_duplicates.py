"""SPECS §3: duplicate edges inflate classic Smatch (k x l counting) but not the safe preset."""

from __future__ import annotations

import pytest

from amrmetrics.align import ExactSolver, build_problem
from amrmetrics.read import decode
from amrmetrics.standardize import get_preset

TEST = "(w / want-01 :ARG0 (b / boy) :ARG1 (b2 / believe-01 :ARG0 (g / girl) :ARG1 b))"


def _gold(copies: int) -> str:
    return "(w / want-01 :ARG0 (d / duck)" + " :ARG0 d" * (copies - 1) + ")"


def _f(preset_name: str, copies: int) -> float:
    preset = get_preset(preset_name)
    test, gold = preset(decode(TEST)), preset(decode(_gold(copies)))
    result = ExactSolver().solve(build_problem(test, gold, duplicates=preset.duplicates))
    assert result.status == "optimal"
    p, r = result.value / len(test), result.value / len(gold)
    return 2 * p * r / (p + r)


@pytest.mark.parametrize(("copies", "classic"), [(1, 0.4615), (3, 0.6667), (13, 1.2)])
def test_duplicate_edge_hack(copies: int, classic: float) -> None:
    assert _f("smatch-classic", copies) == pytest.approx(classic, abs=1e-4)
    assert _f("smatch", copies) == pytest.approx(0.4615, abs=1e-4)
