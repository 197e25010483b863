"""In-process throughput of amrmetrics.Scorer (the training-loop path) beside smatch 1.0.4's get_amr_match.

One process, one core (both tools are pinned to the same CPU), after warm-up, on the STS dev
pairs of BAMBOO (PENMAN strings in, scores out, no files). Rates are per CPU second of the
process (``time.process_time``), so other processes sharing the core do not count; the tools
take turns, ``--repeats`` rounds, and each reports the median of its rounds (the core is shared:
the best round flatters, the median is what a loaded machine gives). Every run starts cold:
the memos of texts read and graphs prepared (:func:`amrmetrics.read.recent.forget_recent`) are
emptied first, so a round never profits from the one before it, and a full garbage collection
runs before the clock starts, so a run pays for the collections its own objects cause, not for
the debt of the runs before it (which run would pay for that depends only on the bench's order).
Columns:

* ``batch``: ``scorer.pairs(tests, golds)`` (per-pair results plus the corpus report);
* ``collector``: the share of the batch's time spent in Python's garbage collector (``gc.callbacks``);
* ``single``: a loop of ``scorer(test, gold)`` calls;
* ``graphs``: ``scorer.pairs`` on graphs decoded beforehand (what decoding costs);
* ``reward``: ``scorer.one_to_many(64 candidates, gold)``, the reward of a batch of sampled
  parses (the candidates are the gold with concepts and roles randomly replaced, so some repeat);
* ``smatch 1.0.4``: its ``get_amr_match`` (4 restarts, as its command line) in the interpreter of
  ``--reference-python`` (skipped with a note when that interpreter has no smatch).

    python bench/scorer_bench.py [--shared ../shared] [--reference-python PY] [--repeats 3]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import penman

import amrmetrics
from amrmetrics.read import read_graphs, split_blocks
from amrmetrics.read.recent import forget_recent

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = 64

REFERENCE = """
import json, os, sys, time
os.sched_setaffinity(0, {int(sys.argv[2])})
import smatch
pairs = json.load(open(sys.argv[1]))
def run():
    for test, gold in pairs:
        smatch.match_triple_dict.clear()
        smatch.get_amr_match(test, gold)
run()
start = time.process_time()
run()
print(len(pairs) / (time.process_time() - start))
"""


def texts(path: Path) -> list[str]:
    """Each graph of a file as one line of PENMAN (what smatch 1.0.4 reads)."""
    with open(path, encoding="utf-8") as handle:
        return [" ".join(line.strip() for line in block.text.splitlines()) for block in split_blocks(handle)]


def sts_dev(shared: Path) -> tuple[Path, list[str], list[str]]:
    """The folder of BAMBOO's STS pairs and its dev pairs as one-line PENMAN texts (tests, golds)."""
    sts = shared / "data" / "bamboo" / "sts" / "main"
    return sts, texts(sts / "src.dev.amr"), texts(sts / "tgt.dev.amr")


def pin_to_one_cpu() -> int:
    """Pin this process to its lowest allowed CPU (the reference tool is pinned to the same one)."""
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


class CollectorClock:
    """Wall time spent in Python's garbage collector since the last :meth:`reset`."""

    def __init__(self) -> None:
        self.spent = 0.0
        self._start = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.spent += time.perf_counter() - self._start

    def reset(self) -> None:
        self.spent = 0.0


COLLECTOR = CollectorClock()


def rate(count: int, work: Callable[[], Any]) -> tuple[float, float]:
    """Items per CPU second of one cold run of ``work`` (CPU time: other processes on the core do
    not count), and the share of its time spent collecting garbage."""
    forget_recent()
    gc.collect()
    COLLECTOR.reset()
    start = time.process_time()
    work()
    spent = time.process_time() - start
    return count / spent, min(COLLECTOR.spent / spent, 1.0)


def map_pairs(score: Callable[[Any, Any], Any], pairs: Any) -> list[Any]:
    """``score`` called on each pair, one call at a time (the single-pair and reward columns)."""
    return [score(a, b) for a, b in pairs]


def reference_rate(python: str, data: Path, cpu: int) -> float:
    """smatch 1.0.4's pairs per second (after a warm-up pass) on the pairs in ``data``."""
    done = subprocess.run([python, "-c", REFERENCE, str(data), str(cpu)], capture_output=True, text=True, check=True)
    return float(done.stdout)


