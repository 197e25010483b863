"""The compiled core's targets (issue 32), measured in one run on one pinned core: the compiled path,
the pure-Python path (``AMRMETRICS_NATIVE=0``) and smatch 1.0.4 side by side, median of ``--repeats``.

    python bench/native_bench.py --reference-python /path/to/python-with-smatch-1.0.4 [--repeats 5]
        [--matrix 500,1000,2000] [--only matrix] [--shared ../shared]

In process (CPU time of this process, every run cold as in bench/scorer_bench.py): Smatch batches
(``Scorer.pairs``) on the 1,501 STS dev pairs, single-pair calls, the reward of 64 candidates against
one gold (``one_to_many``), and SemBLEU and rematch batches; smatch 1.0.4's ``get_amr_match`` in
the interpreter of ``--reference-python``, pinned to the same CPU. The first row's batch (five cold runs) is
timed between the two halves of smatch 1.0.4's pass over the pairs in each round; its ratio is the median of the rounds'
ratios (their range in brackets); the other rows divide their rate by smatch 1.0.4's median rate. Whole processes (wall and CPU
seconds, pinned to that CPU, after one uncounted warm-up run each, with bytecode caching on as in an
installed package): ``amrmetrics score`` on the 400 Little Prince pairs against ``smatch.py -r 4``.
``--matrix N[,N...]``: the N x N Smatch matrix of STS dev graphs with ``--jobs 2`` for each N (wall and
CPU seconds of the whole process and its workers, both cores, with the load average before and after;
0 skips it). ``--only STAGE`` (repeatable: ``in-process``, ``little-prince``, ``matrix``) runs only
those stages.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scorer_bench import (
    CANDIDATES,
    map_pairs,
    perturbed,
    pin_to_one_cpu,
    rate,
    repeated_rate,
    rounds_beside_reference,
    spread,
    sts_dev,
)

import amrmetrics
import amrmetrics._native as native
from amrmetrics.read import read_graphs

ROOT = Path(__file__).resolve().parents[1]
STAGES = ("in-process", "little-prince", "matrix")
PR_SET_CHILD_SUBREAPER = 36


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def adopt_orphans() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux), so that the CPU time of worker
    processes whose parent exits first (the fork server's) is counted; False where that is not possible."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def whole_process(cmd: list[str], env: dict[str, str] | None = None, descendants: bool = False) -> tuple[float, float, str]:
    """Wall and CPU seconds of one process (with the children it waited for), and its standard output
    (it inherits this process's CPU affinity). ``descendants``: also wait for every descendant left
    behind and count its CPU time (with :func:`adopt_orphans` called first)."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        cpu = usage.ru_utime + usage.ru_stime
        wall = time.perf_counter() - start
        while descendants:
            try:
                _, _, usage = os.wait4(-1, 0)
            except ChildProcessError:
                break
            cpu += usage.ru_utime + usage.ru_stime
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{cmd[:4]} failed")
    return wall, cpu, text


def in_process(args: argparse.Namespace, cpu: int) -> None:
    sts, tests, golds = sts_dev(args.shared)
    n = len(tests)
    vocabulary = sorted({c for g in read_graphs(sts / "tgt.dev.amr") for _, c in g.instances})
    import random

    rng = random.Random(0)
    rewards = [(gold, [perturbed(gold, vocabulary, rng) for _ in range(CANDIDATES)]) for gold in golds[:50]]
    compiled_core = native.CORE
    paths = {"compiled": compiled_core, "Python": None} if compiled_core is not None else {"Python": None}
    scorers = {spec: amrmetrics.Scorer(spec) for spec in ("smatch", "sembleu", "rematch")}
    for scorer in scorers.values():
        scorer.pairs(tests[:200], golds[:200])
    found: dict[tuple[str, str], list[list[float]]] = {}
    batches: list[float] = []

    def paired() -> float:
        batches.append(repeated_rate(n, partial(scorers["smatch"].pairs, tests, golds))[0])
        return batches[-1]

    def one_round() -> None:
        for path, core in paths.items():
            native.CORE = core
            try:
                for spec, scorer in scorers.items():
                    first = spec == "smatch" and core is compiled_core
                    row = [batches[-1] if first else rate(n, partial(scorer.pairs, tests, golds))[0]]
                    if spec == "smatch":
                        row.append(rate(n, partial(map_pairs, scorer, zip(tests, golds)))[0])
                        row.append(1000 / rate(len(rewards), partial(map_pairs, scorer.one_to_many, [(c, g) for g, c in rewards]))[0])
                    found.setdefault((spec, path), []).append(row)
            finally:
                native.CORE = compiled_core

    references, ratios = rounds_beside_reference(args.reference_python, tests, golds, cpu, args.repeats, one_round, paired)
    reference = median(references)
    print(f"## In process: {n} STS dev pairs as PENMAN strings, CPU {cpu}, median of {args.repeats} rounds\n")
    print("| metric | path | batch pairs/s | batch vs smatch 1.0.4 | single-pair calls pairs/s | single / batch cost | reward: 64 candidates (ms) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for (spec, path), rounds in found.items():
        columns = [median(list(c)) for c in zip(*rounds)]
        batch = columns[0]
        first = spec == "smatch" and path == next(iter(paths))
        versus = "n/a" if not references else spread(ratios) if first else f"{batch / reference:.1f}x"
        if spec == "smatch":
            single, reward = columns[1], columns[2]
            print(f"| {spec} | {path} | {batch:,.0f} | {versus} | {single:,.0f} | {batch / single:.2f}x | {reward:.2f} |")
        else:
            print(f"| {spec} | {path} | {batch:,.0f} | {versus} | | | |")
    if references:
        print(f"| smatch 1.0.4 `get_amr_match` (4 restarts, inexact) | | {reference:,.0f} | 1.0x | | | |")
    print()


def little_prince(args: argparse.Namespace, cpu: int) -> None:
    lp = args.shared / "data/littleprince-parses"
    test, gold = lp / "candidates.amr", lp / "references.amr"
    ours = [sys.executable, "-m", "amrmetrics", "score", str(test), str(gold), "--no-progress"]
    smatch_py = shutil.which("smatch.py", path=str(Path(args.reference_python).parent))
    runs: dict[str, list[tuple[float, float]]] = {}
    scores: dict[str, str] = {}
    # as installed packages run: bytecode cached (pip compiles it at install), so start-up is not a compiler's
    cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for round_ in range(args.repeats + 1):  # round 0 warms up (writes the bytecode) and is not counted
        for name, cmd, env in (
            ("amrmetrics score (compiled)", ours, cached),
            ("amrmetrics score (Python, AMRMETRICS_NATIVE=0)", ours, {**cached, "AMRMETRICS_NATIVE": "0"}),
            ("smatch 1.0.4 -r 4", [args.reference_python, smatch_py or "smatch.py", "-f", str(test), str(gold), "-r", "4"], cached),
        ):
            if name.startswith("smatch") and not smatch_py:
                continue
            wall, cpu_s, out = whole_process(cmd, env)
            if round_:
                runs.setdefault(name, []).append((wall, cpu_s))
            match = re.search(r"F-score: ([0-9.]+)", out) or re.search(r"│ smatch │[^│]*│[^│]*│ *([0-9.]+)", out)
            scores[name] = match.group(1) if match else ""
    print(f"## Whole process: Little Prince (400 pairs), CPU {cpu}, median of {args.repeats} runs\n")
    print("| command | wall s | CPU s | vs smatch 1.0.4 (wall) | corpus F |")
    print("|---|---:|---:|---:|---:|")
    reference = median([w for w, _ in runs.get("smatch 1.0.4 -r 4", [])])
    for name, values in runs.items():
        wall, cpu_s = median([w for w, _ in values]), median([c for _, c in values])
        versus = f"{wall / reference:.2f}x" if not math.isnan(reference) else "n/a"
        print(f"| {name} | {wall:.2f} | {cpu_s:.2f} | {versus} | {scores[name]} |")
    print()


def load() -> str:
    """The one-minute load average (the machine may be shared)."""
    return f"{os.getloadavg()[0]:.2f}"


def matrix(args: argparse.Namespace) -> None:
    sts = args.shared / "data/bamboo/sts/main"
    from amrmetrics.read import split_blocks

    blocks = []
    for name in ("src.dev.amr", "tgt.dev.amr"):
        with open(sts / name, encoding="utf-8") as handle:
            blocks += [block.text for block in split_blocks(handle)]
    sizes = args.matrix
    if max(sizes) > len(blocks):
        raise SystemExit(f"--matrix: STS dev has {len(blocks)} graphs, not {max(sizes)}")
    counted = "the process and its workers" if adopt_orphans() else "the main process only (its workers not counted)"
    print("## Matrix: N x N Smatch of STS dev graphs, `amrmetrics matrix -m smatch --jobs 2`\n")
    print(f"CPU s: {counted}.\n")
    print("| N | alignments | wall s | CPU s | pairs/s (wall) | load before | load after |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        with tempfile.TemporaryDirectory() as folder:
            corpus = Path(folder, "corpus.amr")
            corpus.write_text("\n\n".join(blocks[:n]) + "\n", encoding="utf-8")
            cmd = [sys.executable, "-m", "amrmetrics", "matrix", str(corpus), "-m", "smatch", "--jobs", "2", "-o", str(Path(folder, "m.npy")), "--no-progress"]
            before = load()
            wall, cpu_s, _ = whole_process(cmd, descendants=True)
            after = load()
        pairs = n * (n + 1) // 2
        print(f"| {n:,} | {pairs:,} | {wall:.1f} | {cpu_s:.1f} | {pairs / wall:,.0f} | {before} | {after} |", flush=True)
    print()


def sizes(text: str) -> list[int]:
    """``--matrix``: comma-separated graph counts, 0 for none."""
    return [n for n in (int(x) for x in text.split(",")) if n > 0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--reference-python", default=sys.executable, help="interpreter that has smatch 1.0.4")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--matrix", type=sizes, default=[], help="graphs of the Smatch matrix, comma-separated for several (0: skip)")
    parser.add_argument("--only", action="append", choices=STAGES, help="run only this stage (repeatable; default: every stage)")
    args = parser.parse_args()
    stages = args.only or STAGES
    if "matrix" in stages and not args.matrix:
        if args.only:
            parser.error("--only matrix needs --matrix N")
        stages = tuple(s for s in stages if s != "matrix")
    print(f"amrmetrics {amrmetrics.__version__}, {native.describe()}\n")
    everywhere = os.sched_getaffinity(0)
    if "in-process" in stages or "little-prince" in stages:
        cpu = pin_to_one_cpu()
        if "in-process" in stages:
            in_process(args, cpu)
        if "little-prince" in stages:
            little_prince(args, cpu)
        os.sched_setaffinity(0, everywhere)
    if "matrix" in stages:
        matrix(args)


if __name__ == "__main__":
    main()
