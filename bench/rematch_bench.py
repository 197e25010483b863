"""Whole-process rematch benchmark: the BAMBOO STS dev pairs and the reference's 500,000-pair protocol.

Two corpora, each timed as whole processes (start-up, reading, scoring and writing count):

* ``sts``: the 1501 BAMBOO STS dev pairs (``bamboo/sts/main`` src vs tgt), the issue's first target
  (at most half the reference's time on the same machine);
* ``random``: the reference's efficiency protocol (Rematch-RARE ``experiments/efficiency``):
  ``--pairs`` (default 500,000) random pairs of distinct graphs drawn with replacement from a pool,
  here every graph of the shared corpora (Little Prince parses and references, every BAMBOO dev
  file, the STS training graphs), seeded by ``--seed``, written as two files of graph texts.

Ours is ``python -m amrmetrics score TEST GOLD -m SPEC --format json``; its corpus score is
checked against the pooled golden scores where they exist. The reference (osome-iu/Rematch-RARE,
not on PyPI) runs only when ``--reference-src`` names a checkout (its ``methods/rematch``) and
``--reference-python`` an interpreter with numpy, pandas and networkx; it writes its outputs beside
its first input, so both inputs are copied to a scratch folder. Ours then runs with
``classes=`` the checkout's ``pb2va.json`` too, so both do the same work, and the per-pair scores
are compared. The table gives the fastest and median wall time of interleaved rounds, the CPU
time of the fastest run, peak memory, and for the reference also the sum of its own per-pair
``time`` column (what its paper reports: motif building and set operations only, no reading or
parsing).

    python bench/rematch_bench.py [--shared ../shared] [--corpora sts random] [--pairs 500000]
        [--repeat 3] [--jobs 1] [--reference-src DIR --reference-python PY]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from amrmetrics.read import split_blocks

ROOT = Path(__file__).resolve().parents[1]
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "PYTHONPATH": str(ROOT / "src")}
"""Children keep their bytecode cache (as an installed package would) and import this checkout."""


@dataclass(frozen=True)
class Run:
    """One process: wall and CPU seconds, peak memory (MB), and its standard output."""

    wall: float
    cpu: float
    peak_mb: float
    stdout: str


def run(command: list[str], cwd: Path | None = None) -> Run:
    """Run a command to completion and measure it (``os.wait4`` gives its own CPU time and memory)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.PIPE, cwd=cwd, env=ENV)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        err = proc.stderr.read().decode() if proc.stderr else ""
        if status != 0:
            raise RuntimeError(f"{command[:4]}... failed: {err.strip().splitlines()[-1:] or status}")
        out.seek(0)
        stdout = out.read().decode()
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, stdout)


def pool(shared: Path) -> list[str]:
    """Every graph text of the shared corpora (no metadata), in a fixed order."""
    data = shared / "data"
    paths = sorted(data.glob("littleprince-parses/*.amr")) + sorted(data.glob("bamboo/*/*/*.amr"))
    texts = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            texts.extend(block.text for block in split_blocks(handle) if block.problem is None)
    return texts


def random_pairs(texts: list[str], n: int, seed: int, folder: Path) -> tuple[Path, Path]:
    """Two files holding ``n`` random pairs of distinct graphs (uniform over unordered pairs, with replacement)."""
    rng = np.random.default_rng(seed)
    first = rng.integers(0, len(texts), size=n)
    second = (first + rng.integers(1, len(texts), size=n)) % len(texts)
    paths = folder / "random_1.txt", folder / "random_2.txt"
    for path, index in zip(paths, (np.minimum(first, second), np.maximum(first, second))):
        with open(path, "w", encoding="utf-8") as handle:
            handle.writelines(texts[i] + "\n\n" for i in index.tolist())
    return paths


def reference_scores(test: Path) -> tuple[np.ndarray, float]:
    """The reference's per-pair scores (``.npy`` beside its first input) and the sum of its ``time`` column."""
    scores = np.load(test.with_name(f"{test.name.split('.txt')[0]}_rematch_scores.npy"))
    with open(test.with_name(f"{test.name.split('.txt')[0]}_rematch_data.csv"), encoding="utf-8") as handle:
        motif_seconds = sum(float(row["time"]) for row in csv.DictReader(handle))
    return scores, motif_seconds


