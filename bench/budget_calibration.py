"""How many nanoseconds a work unit of the solver's budget takes, per step, on this machine.

    python bench/budget_calibration.py [--shared ../shared] [--repeat 3]

``--timeout T`` buys ``T * UNITS_PER_SECOND`` units (amrmetrics.align.budget). For that to be
honoured, every step must cost about as many units as its nanoseconds, or more (then the budget
runs out early, and the wall-clock backstop, which makes results depend on the machine, never
fires). Each step below runs on a few problems with an unlimited budget: the table gives its CPU
seconds (``time.process_time``, less sensitive than the wall clock to other processes), the units
it charged, and CPU ns per unit (the median of ``--repeat`` runs). A figure well
above 1 means the step is under-charged. Problems: a random 800-node graph against an isomorphic
copy (300,000 links, the climb's worst case), the Little Prince parses joined into documents of 50
and 200 sentences (``--shared``) and a 16,000-child star against itself (a restricted problem).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from amrmetrics.align.bounds import eliminate, potentials
from amrmetrics.align.budget import BUILD_PASSES, SETUP_PASSES, Budget, pass_units
from amrmetrics.align.engines import HighsEngine
from amrmetrics.align.first_order import lagrangian_bound
from amrmetrics.align.formulation import formulate
from amrmetrics.align.hillclimb import climb, greedy_init
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.problem import AlignmentProblem, build_problem
from amrmetrics.graph import Graph
from amrmetrics.read import read_graphs
from amrmetrics.read.documents import join_file
from amrmetrics.standardize import get_preset

DEFAULT_SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def random_pair(n: int, concepts: int, labels: int, seed: int = 0) -> tuple[Graph, Graph]:
    """A random graph (about two relations per node) and a renamed copy of it."""
    rng = np.random.default_rng(seed)
    instances = tuple((f"v{i}", f"c{rng.integers(concepts)}") for i in range(n))
    relations = tuple((f"v{rng.integers(n)}", f":r{rng.integers(labels)}", f"v{rng.integers(n)}") for _ in range(2 * n))
    test = Graph(instances, (), relations)
    names = {f"v{i}": f"w{k}" for i, k in enumerate(rng.permutation(n))}
    gold = Graph(
        tuple((names[v], c) for v, c in instances), (), tuple((names[s], r, names[t]) for s, r, t in relations)
    )
    return test, gold


def star(n: int) -> Graph:
    """``(r / x :ARG0 (n0 / x) ... )`` with ``n`` children."""
    return Graph((("r", "x"), *((f"n{i}", "x") for i in range(n))), (), tuple(("r", ":ARG0", f"n{i}") for i in range(n)))


def document(shared: Path, sentences: int) -> tuple[Graph, Graph]:
    """The first ``sentences`` distinct Little Prince sentences as one document, parser against reference."""
    lp = shared / "data" / "littleprince-parses"
    preset = get_preset("smatch")
    pair = []
    for name in ("candidates.amr", "references.amr"):
        text = next(join_file(lp / name, sentences, step=2))
        path = Path("/tmp") / f"calibration-{sentences}-{name}"
        path.write_text(text + "\n", encoding="utf-8")
        pair.append(preset(read_graphs(path)[0]))
    return pair[0], pair[1]


def timed(step: Callable[[Budget], object], repeat: int) -> tuple[float, float]:
    """Median seconds of ``step`` and the units it charged."""
    seconds, units = [], 0.0
    for _ in range(repeat):
        budget = Budget()
        began = time.process_time()
        step(budget)
        seconds.append(time.process_time() - began)
        units = budget.used
    return statistics.median(seconds), units


def steps(problem: AlignmentProblem) -> dict[str, Callable[[Budget], object]]:
    """The solver's steps on one problem, each charging an unlimited budget."""
    ip = index_problem(problem)
    pot = potentials(ip)
    start = greedy_init(ip, pot)
    value = problem.value(start)

    def cheap(budget: Budget) -> None:
        budget.spend(SETUP_PASSES * pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold))
        index = index_problem(problem)
        greedy_init(index, potentials(index))

    out: dict[str, Callable[[Budget], object]] = {
        "index+potentials+greedy": cheap,
        "climb": lambda budget: climb(ip, start, budget),
        "elimination": lambda budget: eliminate(ip, value, potential=pot, budget=budget),
    }
    if problem.ceiling is None and ip.size + len(ip.qw) < 100_000:
        engine = HighsEngine()
        out["LP (HiGHS)"] = lambda budget: engine.relax(formulate(ip), budget)
    if problem.ceiling is None and max(ip.n_test, ip.n_gold) <= 2048:
        out["Lagrangian (20 steps)"] = lambda budget: _steps(ip, start, budget)
    return out


def _steps(ip: object, start: np.ndarray, budget: Budget) -> None:
    """The Lagrangian bound with its steps cut to 20 (the unit charge per step is what is measured)."""
    from amrmetrics.align import first_order

    saved = first_order.STEPS
    first_order.STEPS = 20
    try:
        lagrangian_bound(ip, start, budget)  # type: ignore[arg-type]
    finally:
        first_order.STEPS = saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    pairs: dict[str, tuple[Graph, Graph]] = {"random 800 x 800": random_pair(800, 4, 3)}
    if (args.shared / "data" / "littleprince-parses").is_dir():
        pairs["Little Prince, 50 sentences"] = document(args.shared, 50)
        pairs["Little Prince, 200 sentences"] = document(args.shared, 200)
    pairs["star of 16,000 children"] = (star(16_000), star(16_000))
    print(f"{'problem':32} {'step':24} {'seconds':>9} {'units':>14} {'ns/unit':>8}")
    for name, (test, gold) in pairs.items():
        began = time.process_time()
        problem = build_problem(test, gold)
        build = time.process_time() - began
        unary = problem.unary
        entries = int(np.count_nonzero(unary)) if isinstance(unary, np.ndarray) else int(unary.nnz)
        units = BUILD_PASSES * pass_units(entries, len(problem.weights), sum(problem.shape))
        print(f"{name:32} {'build':24} {build:9.3f} {units:14.0f} {1e9 * build / units:8.2f}")
        for step, run in steps(problem).items():
            seconds, units = timed(run, args.repeat)
            print(f"{name:32} {step:24} {seconds:9.3f} {units:14.0f} {1e9 * seconds / max(units, 1):8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
