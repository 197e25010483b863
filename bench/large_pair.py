"""Peak memory and time of ``amrmetrics score`` on single very large pairs, whole processes.

    python bench/large_pair.py                                   # every pair below, --timeout 5, 4 GB cap
    python bench/large_pair.py --timeout 1 --timeout 5 --timeout 20 --pairs lp200
    python bench/large_pair.py --pairs lp60k --metric smatch --metric smatch:doc=sentence --limit-gb 6

Pairs (``--pairs``, comma-separated; default all):

* ``lp200``: the first 200 distinct Little Prince sentences as one document, parser output against
  reference (1,789 against 1,775 nodes; ``bench/doc_bench.py``'s N = 200), from the repository's
  sibling ``shared/`` directory (``--shared``);
* ``lp20k``, ``lp60k``: all 400 Little Prince pairs, 6 and 17 times over, as one document each side
  (21,475 and 60,860 test nodes);
* ``star2k``, ``star20k``, ``star60k``: the issue's line ``(r / x :ARG0 (n0 / x) ...)`` with that many
  children of one concept, against itself (every node pair shares the concept, every edge pair the label);
* ``tree2k``, ``tree20k``, ``tree60k``: two random trees of that many nodes, 8 concepts and 3 labels.

Each run is its own process (``--limit-gb`` caps its address space, so a run that would need more
fails instead of exhausting the machine); wall and CPU seconds and peak resident memory come from
``os.wait4``; the bounds and status from ``--per-pair``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import penman

from amrmetrics.read.documents import join_trees
from amrmetrics.read.split import split_blocks

DEFAULT_SHARED = Path(__file__).resolve().parents[1].parent / "shared"
COLUMNS = ("pair", "test nodes", "metric", "timeout", "exit", "wall s", "CPU s", "peak MB", "lower", "upper", "status")


def document(source: Path, step: int, sentences: int | None, copies: int = 1) -> str:
    """The sentences of ``source`` (every ``step``-th, the first ``sentences``), ``copies`` times over,
    joined under one ``multi-sentence`` root (variables of sentence K prefixed with ``sK``)."""
    with open(source, encoding="utf-8") as handle:
        blocks = list(split_blocks(handle))[::step][:sentences]
    trees = [penman.parse(block.text) for block in blocks] * copies
    return penman.format(join_trees(trees)) + "\n"


def star(children: int) -> str:
    return "(r / x " + " ".join(f":ARG0 (n{i} / x)" for i in range(children)) + ")\n"


def tree(seed: int, nodes: int, concepts: int = 8, labels: int = 3) -> str:
    """A random tree (each node below a random earlier one) in PENMAN, written without recursion."""
    rng = np.random.default_rng(seed)
    parent = [-1] + [int(rng.integers(node)) for node in range(1, nodes)]
    role = [""] + [f":ARG{rng.integers(labels)}" for _ in range(1, nodes)]
    children: list[list[int]] = [[] for _ in range(nodes)]
    for node in range(1, nodes):
        children[parent[node]].append(node)
    out: list[str] = []
    stack: list[tuple[int, bool]] = [(0, False)]
    while stack:
        node, closing = stack.pop()
        if closing:
            out.append(")")
            continue
        out.append(f" {role[node]} (v{node} / c{rng.integers(concepts)}" if node else f"(v0 / c{rng.integers(concepts)}")
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(children[node]))
    return "".join(out) + "\n"


def pairs(shared: Path) -> dict[str, Callable[[], tuple[str, str]]]:
    """Each pair's name and how to write its test and gold text."""
    lp = shared / "data" / "littleprince-parses"
    candidates, references = lp / "candidates.amr", lp / "references.amr"
    out: dict[str, Callable[[], tuple[str, str]]] = {
        "lp200": lambda: (document(candidates, 2, 200), document(references, 2, 200)),
        "lp20k": lambda: (document(candidates, 1, None, 6), document(references, 1, None, 6)),
        "lp60k": lambda: (document(candidates, 1, None, 17), document(references, 1, None, 17)),
    }
    for label, n in (("2k", 2_000), ("20k", 20_000), ("60k", 60_000)):
        out[f"star{label}"] = lambda n=n: (star(n), star(n))
        out[f"tree{label}"] = lambda n=n: (tree(1, n), tree(2, n))
    return out


def measure(command: list[str], limit_gb: float | None) -> tuple[int, float, float, float, str]:
    """Exit status, wall and CPU seconds, peak resident memory (MB) and the last stderr line of one command."""

    def cap() -> None:
        if limit_gb:
            size = int(limit_gb * 2**30)
            resource.setrlimit(resource.RLIMIT_AS, (size, size))

    with tempfile.TemporaryFile() as errors:
        began = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, preexec_fn=cap)  # noqa: PLW1509 (no threads in this script)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - began
        errors.seek(0)
        tail = errors.read().decode(errors="replace").strip().splitlines()[-1:]
    code = os.waitstatus_to_exitcode(status)
    return code, seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, tail[0] if tail and code else ""


def table(rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table of the rows under :data:`COLUMNS`."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Write each pair, score it per metric and timeout in its own process, print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    parser.add_argument("--pairs", default="lp200,lp20k,lp60k,star2k,star20k,star60k,tree2k,tree20k,tree60k")
    parser.add_argument("--metric", action="append", help="metric spec (repeatable; default smatch)")
    parser.add_argument("--timeout", type=float, action="append", help="--timeout of the Smatch family (repeatable; default 5)")
    parser.add_argument("--limit-gb", type=float, default=4.0, help="address-space cap per run (default 4; 0: none)")
    args = parser.parse_args(argv)
    known = pairs(args.shared)
    chosen = [name.strip() for name in args.pairs.split(",") if name.strip()]
    unknown = sorted(set(chosen) - set(known))
    if unknown:
        parser.error(f"unknown pair(s) {', '.join(unknown)}; known: {', '.join(known)}")
    rows: list[list[str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in chosen:
            paths = [Path(tmp) / f"{name}.test.amr", Path(tmp) / f"{name}.gold.amr"]
            for path, text in zip(paths, known[name]()):
                path.write_text(text, encoding="utf-8")
            nodes = str(len(penman.decode(paths[0].read_text(encoding="utf-8")).instances()))
            for metric in args.metric or ["smatch"]:
                for timeout in args.timeout or [5.0]:
                    out = Path(tmp) / "pairs.jsonl"
                    out.unlink(missing_ok=True)
                    command = [sys.executable, "-m", "amrmetrics", "score", *map(str, paths), "-m", metric, "--no-progress"]
                    command += ["--timeout", f"{timeout:g}", "--per-pair", str(out)]
                    code, wall, cpu, peak, error = measure(command, args.limit_gb)
                    found: dict[str, object] = {}
                    if code == 0:
                        (found,) = json.loads(out.read_text(encoding="utf-8"))["metrics"].values()
                    row = [name, nodes, metric, f"{timeout:g}", str(code), f"{wall:.1f}", f"{cpu:.1f}", f"{peak:.0f}"]
                    row += [f"{found['lower']:.0f}", f"{found['upper']:.0f}", str(found["status"])] if "lower" in found else ["", "", error[:60]]
                    rows.append(row)
                    print(" | ".join(row), file=sys.stderr, flush=True)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