def rounds_beside_reference(python: str, tests: list[str], golds: list[str], cpu: int, repeats: int, one_round: Callable[[], None]) -> list[float]:
    """Run ``one_round`` ``repeats`` times, each right after timing smatch 1.0.4 (in ``python``, when it has
    smatch) on the same pairs and CPU; smatch 1.0.4's rates, one per round (none without it)."""
    has_smatch = subprocess.run([python, "-c", "import smatch"], capture_output=True, check=False).returncode == 0
    references: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder, "pairs.json")
        data.write_text(json.dumps(list(zip(tests, golds))), encoding="utf-8")
        for _ in range(repeats):
            if has_smatch:
                references.append(reference_rate(python, data, cpu))
            one_round()
    return references


def perturbed(gold: str, vocabulary: list[str], rng: random.Random) -> str:
    """The gold graph with each concept replaced with probability 0.1 and each :ARGn role with 0.1."""
    graph = penman.decode(gold)
    triples = []
    for source, role, target in graph.triples:
        if role == ":instance" and rng.random() < 0.1:
            target = rng.choice(vocabulary)
        elif role.startswith(":ARG") and not role.endswith("-of") and rng.random() < 0.1:
            role = rng.choice([":ARG0", ":ARG1", ":ARG2"])
        triples.append((source, role, target))
    return penman.encode(penman.Graph(triples, top=graph.top), indent=None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--reference-python", default=sys.executable, help="interpreter that has smatch 1.0.4")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--metrics", default="smatch,sembleu")
    args = parser.parse_args()

    sts, tests, golds = sts_dev(args.shared)
    n = len(tests)
    cpu = pin_to_one_cpu()
    vocabulary = sorted({c for g in read_graphs(sts / "tgt.dev.amr") for _, c in g.instances})
    rng = random.Random(0)
    rewards = [(gold, [perturbed(gold, vocabulary, rng) for _ in range(CANDIDATES)]) for gold in golds[:50]]
    test_graphs, gold_graphs = read_graphs(sts / "src.dev.amr"), read_graphs(sts / "tgt.dev.amr")

    scorers = {spec: amrmetrics.Scorer(spec) for spec in args.metrics.split(",")}
    for scorer in scorers.values():
        scorer.pairs(tests[:200], golds[:200])  # warm-up
    rounds: dict[str, list[list[float]]] = {spec: [] for spec in scorers}

    def one_round() -> None:
        for spec, scorer in scorers.items():
            batch, collector = rate(n, partial(scorer.pairs, tests, golds))
            found = [
                batch,
                collector,
                rate(n, partial(map_pairs, scorer, zip(tests, golds)))[0],
                rate(n, partial(scorer.pairs, test_graphs, gold_graphs))[0],
                rate(len(rewards), partial(map_pairs, scorer.one_to_many, [(c, g) for g, c in rewards]))[0],
            ]
            rounds[spec].append(found)

    references = rounds_beside_reference(args.reference_python, tests, golds, cpu, args.repeats, one_round)
    has_smatch = bool(references)
    reference = statistics.median(references) if references else 0.0
    medians = {spec: [statistics.median(column) for column in zip(*found)] for spec, found in rounds.items()}
    rows = [(spec, batch, collector, single, graphs, 1000 / calls) for spec, (batch, collector, single, graphs, calls) in medians.items()]

    print(f"# Scorer throughput, {n} STS dev pairs, one core (CPU {cpu}), median of {args.repeats} rounds")
    print()
    print(
        "| metric | batch pairs/s | batch: collector's share | single-pair calls pairs/s | single / batch cost "
        "| batch on graphs pairs/s | reward: 64 candidates vs 1 gold (ms) | batch vs smatch 1.0.4 |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for spec, batch, collector, single, graphs, reward in rows:
        versus = f"{batch / reference:.1f}x" if has_smatch else "n/a"
        print(
            f"| {spec} | {batch:,.0f} | {collector:.0%} | {single:,.0f} | {batch / single:.2f}x | {graphs:,.0f} "
            f"| {reward:.1f} | {versus} |"
        )
    if has_smatch:
        print(f"| smatch 1.0.4 `get_amr_match` (4 restarts, inexact) | {reference:,.0f} | | | | | | 1.0x |")
    else:
        print()
        print(f"smatch 1.0.4: not measured ({args.reference_python} has no smatch; pass --reference-python)")


if __name__ == "__main__":
    main()