def bench(name: str, test: Path, gold: Path, args: argparse.Namespace, folder: Path) -> list[str]:
    """Interleaved rounds of ours and (if given) the reference on one corpus; Markdown rows."""
    spec = args.spec
    commands: dict[str, tuple[list[str], Path | None]] = {}
    per_pair = folder / f"{name}-ours.tsv"
    if args.reference_src:
        table = args.reference_src / "methods/rematch/pb2va.json"
        spec = f"{spec},classes={table}" if ":" in spec else f"{spec}:classes={table}"
        scratch = folder / f"{name}-reference"
        scratch.mkdir()
        ref_test, ref_gold = shutil.copy(test, scratch), shutil.copy(gold, scratch)
        script = ["methods/rematch/rematch.py", "--ms", "-f", str(ref_test), str(ref_gold)]
        commands["reference rematch.py --ms"] = ([args.reference_python, *script], args.reference_src)
    ours = [sys.executable, "-m", "amrmetrics", "score", str(test), str(gold), "-m", spec, "--jobs", str(args.jobs)]
    ours += ["--format", "json", "--no-progress", "--per-pair", str(per_pair)]
    commands = {f"amrmetrics {spec.split(',classes=')[0]} -j{args.jobs}": (ours, None), **commands}
    runs: dict[str, list[Run]] = {label: [] for label in commands}
    for _ in range(args.repeat):
        for label, (command, cwd) in commands.items():
            runs[label].append(run(command, cwd))
    rows = []
    label_ours = next(iter(commands))
    report = json.loads(runs[label_ours][0].stdout)
    pairs, micro, macro = report["pairs"], report["metrics"][0]["micro"]["score"], report["metrics"][0]["macro"]["score"]
    check = f"micro {micro:.6f}, macro {macro:.6f}"
    if args.reference_src:
        theirs, motif_seconds = reference_scores(Path(ref_test))
        with open(per_pair, encoding="utf-8") as handle:
            rows_read = list(csv.DictReader(handle, delimiter="\t"))
        column = next(k for k in rows_read[0] if k.endswith(".score"))
        mine = np.array([float(row[column]) for row in rows_read])
        check += f"; max per-pair difference to the reference {np.max(np.abs(mine - theirs)):.1e}"
    for label, done in runs.items():
        best = min(done, key=lambda r: r.wall)
        extra = f"; its own time column sums to {motif_seconds:.2f} s" if label.startswith("reference") else ""
        rows.append(
            f"| {name} | {pairs} | {label} | {best.wall:.2f} | {statistics.median(r.wall for r in done):.2f} | "
            f"{best.cpu:.2f} | {best.peak_mb:.0f} | {check if label == label_ours else ''}{extra} |"
        )
    if args.reference_src:
        ratio = min(r.wall for r in runs[label_ours]) / min(r.wall for r in runs["reference rematch.py --ms"])
        rows.append(f"| {name} | {pairs} | ours / reference (fastest wall) | {ratio:.2f} | | | | |")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--corpora", nargs="*", choices=("sts", "random"), default=["sts", "random"])
    parser.add_argument("--spec", default="rematch:compat=yes", help="our metric (default rematch:compat=yes)")
    parser.add_argument("--pairs", type=int, default=500_000, help="pairs of the random corpus (default 500000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random corpus (default 0)")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved rounds per corpus (default 3)")
    parser.add_argument("--jobs", type=int, default=1, help="our worker processes (default 1)")
    parser.add_argument("--reference-src", type=Path, help="a Rematch-RARE checkout (holds methods/rematch)")
    parser.add_argument("--reference-python", default=sys.executable, help="python with numpy, pandas, networkx")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="rematch-bench-"))
    try:
        print("| corpus | pairs | tool | fastest wall s | median wall s | CPU s | peak MB | check |")
        print("|---|---:|---|---:|---:|---:|---:|---|")
        for name in args.corpora:
            if name == "sts":
                base = args.shared / "data/bamboo/sts/main"
                test, gold = base / "src.dev.amr", base / "tgt.dev.amr"
            else:
                texts = pool(args.shared)
                test, gold = random_pairs(texts, args.pairs, args.seed, folder)
                print(f"<!-- random corpus: {args.pairs} pairs drawn from {len(texts)} graphs, seed {args.seed} -->")
            for row in bench(name, test, gold, args, folder):
                print(row, flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
