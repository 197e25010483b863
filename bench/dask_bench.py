"""The all-pairs Smatch matrix of STS graphs on a 2-worker Dask LocalCluster: time and memory.

Computes the ``N x N`` matrix (default 2,000 graphs: BAMBOO STS dev, src then tgt) with
``amrmetrics.engine.matrix.similarity_matrix`` on ``--workers`` Dask worker processes (one
thread each), reports wall time, pairs per second, the workers' CPU time (what the matrix costs
when the machine is shared), the driver's and each worker's peak resident memory, and checks a
random block of rows against this process.

    python bench/dask_bench.py [--shared ../shared] [--graphs 2000] [--workers 2] [--metric smatch]
"""

from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path

import numpy as np

from amrmetrics.engine.executors import open_executor
from amrmetrics.engine.matrix import similarity_matrix
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

ROOT = Path(__file__).resolve().parents[1]


def peak_mb() -> float:
    """This process's peak resident memory in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_seconds() -> float:
    """CPU time (user + system) this process has used."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--graphs", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--metric", default="smatch")
    parser.add_argument("--check", type=int, default=20, help="rows checked against this process")
    args = parser.parse_args()

    sts = args.shared / "data" / "bamboo" / "sts" / "main"
    graphs = (read_graphs(sts / "src.dev.amr") + read_graphs(sts / "tgt.dev.amr"))[: args.graphs]
    n = len(graphs)
    (metric,) = parse_metrics(args.metric)
    pairs = n * (n + 1) // 2 if metric.symmetric else n * n
    start = time.perf_counter()
    with open_executor("dask", args.workers) as executor:
        executor.client  # type: ignore[attr-defined]  # the local cluster starts on first use: now, timed apart
        ready = time.perf_counter()
        matrix = similarity_matrix(metric, graphs, executor=executor)
        done = time.perf_counter()
        workers = executor.client.run(peak_mb)  # type: ignore[attr-defined]
        cpu = sum(executor.client.run(cpu_seconds).values())  # type: ignore[attr-defined]
    rows = np.random.default_rng(0).choice(n, size=min(args.check, n), replace=False)
    (fresh,) = parse_metrics(args.metric)
    prepared = [fresh.prepare(g) for g in graphs]
    checked = all(
        matrix[i, j] == fresh.scores(np.asarray(fresh.pair(prepared[i], prepared[j]).stats))[fresh.headline]
        for i in rows
        for j in range(n)
    )

    print(f"# {n} x {n} {metric.spec()} matrix on a {args.workers}-worker Dask LocalCluster")
    print()
    print(
        "| graphs | pairs computed | cluster start (s) | matrix, wall (s) | pairs/s | workers' CPU (s) | pairs per worker CPU s "
        "| driver peak MB | worker peak MB | rows checked |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    worker_mb = ", ".join(f"{mb:.0f}" for mb in workers.values())
    print(
        f"| {n} | {pairs:,} | {ready - start:.1f} | {done - ready:.0f} | {pairs / (done - ready):,.0f} | {cpu:.0f} | "
        f"{pairs / cpu:,.0f} | {peak_mb():.0f} | {worker_mb} | {len(rows)} x {n}: {'identical' if checked else 'DIFFERENT'} |"
    )


if __name__ == "__main__":
    main()
