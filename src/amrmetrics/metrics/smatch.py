"""Smatch: the best one-to-one node alignment's triple overlap, solved exactly by default."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from amrmetrics.align import AlignmentProblem, build_problem
from amrmetrics.align.budget import Budget, units_of
from amrmetrics.align.native import align_natively, core_active, is_exact_solver, pair_natively, pair_texts_natively
from amrmetrics.align.solve import Alignment, SolverName, make_solver, solve
from amrmetrics.defaults import DEFAULT_SEED
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import MatchMetric, PairResult, pair_result, prf
from amrmetrics.metrics.doc_start import sentence_start
from amrmetrics.standardize import Preset, PresetName, get_preset


@dataclass(frozen=True)
class AlignedMatch(MatchMetric):
    """Shared machinery of the Smatch family: a preset, a solver, and certified bounds.

    Statistics: ``matched`` (value of the best alignment found), ``n_test``, ``n_gold``, and
    ``upper`` (a proven upper bound on the match; equal to ``matched`` when certified optimal).
    """

    std: PresetName = "smatch"
    solver: SolverName = "exact"
    timeout: float | None = None
    restarts: int = 4
    seed: int = DEFAULT_SEED

    stat_names: ClassVar[tuple[str, ...]] = ("matched", "n_test", "n_gold", "upper")
    process_local: ClassVar[frozenset[str]] = frozenset({"solver"})

    def __post_init__(self) -> None:
        get_preset(self.std)
        if self.timeout is not None and self.timeout <= 0:
            raise ValueError("timeout must be positive")
        if self.restarts < 0:
            raise ValueError("restarts must be >= 0")

    @property
    def notes(self) -> tuple[str, ...]:  # type: ignore[override]
        """Warnings that must travel with every report of this configuration."""
        out = []
        if self.preset.unsafe:
            out.append(f"preset {self.std} is UNSAFE (duplicate triples can inflate scores); use it only to reproduce old numbers")
        if self.solver == "hillclimb":
            out.append("hill-climbing is not exact (it can miss the optimum); use it only to reproduce legacy numbers")
        return tuple(out)

    @property
    def preset(self) -> Preset:
        """The standardization preset named by ``std``."""
        return get_preset(self.std)

    def prepare(self, graph: Graph) -> Graph:
        return self.preset(graph)

    def prepare_key(self) -> tuple[str, str]:
        return ("preset", self.std)

    def _solver(self) -> Any:
        """The solver, created once per process and metric (it keeps no result between pairs)."""
        return self.cached("solver", lambda: make_solver(self.solver, timeout=self.timeout, restarts=self.restarts, seed=self.seed))

    def problem(self, test: Graph, gold: Graph, budget: Budget | None = None) -> AlignmentProblem:
        """The alignment problem of a prepared pair, its building paid from ``budget`` (graded metrics override this)."""
        return build_problem(test, gold, duplicates=self.preset.duplicates, budget=budget)

    def budget(self) -> Budget:
        """A new work budget for one pair: ``timeout`` for the ``exact`` solver (its clock starting
        now), unlimited otherwise. Every solve of the pair spends from it."""
        return Budget.of(self.timeout if self.solver == "exact" else None)

    def align(self, test: Graph, gold: Graph, budget: Budget | None = None) -> Alignment:
        """The best alignment of a prepared pair, with its certificate (two documents start from
        their alignment within sentences, see :mod:`amrmetrics.metrics.doc_start`), within
        ``budget`` (a new one of :meth:`budget` when None). The compiled core does both steps where it
        can (it builds the Smatch problem and solves it exactly)."""
        if (budget is None or not budget.limited) and self._compiled():
            compiled = align_natively(test, gold, self.preset.duplicates)
            if compiled is not None:
                return compiled
        budget = self.budget() if budget is None else budget
        problem, solver = self.problem(test, gold, budget), self._solver()
        start = sentence_start(problem, test, gold, solver, budget)
        return solve(problem, solver, start=start, budget=budget)

    def _compiled(self) -> bool:
        """True when the compiled core may align this metric's pairs: the registered exact solver (not one
        plugged in from Python) on the Smatch problem (not a graded or restricted one), without a
        ``timeout`` (a work budget counts the Python path's steps: a pair under one is solved there, so
        its numbers are the same with and without the core)."""
        return (
            self.solver == "exact"
            and self.timeout is None
            and type(self).problem is AlignedMatch.problem
            and is_exact_solver(self._solver())
        )

    def text_scorer(self) -> Callable[[str, str], PairResult | None] | None:
        """The compiled core's fused path (read, standardize, align in one call) where :meth:`pair` would
        use the core (never under a ``timeout``, another solver or a graded problem) on what this class's
        own :meth:`prepare` and :meth:`pair` make (a subclass that changes either keeps the layered path)."""
        cls = type(self)
        own = all(getattr(cls, name) is getattr(AlignedMatch, name) for name in ("prepare", "pair", "align"))
        if not (own and core_active() and self._compiled()):
            return None
        steps, duplicates = self.preset.steps, self.preset.duplicates

        def scored(test: str, gold: str) -> PairResult | None:
            return _compiled_result(pair_texts_natively(test, gold, steps, duplicates))

        return scored

    def pair(self, test: Graph, gold: Graph) -> PairResult:
        if self._compiled():
            compiled = _compiled_result(pair_natively(test, gold, self.preset.duplicates))
            if compiled is not None:
                return compiled
        alignment = self.align(test, gold)
        gold_vars = gold.variables
        mapping = [
            [t, gold_vars[j]] for t, j in zip(test.variables, alignment.mapping) if j >= 0
        ]
        details = {
            "lower": alignment.value,
            "upper": alignment.upper,
            "status": alignment.status,
            "solver_seconds": alignment.seconds,
            "alignment": mapping,
        }
        return PairResult((alignment.value, float(len(test)), float(len(gold)), alignment.upper), details)

    def summary(self, stats: np.ndarray) -> dict[str, Any]:
        """How many pairs are not certified optimal, and how much the micro F could still rise."""
        stats = np.asarray(stats, dtype=np.float64)
        if not len(stats):
            return {"uncertified": 0, "max_f_gain": 0.0}
        gap = stats[:, 3] - stats[:, 0]
        pooled = stats.sum(axis=0)
        f_now = float(prf(pooled[0], pooled[1], pooled[2])["F"])
        f_best = float(prf(min(pooled[3], pooled[1], pooled[2]), pooled[1], pooled[2])["F"])
        return {"uncertified": int((gap > 1e-9).sum()), "max_f_gain": max(0.0, f_best - f_now)}

    def signature_items(self) -> list[tuple[str, str]]:
        items = [("std", self.std), ("solver", self.solver)]
        if self.solver == "hillclimb":
            items += [("restarts", str(self.restarts)), ("seed", str(self.seed))]
        if self.timeout is not None:
            items.append(("timeout", f"{self.timeout:g}"))
            if self.solver == "exact":  # what the timeout buys, so a recalibration changes the signature
                items.append(("budget", f"{units_of(self.timeout) / 1e6:g}M"))
        items.append(("dedup", "yes" if self.preset.deduplicates else f"no({self.preset.duplicates})"))
        return items


def _compiled_result(found: tuple[tuple[float, float, float, float], dict[str, Any]] | None) -> PairResult | None:
    """A pair's result from the compiled core's answer, its statistics and the details :meth:`AlignedMatch.pair`
    writes (None stays None)."""
    return None if found is None else pair_result(found[0], found[1])


@dataclass(frozen=True)
class Smatch(AlignedMatch):
    """Smatch (Cai & Knight 2013) with a certified-optimal alignment.

    Parameters: ``std`` (standardization preset), ``solver`` (``exact`` certifies every pair;
    ``hillclimb`` reproduces smatch 1.0.4's search for legacy numbers and is named in the
    signature), ``timeout`` (seconds per pair for ``exact``), ``restarts`` and ``seed``
    (``hillclimb`` only).
    """

    name: ClassVar[str] = "smatch"
