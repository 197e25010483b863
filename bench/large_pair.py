"""Peak memory and wall clock of ``amrmetrics score`` on one very large pair (a whole document).

    .venv/bin/python bench/large_pair.py                          # 50,120 nodes, smatch --timeout 60
    .venv/bin/python bench/large_pair.py --copies 1 --timeout 5   # 3,580 nodes
    .venv/bin/python bench/large_pair.py --metric sembleu --metric sema --metric simple --metric wlk

The pair is the Little Prince parses (candidates against references, 400 sentences from the
repository's sibling ``shared/`` directory) joined into one ``multi-sentence`` graph, ``--copies``
times over (14 copies: 50,120 test nodes). Each metric runs in its own process; its peak resident
memory comes from ``os.wait4``. ``--limit-gb`` caps the address space of each run (so a run that
would need more fails with an out-of-memory error instead of exhausting the machine).
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
from collections.abc import Sequence
from pathlib import Path

import penman

from amrmetrics.graph import Graph
from amrmetrics.read import read_graphs

DEFAULT_SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def document(graphs: Sequence[Graph], copies: int) -> str:
    """PENMAN text of ``(doc / multi-sentence :snt1 G1 ...)`` over ``copies`` rounds of ``graphs``."""
    triples = [("doc", ":instance", "multi-sentence")]
    number = 0
    for _ in range(copies):
        for graph in graphs:
            if graph.root is None:
                continue
            number += 1
            name = f"s{number}."
            triples += [(name + v, ":instance", c) for v, c in graph.instances]
            triples += [(name + v, r, c) for v, r, c in graph.attributes]
            triples += [(name + s, r, name + t) for s, r, t in graph.relations]
            triples.append(("doc", f":snt{number}", name + graph.root))
    return penman.encode(penman.Graph(triples, top="doc"), indent=None) + "\n"


def measure(command: list[str], limit_gb: float | None) -> tuple[int, float, float]:
    """Exit status, wall-clock seconds and peak resident memory (MB) of one command."""

    with tempfile.TemporaryFile() as errors:
        began = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        if limit_gb:  # set before the child has imported anything, let alone read the graphs
            size = int(limit_gb * 2**30)
            resource.prlimit(child.pid, resource.RLIMIT_AS, (size, size))
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - began
        errors.seek(0)
        tail = errors.read().decode(errors="replace").strip().splitlines()[-1:]
    code = os.waitstatus_to_exitcode(status)
    if tail and code:
        print(f"    {tail[0][:160]}", file=sys.stderr)
    return code, seconds, usage.ru_maxrss / 1024


def main(argv: Sequence[str] | None = None) -> int:
    """Build the pair, score it once per metric, print one line per run."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    parser.add_argument("--copies", type=int, default=14)
    parser.add_argument("--metric", action="append", help="metric spec (repeatable; default smatch)")
    parser.add_argument("--timeout", type=float, default=60.0, help="--timeout of the Smatch family (default 60)")
    parser.add_argument("--limit-gb", type=float, help="address-space cap per run")
    args = parser.parse_args(argv)
    lp = args.shared / "data" / "littleprince-parses"
    test = read_graphs(lp / "candidates.amr", on_error="zero")
    gold = read_graphs(lp / "references.amr", on_error="zero")
    with tempfile.TemporaryDirectory() as tmp:
        paths = [Path(tmp) / "test.amr", Path(tmp) / "gold.amr"]
        for path, graphs in zip(paths, (test, gold)):
            path.write_text(document(graphs, args.copies), encoding="utf-8")
        nodes = sum(len(g.instances) for g in test) * args.copies + 1
        print(f"pair of {nodes} test nodes ({args.copies} x Little Prince candidates)")
        for metric in args.metric or ["smatch"]:
            command = [sys.executable, "-m", "amrmetrics", "score", *map(str, paths), "-m", metric, "--no-progress"]
            command += ["--timeout", str(args.timeout), "--per-pair", str(Path(tmp) / "pairs.jsonl")]
            code, seconds, peak = measure(command, args.limit_gb)
            print(f"  {metric:10} exit {code}  {seconds:7.1f} s  peak RSS {peak:8.0f} MB")
            if code == 0:
                (result,) = json.loads((Path(tmp) / "pairs.jsonl").read_text(encoding="utf-8"))["metrics"].values()
                found = {k: result[k] for k in ("lower", "upper", "status") if k in result}
                print(f"    {found or result['scores']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
