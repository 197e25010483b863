"""Instructions a Scorer spends per pair and per 64-candidate reward, counted by valgrind (callgrind).

Timings on a shared machine move by tens of percent from one minute to the next; the number of
instructions a workload executes does not. This script counts them for the in-process workloads of
``native_bench.py`` (``Scorer("smatch").pairs`` on BAMBOO STS dev pairs, ``one_to_many`` of 64
perturbed candidates against one gold), so a change can be judged by a figure that does not depend on
the neighbours. Each workload runs twice under callgrind, ``--rounds LOW HIGH`` rounds; the difference
divided by the extra pairs (or calls) is the cost of one, start-up and set-up cancelled. Every round
starts cold (the memos of texts read and graphs prepared are emptied first), as in the timed benches.

``--vs SRC`` counts the same workloads with ``PYTHONPATH=SRC`` too (another tree's ``src``, e.g. a
``git archive`` of an earlier commit with its compiled core built) and prints the ratio. Instructions are
not time (cache misses and the garbage collector's traversals weigh differently), but a change that
removes work shows here without noise. Needs ``valgrind`` on PATH; a workload takes about a minute.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scorer_bench import CANDIDATES, perturbed, sts_dev

from amrmetrics.read import read_graphs

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import json, sys
import amrmetrics
from amrmetrics.read.recent import forget_recent
data = json.load(open(sys.argv[1]))
scorer = amrmetrics.Scorer("smatch")
scorer.pairs(data["tests"][:20], data["golds"][:20])
workload, rounds = sys.argv[2], int(sys.argv[3])
for _ in range(rounds):
    forget_recent()
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


def instructions(python: str, src: str | None, data: Path, workload: str, rounds: int) -> int:
    """Instructions callgrind counts for the child running ``rounds`` rounds of ``workload``."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c", CHILD, str(data), workload, str(rounds)],
        capture_output=True, text=True, env=env, check=False,
    )
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind run failed ({workload}, {rounds} rounds, PYTHONPATH={src}):\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_item(python: str, src: str | None, data: Path, workload: str, items: int, low: int, high: int) -> float:
    """Instructions of one pair (batch) or one call (reward): the extra rounds' count over their items."""
    return (instructions(python, src, data, workload, high) - instructions(python, src, data, workload, low)) / (items * (high - low))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--python", default=sys.executable, help="interpreter with amrmetrics (default: this one)")
    parser.add_argument("--vs", metavar="SRC", help="also count with PYTHONPATH=SRC and print the ratio")
    parser.add_argument("--pairs", type=int, default=300, help="STS dev pairs of a batch round")
    parser.add_argument("--rewards", type=int, default=50, help="one_to_many calls of a reward round")
    parser.add_argument("--rounds", type=int, nargs=2, default=(2, 6), metavar=("LOW", "HIGH"))
    args = parser.parse_args()
    low, high = args.rounds
    if not 0 <= low < high:
        parser.error("--rounds needs 0 <= LOW < HIGH")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not on PATH: this bench counts instructions with callgrind")
    trees = [("this tree", None)] + ([(f"PYTHONPATH={args.vs}", args.vs)] if args.vs else [])
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder, "workloads.json")
        data.write_text(json.dumps(workload_data(args.shared, args.pairs, args.rewards)), encoding="utf-8")
        rows = []
        for workload, items, unit in (("batch", args.pairs, "pair"), ("reward", args.rewards, "64-candidate call")):
            counts = [per_item(args.python, src, data, workload, items, low, high) for _, src in trees]
            rows.append((workload, unit, counts))
    print(f"## Instructions (callgrind), rounds {low} and {high}, {args.pairs} STS dev pairs / {args.rewards} rewards\n")
    print("| workload | per | " + " | ".join(name for name, _ in trees) + (" | ratio |" if args.vs else ""))
    print("|---|---|" + "---:|" * len(trees) + ("---:|" if args.vs else ""))
    for workload, unit, counts in rows:
        ratio = f" {counts[0] / counts[1]:.3f} |" if args.vs else ""
        print(f"| {workload} | {unit} | " + " | ".join(f"{c:,.0f}" for c in counts) + " |" + ratio)


if __name__ == "__main__":
    main()
