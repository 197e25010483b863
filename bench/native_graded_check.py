"""S2match on both paths in one process: every pair of the shared S2match data scored with the compiled
core (the graded prover) and on the pure-Python path, compared.

    python bench/native_graded_check.py [--shared ../shared] [--stride 1]

For each data set (the BAMBOO STS, SICK and PARA dev pairs, the Little Prince parses) and each mode
(``s2match``, ``s2match:compat=yes``), with the GloVe subset of ``--shared``, prints how many pairs were
compared, how many differ in value, upper bound, status or triple counts (must be 0), how many return
another alignment of the same value (several optima), how many pairs reach the LP on each path, the
CPU seconds of each path's scoring loop, and what the graded prover did (its counters). Exits 1 if any
number differs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import amrmetrics._native as native
from amrmetrics.align import exact
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

ROOT = Path(__file__).resolve().parents[1]
DATASETS = {
    "bamboo/sts": ("data/bamboo/sts/main/src.dev.amr", "data/bamboo/sts/main/tgt.dev.amr"),
    "bamboo/sick": ("data/bamboo/sick/main/src.dev.amr", "data/bamboo/sick/main/tgt.dev.amr"),
    "bamboo/para": ("data/bamboo/para/main/src.dev.amr", "data/bamboo/para/main/tgt.dev.amr"),
    "littleprince": ("data/littleprince-parses/candidates.amr", "data/littleprince-parses/references.amr"),
}
MODES = ("s2match", "s2match:compat=yes")


def scores(metric, pairs: list, compiled: bool) -> tuple[list, float, int]:
    """Each pair's (value, upper, status, test triples, gold triples, alignment) on one path, the seconds,
    and how many LP relaxations were formulated."""
    saved, formulate = native.CORE, exact.formulate
    native.CORE = saved if compiled else None
    lps = 0

    def counted(reduced):
        nonlocal lps
        lps += 1
        return formulate(reduced)

    exact.formulate = counted
    try:
        began = time.process_time()
        out = []
        for a, b in pairs:
            result = metric.pair(a, b)
            value, n_test, n_gold, upper = result.stats
            out.append((value, upper, result.details["status"], n_test, n_gold, result.details["alignment"]))
        return out, time.process_time() - began, lps
    finally:
        native.CORE, exact.formulate = saved, formulate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--stride", type=int, default=1)
    args = parser.parse_args()
    core = native.CORE
    if core is None:
        print("the compiled core is not active", file=sys.stderr)
        return 2
    vectors = str(args.shared / "data" / "vectors" / "glove50-subset.txt")
    differ = 0
    print(
        f"{'data':14} {'mode':20} {'pairs':>6} {'differ':>6} {'other optimum':>13} {'LPs':>9} {'python s':>8} "
        f"{'compiled s':>10}  graded prover"
    )
    for name, (test, gold) in DATASETS.items():
        graphs = list(zip(read_graphs(args.shared / test), read_graphs(args.shared / gold)))[:: args.stride]
        for mode in MODES:
            (metric,) = parse_metrics([mode], {"vectors": vectors})
            pairs = [(metric.prepare(a), metric.prepare(b)) for a, b in graphs]
            python, py_seconds, py_lps = scores(metric, pairs, False)
            core.reset_counters()
            compiled, c_seconds, c_lps = scores(metric, pairs, True)
            counters = {k: v for k, v in core.graded_counters().items() if v}
            bad = [k for k, (p, c) in enumerate(zip(python, compiled)) if p[:5] != c[:5]]
            other = sum(1 for p, c in zip(python, compiled) if p[:5] == c[:5] and p[5] != c[5])
            for k in bad[:5]:
                print(f"  pair {k * args.stride}: python {python[k][:5]} compiled {compiled[k][:5]}", file=sys.stderr)
            differ += len(bad)
            lps = f"{py_lps}>{c_lps}"
            print(
                f"{name:14} {mode:20} {len(pairs):6} {len(bad):6} {other:13} {lps:>9} {py_seconds:8.2f} "
                f"{c_seconds:10.2f}  {counters}"
            )
    print("no number differs" if not differ else f"{differ} pairs differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
