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
  ``--reference-python`` (skipped with a note when that interpreter has no smatch), one process kept for
  the whole bench;
* ``batch vs smatch 1.0.4``: for the first metric, the median over the rounds of the ratio of its batch
  rate to smatch 1.0.4's, each timed in the same round (smatch 1.0.4's pass over the pairs is split in
  two halves with :data:`PAIRED_RUNS` runs of the batch between them), with the range over the rounds; for the others, their batch
  rate over smatch 1.0.4's median rate.

    python bench/scorer_bench.py [--shared ../shared] [--reference-python PY] [--repeats 3]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
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
def run(part):
    for test, gold in part:
        smatch.match_triple_dict.clear()
        smatch.get_amr_match(test, gold)
run(pairs)
print("ready", flush=True)
for line in sys.stdin:
    start, stop = map(int, line.split())
    began = time.process_time()
    run(pairs[start:stop])
    print(time.process_time() - began, flush=True)
"""
"""smatch 1.0.4 as a server: one warm-up pass over the pairs, then the CPU seconds of each slice asked for."""


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


PAIRED_RUNS = 5
"""Cold runs of the batch timed between the two halves of smatch 1.0.4's pass: one run takes about 0.1 s
and the reference's pass about 5 s, so ours is spread over more of the seconds the reference is timed in."""


def repeated_rate(count: int, work: Callable[[], Any], runs: int = PAIRED_RUNS) -> tuple[float, float]:
    """:func:`rate` over ``runs`` cold runs of ``work``: items per CPU second of them all, and the
    collector's share of them all."""
    found = [rate(count, work) for _ in range(runs)]
    spent = [count / items_per_second for items_per_second, _ in found]
    return count * runs / sum(spent), sum(s * share for s, (_, share) in zip(spent, found)) / sum(spent)


def map_pairs(score: Callable[[Any, Any], Any], pairs: Any) -> list[Any]:
    """``score`` called on each pair, one call at a time (the single-pair and reward columns)."""
    return [score(a, b) for a, b in pairs]


@contextlib.contextmanager
def reference_process(python: str, data: Path, cpu: int) -> Iterator[Callable[[int, int], float]]:
    """smatch 1.0.4 (the interpreter ``python``) in a process of its own, pinned to ``cpu`` and warmed up
    once on the pairs of the JSON file ``data``; yields a function giving the CPU seconds of
    ``get_amr_match`` over pairs ``start`` to ``stop``."""
    process = subprocess.Popen([python, "-c", REFERENCE, str(data), str(cpu)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stdout is not None
    ask, answer = process.stdin, process.stdout

    def seconds(start: int, stop: int) -> float:
        ask.write(f"{start} {stop}\n")
        ask.flush()
        return float(answer.readline())

    try:
        if answer.readline().strip() != "ready":
            raise RuntimeError(f"smatch 1.0.4 in {python} did not start")
        yield seconds
    finally:
        ask.close()
        process.wait()


def reference_rate(python: str, data: Path, cpu: int) -> float:
    """smatch 1.0.4's pairs per second (after a warm-up pass) on the pairs in ``data``."""
    count = len(json.loads(data.read_text(encoding="utf-8")))
    with reference_process(python, data, cpu) as seconds:
        return count / seconds(0, count)


def has_smatch(python: str) -> bool:
    """True when the interpreter ``python`` can import smatch."""
    return subprocess.run([python, "-c", "import smatch"], capture_output=True, check=False).returncode == 0


def rounds_beside_reference(
    python: str, tests: list[str], golds: list[str], cpu: int, repeats: int, one_round: Callable[[], None], paired: Callable[[], float]
) -> tuple[list[float], list[float]]:
    """``repeats`` rounds, each timing smatch 1.0.4 (in ``python``, when it has smatch) over the pairs in
    two halves with ``paired`` (a rate in pairs per CPU second) run between them, then ``one_round``.
    Both tools are timed within the same few seconds: this host's speed drifts by tens of percent from
    one minute to the next, and a ratio of rates taken minutes apart moved with it. smatch 1.0.4's rates
    and ``paired``'s ratios to them, one per round (neither without smatch)."""
    references: list[float] = []
    ratios: list[float] = []
    n = len(tests)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder, "pairs.json")
        data.write_text(json.dumps(list(zip(tests, golds))), encoding="utf-8")
        with reference_process(python, data, cpu) if has_smatch(python) else contextlib.nullcontext() as seconds:
            for _ in range(repeats):
                if seconds is None:
                    paired()
                else:
                    spent = seconds(0, n // 2)
                    ours = paired()
                    spent += seconds(n // 2, n)
                    references.append(n / spent)
                    ratios.append(ours / references[-1])
                one_round()
    return references, ratios


def spread(ratios: list[float]) -> str:
    """The median ratio with its range over the rounds, as the tables print it."""
    return f"{statistics.median(ratios):.1f}x ({min(ratios):.1f}-{max(ratios):.1f})"


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
    first = next(iter(scorers))
    batches: list[tuple[float, float]] = []

    def paired() -> float:
        batches.append(repeated_rate(n, partial(scorers[first].pairs, tests, golds)))
        return batches[-1][0]

    def one_round() -> None:
        for spec, scorer in scorers.items():
            batch, collector = batches[-1] if spec == first else rate(n, partial(scorer.pairs, tests, golds))
            found = [
                batch,
                collector,
                rate(n, partial(map_pairs, scorer, zip(tests, golds)))[0],
                rate(n, partial(scorer.pairs, test_graphs, gold_graphs))[0],
                rate(len(rewards), partial(map_pairs, scorer.one_to_many, [(c, g) for g, c in rewards]))[0],
            ]
            rounds[spec].append(found)

    references, ratios = rounds_beside_reference(args.reference_python, tests, golds, cpu, args.repeats, one_round, paired)
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
        versus = "n/a" if not has_smatch else spread(ratios) if spec == first else f"{batch / reference:.1f}x"
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
