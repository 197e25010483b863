"""The compiled Smatch pair alone: microseconds per pair of ``align_graphs`` (build the problem, solve it,
name the variable pairs) on the 1,501 BAMBOO STS dev pairs, read and prepared beforehand, and which step
settled them (the core's counters).

    python bench/native_solver_bench.py [--passes 5] [--preset smatch] [--shared ../shared]

Pinned to one CPU; the figure is the fastest of ``--passes`` passes over every pair (CPU time of this
process, ``time.process_time``): the pair's own cost, without reading, preparing or the Python layers
around it (bench/native_bench.py measures those).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scorer_bench import pin_to_one_cpu, sts_dev

import amrmetrics._native as native
from amrmetrics.read import read_graphs
from amrmetrics.standardize import get_preset

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument(
        "--preset", default="smatch", help="the preset the graphs are prepared with"
    )
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args()
    core = native.CORE
    if core is None:
        print("the compiled core is not loaded", file=sys.stderr)
        return 2
    cpu = pin_to_one_cpu()
    preset = get_preset(args.preset)
    sts, _, _ = sts_dev(args.shared)
    tests = [preset(graph) for graph in read_graphs(sts / "src.dev.amr")]
    golds = [preset(graph) for graph in read_graphs(sts / "tgt.dev.amr")]
    product = preset.duplicates == "product"
    pairs = list(zip(tests, golds))
    core.reset_counters()
    for test, gold in pairs:
        core.align_graphs(test, gold, product, 0.0, True)
    counters = core.counters()
    spent = []
    for _ in range(args.passes):
        began = time.process_time()
        for test, gold in pairs:
            core.align_graphs(test, gold, product, 0.0, True)
        spent.append(time.process_time() - began)
    print(f"core {core.__file__}, CPU {cpu}, preset {args.preset}, {len(pairs)} pairs")
    print(
        f"align_graphs: {min(spent) / len(pairs) * 1e6:.2f} us/pair (fastest of {args.passes} passes)"
    )
    print(
        "settled by: " + ", ".join(f"{key} {value}" for key, value in counters.items())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
