"""HighsEngine keeps the model it loaded: integer() on the formulation relax() just solved branches
from it without passing the model to HiGHS again; another formulation object is passed anew."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.budget import Budget
from amrmetrics.align.engines import HighsEngine
from amrmetrics.align.formulation import formulate
from amrmetrics.align.indexed import index_problem

NO_LINKS = np.zeros((0, 4), dtype=np.int64)


class CountingHighs:
    """A HiGHS object that records the column count of every model passed to it and leaves the rest to
    the real one (a wrapper: some highspy builds make the object's own attributes read-only)."""

    def __init__(self, highs: object, passed: list[int]) -> None:
        self._real, self._passed = highs, passed

    def passModel(self, *args):
        self._passed.append(args[0])
        return self._real.passModel(*args)

    def __getattr__(self, name: str):
        return getattr(self._real, name)


def counting_engine() -> tuple[HighsEngine, list[int]]:
    """A HighsEngine whose HiGHS object records the column count of every model passed to it."""
    engine = HighsEngine()
    passed: list[int] = []
    engine._highs = CountingHighs(engine._highs, passed)
    return engine, passed


def test_integer_reuses_the_model_relax_loaded() -> None:
    """2 x 2 unary [[1, 2], [3, 1]], no links (4 columns): the LP and the MILP both give 5 (the
    off-diagonal pairs); the model is passed once. A new formulation object, even an equal one,
    is passed again."""
    problem = AlignmentProblem(np.array([[1.0, 2.0], [3.0, 1.0]]), NO_LINKS, np.zeros(0))
    f = formulate(index_problem(problem))
    engine, passed = counting_engine()
    assert engine.relax(f, Budget()).bound == pytest.approx(5.0, abs=1e-9)
    mip = engine.integer(f, np.zeros(f.n_cols), Budget())
    assert mip.z.tolist() == [0.0, 1.0, 1.0, 0.0] and mip.bound == pytest.approx(5.0, abs=1e-9)
    assert passed == [4]
    again = formulate(index_problem(problem))
    assert engine.integer(again, np.zeros(again.n_cols), Budget()).bound == pytest.approx(5.0, abs=1e-9)
    assert passed == [4, 4]
