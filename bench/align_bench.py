"""Micro-benchmark of the alignment solvers (wall clock; problems are built before timing).

    .venv/bin/python bench/align_bench.py                      # every dataset, exact solver
    .venv/bin/python bench/align_bench.py --solver hill --only littleprince sts
    .venv/bin/python bench/align_bench.py --repeat 3           # best of 3 runs per dataset

Datasets come from the repository's sibling ``shared/`` directory (``--shared`` to override):
Little Prince parses (400 pairs), BAMBOO STS main dev (1501 pairs), and documents made by
joining N consecutive Little Prince graphs under a ``multi-sentence`` root (N = 10, 25, 50),
each against itself (``doc-N-self``) and candidate against reference (``doc-N``).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from amrmetrics.align import AlignmentProblem, ExactSolver, HillClimbSolver, build_problem
from amrmetrics.graph import Graph
from amrmetrics.read import read_graphs
from amrmetrics.standardize import get_preset

DEFAULT_SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def join_document(graphs: Sequence[Graph]) -> Graph:
    """``(m / multi-sentence :snt1 G1 :snt2 G2 ...)`` with variables renamed apart."""
    instances = [("doc", "multi-sentence")]
    attributes = []
    relations = []
    for k, graph in enumerate(graphs, 1):
        prefix = f"s{k}."
        instances += [(prefix + v, c) for v, c in graph.instances]
        attributes += [(prefix + v, r, c) for v, r, c in graph.attributes]
        relations += [(prefix + s, r, prefix + t) for s, r, t in graph.relations]
        if graph.root is not None:
            relations.append(("doc", f":snt{k}", prefix + graph.root))
    return Graph(tuple(instances), tuple(attributes), tuple(relations), "doc")


def _pairs(test: Sequence[Graph], gold: Sequence[Graph], preset: str) -> list[AlignmentProblem]:
    std = get_preset(preset)
    return [build_problem(std(t), std(g), duplicates=std.duplicates) for t, g in zip(test, gold)]


def datasets(shared: Path, preset: str) -> dict[str, Callable[[], list[AlignmentProblem]]]:
    """Name -> loader of the problems of each benchmark dataset."""
    lp = shared / "data" / "littleprince-parses"
    sts = shared / "data" / "bamboo" / "sts" / "main"

    def corpus(test: Path, gold: Path) -> Callable[[], list[AlignmentProblem]]:
        return lambda: _pairs(read_graphs(test, on_error="zero"), read_graphs(gold, on_error="zero"), preset)

    def document(n: int, against_self: bool) -> Callable[[], list[AlignmentProblem]]:
        def load() -> list[AlignmentProblem]:
            cand = join_document(read_graphs(lp / "candidates.amr", on_error="zero")[:n])
            ref = join_document(read_graphs(lp / "references.amr", on_error="zero")[:n])
            return _pairs([cand], [cand if against_self else ref], preset)

        return load

    found = {
        "littleprince": corpus(lp / "candidates.amr", lp / "references.amr"),
        "sts": corpus(sts / "src.dev.amr", sts / "tgt.dev.amr"),
    }
    for n in (10, 25, 50):
        found[f"doc-{n}-self"] = document(n, True)
        found[f"doc-{n}"] = document(n, False)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print one table row per dataset."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    parser.add_argument("--preset", default="smatch")
    parser.add_argument("--solver", choices=("exact", "hill"), default="exact")
    parser.add_argument("--timeout", type=float, default=60.0, help="per-pair time limit of the exact solver")
    parser.add_argument("--repeat", type=int, default=1, help="runs per dataset (the fastest is reported)")
    parser.add_argument("--only", nargs="*", help="dataset names to run")
    args = parser.parse_args(argv)
    if not args.shared.is_dir():
        print(f"shared data not found at {args.shared}", file=sys.stderr)
        return 2

    header = (
        f"{'dataset':<14}{'pairs':>7}{'seconds':>10}{'cpu s':>8}{'certified':>11}"
        f"{'LP calls':>10}{'MILP calls':>12}{'max gap':>9}"
    )
    print(f"solver={args.solver} preset={args.preset} timeout={args.timeout}")
    print(header)
    for name, load in datasets(args.shared, args.preset).items():
        if args.only and name not in args.only:
            continue
        problems = load()
        best = None
        for _ in range(args.repeat):
            solver = ExactSolver(args.timeout) if args.solver == "exact" else HillClimbSolver()
            began, cpu = time.perf_counter(), time.process_time()
            results = [solver.solve(p) for p in problems]
            seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
            if best is None or seconds < best[0]:
                best = (seconds, cpu, solver, results)
        seconds, cpu, solver, results = best
        certified = sum(r.status == "optimal" for r in results)
        lp = getattr(solver, "lp_calls", 0)
        milp = getattr(solver, "milp_calls", 0)
        gap = max(r.gap for r in results)
        print(
            f"{name:<14}{len(problems):>7}{seconds:>10.3f}{cpu:>8.3f}{certified:>11}{lp:>10}{milp:>12}{gap:>9.3g}",
            flush=True,
        )
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
