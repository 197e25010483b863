"""Time and memory of the corpus statistics, and the cost of fine-grained Smatch.

    .venv/bin/python bench/stats_bench.py                 # statistics on synthetic Smatch counts
    .venv/bin/python bench/stats_bench.py --fine          # also fine-grained vs plain Smatch on ../shared

Part 1 draws synthetic per-pair Smatch statistics (matched, |test|, |gold|, upper) for corpora of
``--pairs`` sizes and times the percentile bootstrap, the paired bootstrap of a difference and the
approximate-randomization test; the peak of Python-allocated memory (tracemalloc) shows that
memory grows with the number of resamples only through O(resamples) floats plus one bounded chunk.
Part 2 (``--fine``) scores the Little Prince parses and BAMBOO STS dev with ``smatch``,
``smatch:fine`` and ``smatch:fine,realign=yes`` in one process each (one job, reading included).
Times are CPU seconds of this process, so that a busy machine does not distort them.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np

from amrmetrics.metrics.smatch import Smatch
from amrmetrics.stats.bootstrap import confidence_intervals
from amrmetrics.stats.significance import paired_bootstrap, permutation_test

DEFAULT_SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def synthetic(n: int, seed: int) -> np.ndarray:
    """Plausible Smatch statistics of ``n`` pairs (10-60 triples each)."""
    rng = np.random.default_rng(seed)
    gold = rng.integers(10, 60, n)
    test = np.maximum(gold + rng.integers(-5, 6, n), 1)
    matched = np.maximum(np.minimum(test, gold) - rng.integers(0, 12, n), 0)
    return np.stack([matched, test, gold, matched], axis=1).astype(np.float64)


def measure(task: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds, peak MiB of Python allocations) of one call."""
    tracemalloc.start()
    began = time.process_time()
    task()
    seconds = time.process_time() - began
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak / 2**20


def statistics_table(sizes: list[int], resamples: list[int]) -> None:
    metric = Smatch()
    print("| pairs | resamples | bootstrap s | MiB | paired bootstrap s | MiB | permutation s | MiB |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        a, b = synthetic(n, 0), synthetic(n, 1)
        for r in resamples:
            row = [str(n), str(r)]
            for task in (
                lambda: confidence_intervals(metric, a, r, 1),
                lambda: paired_bootstrap(metric, a, b, r, 1),
                lambda: permutation_test(metric, a, b, r, 1),
            ):
                seconds, mib = measure(task)
                row += [f"{seconds:.3f}", f"{mib:.1f}"]
            print("| " + " | ".join(row) + " |")


def fine_table(shared: Path) -> None:
    from amrmetrics.engine.run import run_corpus
    from amrmetrics.metrics.registry import parse_metrics
    from amrmetrics.read import pair_files

    datasets = {
        "littleprince (400)": ("data/littleprince-parses/candidates.amr", "data/littleprince-parses/references.amr"),
        "bamboo sts dev (1501)": ("data/bamboo/sts/main/src.dev.amr", "data/bamboo/sts/main/tgt.dev.amr"),
    }
    print("\n| dataset | smatch s | smatch:fine s | smatch:fine,realign=yes s | fine micro F (Smatch row) |")
    print("|---|---:|---:|---:|---:|")
    for name, (test, gold) in datasets.items():
        row, f = [name], float("nan")
        for spec in ("smatch", "smatch:fine", "smatch:fine,realign=yes"):
            metric = parse_metrics(spec)[0]
            began = time.process_time()
            run = run_corpus(pair_files(shared / test, shared / gold)[1], [metric])
            row.append(f"{time.process_time() - began:.2f}")
            if spec == "smatch:fine":
                f = metric.micro(run.stats(0))["Smatch.F"]
        row.append(f"{100 * f:.2f}")
        print("| " + " | ".join(row) + " |")


def main() -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--resamples", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--fine", action="store_true", help="also time fine-grained Smatch on ../shared")
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    args = parser.parse_args()
    statistics_table(args.pairs, args.resamples)
    if args.fine:
        fine_table(args.shared)


if __name__ == "__main__":
    main()
