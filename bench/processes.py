"""Helpers the whole-process benchmarks share (timing a child process, cutting a corpus to N pairs),
and, run as a script, the benchmark of worker processes behind ``--jobs``.

Run as a script it prints two tables. The first measures what starting workers costs, each in a
fresh Python process: a local process pool (fork server started, amrmetrics imported there,
workers forked, the metrics sent) until every worker has answered, and a local Dask cluster
(``distributed`` imported, scheduler and workers started, then closed); the medians are the
constants of ``amrmetrics.engine.workers``. The second times whole ``amrmetrics score`` processes
on Little Prince (400 pairs) and the STS dev set (1,501 pairs), interleaved round by round: one
process, ``--jobs N`` as the engine chooses, and ``--jobs N`` with start-up declared free
(``AMRMETRICS_WORKER_STARTUP=0``: always N workers, as before the rule), with the local pool and
with ``--executor dask``; wall seconds, because a pool's workers are not the timed process's
children (their CPU time is not counted).

    python bench/processes.py [--shared ../shared] [--rounds 5] [--jobs 2] [--no-dask]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from amrmetrics.read import split_blocks

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""Child processes keep their bytecode cache, as an installed package would."""


def timed(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Wall seconds and CPU seconds (user + system) of one process, and its stdout (``env``: added variables)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, check=False, capture_output=True, text=True, env={**ENV, **(env or {})})
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise RuntimeError(f"exit {done.returncode}: {last}")
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return seconds, cpu, done.stdout


def head(path: Path, n: int, folder: Path) -> Path:
    """A copy of the first ``n`` graphs of ``path`` (with their comment lines) in ``folder``."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    with open(path, encoding="utf-8") as handle:
        blocks = split_blocks(handle)
        cut = next((b.line for k, b in enumerate(blocks) if k == n), len(lines) + 1) - 1
    while cut > 0 and lines[cut - 1].lstrip().startswith("#"):
        cut -= 1
    out = folder / f"{path.stem}.head{n}.amr"
    out.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    return out


ROOT = Path(__file__).resolve().parents[1]

POOL = """
import time
start = time.perf_counter()
from amrmetrics.engine.parallel import process_pool
from amrmetrics.engine.run import _init_worker
from amrmetrics.metrics.registry import parse_metrics
metrics = parse_metrics(["smatch"])
begin = time.perf_counter()
pool = process_pool({workers}, _init_worker, (metrics,))
for future in [pool.submit(time.sleep, 0.05) for _ in range({workers})]:
    future.result()
ready = time.perf_counter()
pool.shutdown()
print(ready - begin - 0.05)
"""
"""Seconds from asking for a pool of N workers until all have run a task (the task's 0.05 s sleep
taken off; N tasks at once reach N workers)."""

DASK = """
import time
begin = time.perf_counter()
from amrmetrics.engine.executors import open_executor
with open_executor("dask", {workers}) as executor:
    executor.client
print(time.perf_counter() - begin)
"""
"""Seconds to import ``distributed``, start a local cluster of N workers and close it."""


def seconds_of(code: str) -> float:
    """The number a snippet prints, run in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=ENV)
    return float(done.stdout.split()[-1])


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} | {min(values):.2f} | {max(values):.2f}"


def startup_table(args: argparse.Namespace) -> None:
    print("| start-up of | runs | median s | min s | max s |")
    print("|---|---:|---:|---:|---:|")
    for workers in sorted({1, args.jobs}):
        times = [seconds_of(POOL.format(workers=workers)) for _ in range(max(args.rounds, 9))]
        print(f"| local process pool, {workers} worker{'s' if workers > 1 else ''} | {len(times)} | {spread(times)} |")
    if args.dask:
        times = [seconds_of(DASK.format(workers=args.jobs)) for _ in range(3)]
        print(f"| local Dask cluster, {args.jobs} workers (import, start, close) | 3 | {spread(times)} |")


def corpora(shared: Path) -> list[tuple[str, Path, Path]]:
    lp = shared / "data/littleprince-parses"
    sts = shared / "data/bamboo/sts/main"
    return [("Little Prince", lp / "candidates.amr", lp / "references.amr"), ("STS dev", sts / "src.dev.amr", sts / "tgt.dev.amr")]


def whole_table(args: argparse.Namespace) -> None:
    ours = [sys.executable, "-m", "amrmetrics"]
    n = str(args.jobs)
    variants = [("one process (-j 1)", [], {}), (f"-j {n}, chosen", ["-j", n], {}), (f"-j {n}, always {n} workers", ["-j", n], {"AMRMETRICS_WORKER_STARTUP": "0"})]
    if args.dask:
        variants += [
            (f"--executor dask -j {n}, chosen", ["--executor", "dask", "-j", n], {}),
            (f"--executor dask -j {n}, always", ["--executor", "dask", "-j", n], {"AMRMETRICS_WORKER_STARTUP": "0"}),
        ]
    print("\n| corpus | pairs | command | median wall s | min | max | workers used (stderr) |")
    print("|---|---:|---|---:|---:|---:|---|")
    for name, test, gold in corpora(args.shared):
        walls: dict[str, list[float]] = {label: [] for label, _, _ in variants}
        notes: dict[str, str] = {}
        pairs = 0
        for _ in range(args.rounds):
            for label, extra, env in variants:
                cmd = [*ours, "score", str(test), str(gold), "-f", "json", "--no-progress", *extra]
                start = time.perf_counter()
                done = subprocess.run(cmd, check=True, capture_output=True, text=True, env={**ENV, **env})
                walls[label].append(time.perf_counter() - start)
                pairs = json.loads(done.stdout)["pairs"]
                note = [line for line in done.stderr.splitlines() if "--jobs" in line]
                notes[label] = note[0].split(": ", 2)[-1].split(" (")[0] if note else "as asked"
        for label, times in walls.items():
            print(f"| {name} | {pairs} | {label} | {spread(times)} | {notes[label]} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-dask", dest="dask", action="store_false", help="leave the Dask rows out")
    args = parser.parse_args()
    print(f"# Worker processes: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}\n")
    startup_table(args)
    whole_table(args)


if __name__ == "__main__":
    main()
