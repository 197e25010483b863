"""Where an exact Smatch pair's time goes in a warm ``Scorer`` batch, beside the 10x budget of issue 19.

The STS dev pairs of BAMBOO are scored as in ``scorer_bench.py`` (PENMAN strings in, one core,
after warm-up, memos emptied and a full collection before each round); each stage below is timed
by wrapping the function that does it with a ``perf_counter`` clock, so the stage times are wall
times of one round and the wrappers add about 0.3 us a call (a few us a pair in all). The median
round (by total time) of ``--repeats`` is printed. Stages:

* reading: the fast PENMAN reader (``read.decode._fast_parse``), both graphs;
* standardizing: the ``smatch`` preset, both graphs;
* building the problem: candidates and links from the triples (``align.problem.build_problem``);
* indexing: the list form of a small problem (``align.small.index_small``);
* cheap steps: potentials, greedy start, climb and elimination (``align.exact._cheap_small``);
* LP steps: what elimination could not settle (``ExactSolver._finish``), of which HiGHS's own calls;
* the rest: the engine, the metric's result objects and the corpus report.

With ``--reference-python`` (an interpreter that has smatch 1.0.4) it also measures smatch 1.0.4's
in-process rate and prints the per-pair time that ten times that rate allows.

    python bench/smatch_stages.py [--shared ../shared] [--reference-python PY] [--repeats 5]
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

from scorer_bench import pin_to_one_cpu, reference_rate, sts_dev

import amrmetrics
from amrmetrics.align import engines, exact
from amrmetrics.metrics import smatch as smatch_module
from amrmetrics.read.recent import forget_recent
from amrmetrics.standardize.presets import Preset

ROOT = Path(__file__).resolve().parents[1]
DECODE = importlib.import_module("amrmetrics.read.decode")
"""The reader's module (``amrmetrics.read.decode`` as an attribute is the function of that name)."""
SPENT: dict[str, float] = {}
"""Seconds per stage in the current round."""


def clocked(stage: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function``, adding its wall time to ``SPENT[stage]``."""

    @wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            SPENT[stage] = SPENT.get(stage, 0.0) + time.perf_counter() - start

    return timed


def wrap(owner: Any, name: str, stage: str) -> None:
    """Replace ``owner.name`` by its clocked self (fails loudly if the code moved)."""
    setattr(owner, name, clocked(stage, getattr(owner, name)))


STAGES = (
    (DECODE, "_fast_parse", "reading"),
    (Preset, "__call__", "standardizing"),
    (smatch_module, "build_problem", "building the problem"),
    (exact, "index_small", "indexing"),
    (exact, "_cheap_small", "cheap steps"),
    (exact.ExactSolver, "_finish", "LP steps"),
    (engines.HighsEngine, "_solve_node", "of which HiGHS"),
)
NESTED = {"of which HiGHS"}
"""Stages inside another stage (not subtracted again for "the rest")."""


def one_round(scorer: amrmetrics.Scorer, tests: list[str], golds: list[str]) -> tuple[float, dict[str, float]]:
    """Total wall time of one cold batch and the time of each stage in it."""
    forget_recent()
    gc.collect()
    SPENT.clear()
    start = time.perf_counter()
    scorer.pairs(tests, golds)
    return time.perf_counter() - start, dict(SPENT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--reference-python", default=None, help="interpreter that has smatch 1.0.4")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    _, tests, golds = sts_dev(args.shared)
    n = len(tests)
    cpu = pin_to_one_cpu()
    scorer = amrmetrics.Scorer("smatch")
    scorer.pairs(tests[:200], golds[:200])  # warm-up, before the clocks go in
    for owner, name, stage in STAGES:
        wrap(owner, name, stage)
    rounds = sorted((one_round(scorer, tests, golds) for _ in range(args.repeats)), key=lambda r: r[0])
    total, spent = rounds[len(rounds) // 2]

    print(f"# Exact Smatch, where a pair's time goes: {n} STS dev pairs, one core (CPU {cpu}), median of {args.repeats} rounds")
    print()
    print("| stage | us a pair | share |")
    print("|---|---:|---:|")
    for _, _, stage in STAGES:
        label = f"  {stage}" if stage in NESTED else stage
        print(f"| {label} | {spent.get(stage, 0.0) / n * 1e6:.1f} | {spent.get(stage, 0.0) / total:.0%} |")
    rest = total - sum(t for stage, t in spent.items() if stage not in NESTED)
    print(f"| the rest | {rest / n * 1e6:.1f} | {rest / total:.0%} |")
    print(f"| **total** | **{total / n * 1e6:.1f}** ({n / total:,.0f} pairs/s) | 100% |")
    before = sum(spent.get(stage, 0.0) for stage in ("reading", "standardizing", "building the problem", "indexing"))
    print()
    print(f"Before any alignment step (reading, standardizing, building, indexing): {before / n * 1e6:.1f} us a pair.")
    if args.reference_python:
        with tempfile.TemporaryDirectory() as folder:
            data = Path(folder, "pairs.json")
            data.write_text(json.dumps(list(zip(tests, golds))), encoding="utf-8")
            reference = statistics.median(reference_rate(args.reference_python, data, cpu) for _ in range(args.repeats))
        print(
            f"smatch 1.0.4 `get_amr_match`: {reference:,.0f} pairs/s; ten times that allows "
            f"{1e6 / (10 * reference):.1f} us a pair in all."
        )


if __name__ == "__main__":
    main()
