"""What S2match builds for every pair of the shared data, as digests, to compare two source trees.

    PYTHONPATH=TREE_A/src python bench/s2match_build_identity.py [--shared ../shared] > a.txt
    PYTHONPATH=TREE_B/src python bench/s2match_build_identity.py [--shared ../shared] > b.txt
    cmp a.txt b.txt

For each data set (the BAMBOO STS, SICK and PARA dev pairs, the Little Prince parses) and each mode
(``s2match``, ``s2match:compat=yes``), with the GloVe subset of ``--shared``, prints one line per pair:
a SHA-256 over the bytes, dtype and shape of every array S2match makes for it (the concept weights'
entries, the alignment problem's ``unary``, ``pairs``, ``weights`` and ``ceiling``, and the indexed
problem's ``ci``, ``cj``, ``cu``, ``qa``, ``qb``, ``qw`` and ``integral``), then a line per data set and
mode with the pair count and the CPU seconds each step took (which differ between runs; compare the
digests with ``grep -v seconds``). Equal digests mean bit-identical arrays of the same types.

``--time R`` prints no digests: per data set and mode, the CPU seconds of each step's loop over all pairs
(``concept_weights``; ``problem``, which includes them; ``index_problem``), the best of R runs.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from pathlib import Path

import numpy as np

from amrmetrics.align.indexed import index_problem
from amrmetrics.embed import prime
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs
from native_graded_check import DATASETS, MODES  # the same data sets and modes as the paths' check

ROOT = Path(__file__).resolve().parents[1]


def digest(*arrays: object) -> str:
    """SHA-256 over each value's dtype, shape and bytes (or its repr, for a number, None or a flag)."""
    h = hashlib.sha256()
    for value in arrays:
        if isinstance(value, np.ndarray):
            h.update(f"{value.dtype.str}{value.shape}".encode())
            h.update(np.ascontiguousarray(value).tobytes())
        else:
            h.update(repr(value).encode())
        h.update(b"|")
    return h.hexdigest()[:32]


def timed(metric: object, pairs: list, repeat: int) -> str:
    """The best CPU seconds of each step's loop over ``pairs``."""
    problems = [metric.problem(a, b, metric.budget()) for a, b in pairs]  # type: ignore[attr-defined]
    loops = {
        "concept_weights": lambda: [metric.concept_weights(a, b) for a, b in pairs],  # type: ignore[attr-defined]
        "problem": lambda: [metric.problem(a, b, metric.budget()) for a, b in pairs],  # type: ignore[attr-defined]
        "index_problem": lambda: [index_problem(p) for p in problems],
    }
    best = {}
    for step, loop in loops.items():
        times = []
        for _ in range(repeat):
            began = time.process_time()
            loop()
            times.append(time.process_time() - began)
        best[step] = min(times)
    return " ".join(f"{step} {value:.3f}" for step, value in best.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--time", type=int, default=0, metavar="R", help="time each step's loop, best of R runs")
    parser.add_argument("--datasets", nargs="*", default=list(DATASETS), choices=list(DATASETS))
    parser.add_argument("--modes", nargs="*", default=list(MODES), choices=list(MODES))
    args = parser.parse_args()
    vectors = str(args.shared / "data/vectors/glove50-subset.txt")
    for name in args.datasets:
        test_path, gold_path = DATASETS[name]
        tests, golds = list(read_graphs(args.shared / test_path)), list(read_graphs(args.shared / gold_path))
        for mode in args.modes:
            metric, = parse_metrics([mode], {"vectors": vectors})
            prime([metric], [*tests, *golds])
            pairs = [(metric.prepare(a), metric.prepare(b)) for a, b in zip(tests, golds)]
            if args.time:
                print(name, mode, f"pairs {len(pairs)} best of {args.time} CPU seconds:", timed(metric, pairs, args.time), flush=True)
                continue
            seconds = {"concept_weights": 0.0, "problem": 0.0, "index_problem": 0.0}
            for n, (a, b) in enumerate(pairs):
                began = time.process_time()
                weights = metric.concept_weights(a, b)
                built = time.process_time()
                problem = metric.problem(a, b, metric.budget())
                indexed = time.process_time()
                ip = index_problem(problem)
                done = time.process_time()
                seconds["concept_weights"] += built - began
                seconds["problem"] += indexed - built
                seconds["index_problem"] += done - indexed
                print(
                    name, mode, n,
                    digest(weights.test, weights.gold, weights.a, weights.b, weights.value),
                    digest(problem.unary, problem.pairs, problem.weights, problem.ceiling),
                    digest(ip.n_test, ip.n_gold, ip.ci, ip.cj, ip.cu, ip.qa, ip.qb, ip.qw, ip.integral),
                )
            steps = " ".join(f"{step} {value:.3f}" for step, value in seconds.items())
            print(name, mode, f"pairs {len(pairs)} seconds: {steps}")


if __name__ == "__main__":
    main()
