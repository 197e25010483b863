"""Instructions a Scorer spends per pair and per 64-candidate reward, counted by valgrind (callgrind).

Timings on a shared machine move by tens of percent from one minute to the next; the number of
instructions a workload executes does not. This script counts them for the in-process workloads of
``native_bench.py`` (``Scorer("smatch").pairs`` on BAMBOO STS dev pairs, ``one_to_many`` of 64
perturbed candidates against one gold), so a change can be judged by a figure that does not depend on
the neighbours. Each workload runs twice under callgrind, ``--rounds LOW HIGH`` rounds; the difference
divided by the extra pairs (or calls) is the cost of one, start-up and set-up cancelled. Each round starts
with a full collection, and the shorter run makes the same number of collections, so where the garbage
collector happens to run does not move the figure (a round still pays for the collections its own objects
cause). String hashing is seeded, and the figure is the mean over ``--seeds`` seeds (dict and set layouts
move a count by a few percent). Every round starts cold (the memos of texts read and graphs prepared are
emptied first), as in the timed benches.

``--vs SRC`` counts the same workloads with ``PYTHONPATH=SRC`` too (another tree's ``src``, e.g. a
``git archive`` of an earlier commit with its compiled core built) and prints the ratio. Instructions are
not time (cache misses and the garbage collector's traversals weigh differently), but a change that
removes work shows here without noise. Needs ``valgrind`` on PATH; the defaults take ~5 minutes on two cores.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scorer_bench import CANDIDATES, perturbed, sts_dev

from amrmetrics.read import read_graphs

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import gc, json, sys
import amrmetrics
from amrmetrics.read.recent import forget_recent
data = json.load(open(sys.argv[1]))
scorer = amrmetrics.Scorer("smatch")
scorer.pairs(data["tests"][:20], data["golds"][:20])
workload, rounds, slots = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
for k in range(slots):
    forget_recent()
    gc.collect()
    if k >= rounds:
        continue
    if workload == "batch":
        scorer.pairs(data["tests"], data["golds"])
    else:
        for gold, candidates in data["rewards"]:
            scorer.one_to_many(candidates, gold)
"""
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def workload_data(shared: Path, pairs: int, rewards: int) -> dict[str, list]:
    """The first ``pairs`` STS dev pairs and ``rewards`` golds with 64 perturbed candidates each (seed 0,
    as native_bench.py makes them)."""
    sts, tests, golds = sts_dev(shared)
    vocabulary = sorted({c for g in read_graphs(sts / "tgt.dev.amr") for _, c in g.instances})
    rng = random.Random(0)
    made = [(gold, [perturbed(gold, vocabulary, rng) for _ in range(CANDIDATES)]) for gold in golds[:rewards]]
    return {"tests": tests[:pairs], "golds": golds[:pairs], "rewards": made}


def instructions(python: str, src: str | None, data: Path, workload: str, rounds: int, slots: int, seed: int) -> int:
    """Instructions callgrind counts for the child running ``rounds`` rounds of ``workload`` in ``slots``
    slots, each opened by a full collection (so each round starts from the same collector state, and the
    two runs of a workload make the same collections outside their rounds), strings hashed with ``seed``."""
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    if src is not None:
        env["PYTHONPATH"] = src
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c", CHILD, str(data), workload, str(rounds), str(slots)],
        capture_output=True, text=True, env=env, check=False,
    )
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind run failed ({workload}, {rounds} rounds, PYTHONPATH={src}):\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--python", default=sys.executable, help="interpreter with amrmetrics (default: this one)")
    parser.add_argument("--vs", metavar="SRC", help="also count with PYTHONPATH=SRC and print the ratio")
    parser.add_argument("--pairs", type=int, default=300, help="STS dev pairs of a batch round")
    parser.add_argument("--rewards", type=int, default=50, help="one_to_many calls of a reward round")
    parser.add_argument("--rounds", type=int, nargs=2, default=(2, 6), metavar=("LOW", "HIGH"))
    parser.add_argument("--seeds", type=int, default=3, help="hash seeds to average over (PYTHONHASHSEED 0, 1, ...)")
    parser.add_argument("--jobs", type=int, default=2, help="callgrind runs at a time")
    args = parser.parse_args()
    low, high = args.rounds
    if not 0 <= low < high or args.seeds < 1:
        parser.error("--rounds needs 0 <= LOW < HIGH and --seeds at least 1")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not on PATH: this bench counts instructions with callgrind")
    trees = [("this tree", None)] + ([(f"PYTHONPATH={args.vs}", args.vs)] if args.vs else [])
    workloads = (("batch", args.pairs, "pair"), ("reward", args.rewards, "64-candidate call"))
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder, "workloads.json")
        data.write_text(json.dumps(workload_data(args.shared, args.pairs, args.rewards)), encoding="utf-8")
        runs = [(w, src, rounds, seed) for w, _, _ in workloads for _, src in trees for rounds in (low, high) for seed in range(args.seeds)]
        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            counted = dict(zip(runs, pool.map(lambda r: instructions(args.python, r[1], data, r[0], r[2], high, r[3]), runs)))
    print(f"## Instructions (callgrind), rounds {low} and {high}, {args.pairs} STS dev pairs / {args.rewards} rewards, "
          f"mean of {args.seeds} hash seeds (range in brackets)\n")
    print("| workload | per | " + " | ".join(name for name, _ in trees) + (" | ratio |" if args.vs else ""))
    print("|---|---|" + "---:|" * len(trees) + ("---:|" if args.vs else ""))
    for workload, items, unit in workloads:
        means, cells = [], []
        for _, src in trees:
            each = [(counted[workload, src, high, seed] - counted[workload, src, low, seed]) / (items * (high - low)) for seed in range(args.seeds)]
            means.append(statistics.fmean(each))
            cells.append(f"{means[-1]:,.0f} ({min(each):,.0f}-{max(each):,.0f})")
        ratio = f" {means[0] / means[1]:.3f} |" if args.vs else ""
        print(f"| {workload} | {unit} | " + " | ".join(cells) + " |" + ratio)


if __name__ == "__main__":
    main()
