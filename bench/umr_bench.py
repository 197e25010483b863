"""UMR documents: the 32 shared English documents x 3 strengths, document scope, whole processes.

For each strength (interleaved, ``--repeats`` rounds, every tool as its own process so imports and
reading count) the table gives wall and CPU seconds (median over the rounds), peak memory, the
headline F and what is proven:

* ``amrmetrics -m umr``: the certified document metric on the files as released
  (``--on-error skip``: the one unreadable gold graph, 0199 #10, is left out);
* AnCast (umr4nlp/ancast, installed from its commit in ``--ancast-python``'s environment), its
  command line in document scope over the folder. It stops on the release layout (all 96 runs
  crash there), so it gets whitespace-normalised copies, with 0578's two-span alignment lines cut
  to their first span (where its document scope crashes otherwise), as its golden files were made;
* juːmæʧ (ufal/umrtools ``compare_umr.pl`` in ``--umrtools``, ``--perl``): one process per
  document (it compares two files), on the same normalised copies; its time is the sum.

    python bench/umr_bench.py --ancast-python /tmp/ancast-venv/bin/python --umrtools /tmp/umrtools [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from smatch_bench import ROOT, Outcome, run

SEPARATOR = "#" * 80
MARKERS = ("# sentence level graph:", "# alignment:", "# document level annotation:")
_TWO_SPANS = re.compile(r"^(\S+:\s*\d+-\d+)\s*,.*$")


def normalised(text: str, first_span: bool) -> str:
    """The release text with blank lines normalised (blocks at 80-# lines, one blank line between parts,
    two after each block); ``first_span`` also cuts alignment values to their first span."""
    blocks: list[list[list[str]]] = []
    for line in text.split("\n"):
        if line == SEPARATOR:
            blocks.append([[line]])
        elif blocks:
            if line in MARKERS:
                blocks[-1].append([])
            if line:
                blocks[-1][-1].append(_TWO_SPANS.sub(r"\1", line) if first_span else line)
    return "".join("\n\n".join("\n".join(p) for p in b) + "\n\n\n" for b in blocks)


def copies(data: Path, work: Path) -> Path:
    """Normalised copies of gold/ and test-*/ under ``work`` (the layout AnCast and juːmæʧ can read)."""
    for folder in ["gold", "test-light", "test-medium", "test-heavy"]:
        (work / folder).mkdir(parents=True, exist_ok=True)
        for path in sorted((data / folder).glob("*.umr")):
            (work / folder / path.name).write_text(normalised(path.read_text(encoding="utf-8"), True), encoding="utf-8")
    return work


def ours(data: Path, level: str, limit: float) -> tuple[Outcome, str, str]:
    cmd = [sys.executable, "-m", "amrmetrics", "score", str(data / f"test-{level}"), str(data / "gold"), "-m", "umr",
           "--on-error", "skip", "--format", "json", "--no-progress"]
    o = run(cmd, limit, 8)
    if o.status != "ok":
        return o, "", ""
    report = json.loads(o.stdout)["metrics"][0]
    uncertified = report["summary"]["uncertified"]
    proof = "all 32 certified" if uncertified == 0 else f"{uncertified} not certified"
    return o, f"{100 * report['micro']['Comprehensive.F']:.2f}", proof


def ancast(python: str, norm: Path, level: str, limit: float, work: Path) -> tuple[Outcome, str]:
    out = work / f"ancast-{level}"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    cmd = [python, "-m", "ancast", "-p", str(norm / f"test-{level}"), "-g", str(norm / "gold"), "-o", str(out) + "/", "-s", "doc", "-df", "umr"]
    o = run(cmd, limit, 8)
    if o.status == "exit 1":  # AnCast's command line exits 1 when it succeeds
        o.status = "ok"
    return o, "heuristic, not certified"


def jumach(perl: str, script: Path, norm: Path, level: str, limit: float) -> tuple[Outcome, str]:
    total = Outcome(0.0, 0.0, "", "ok", 0.0)
    correct = total0 = total1 = 0
    for gold in sorted((norm / "gold").glob("*.umr")):
        o = run([perl, str(script), "GOLD", str(gold), "SYSTEM", str(norm / f"test-{level}" / gold.name), "--tsv"], limit, 8)
        total.seconds += o.seconds
        total.cpu += o.cpu
        total.peak_mb = max(total.peak_mb, o.peak_mb)
        if o.status != "ok":
            total.status = o.status
        m = re.search(r"^juːmæʧ\tGOLD\tSYSTEM\t(\d+)\t(\d+)\t(\d+)", o.stdout, re.M)
        if m:
            correct, total0, total1 = correct + int(m.group(1)), total0 + int(m.group(2)), total1 + int(m.group(3))
    p, r = (correct / total1 if total1 else 0.0), (correct / total0 if total0 else 0.0)
    return total, f"{100 * (2 * p * r / (p + r) if p + r else 0.0):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "umr", help="the shared UMR folder (gold/, test-*/)")
    parser.add_argument("--ancast-python", help="a Python with AnCast installed (skipped when not given)")
    parser.add_argument("--umrtools", type=Path, help="a checkout of ufal/umrtools (compare_umr.pl; skipped when not given)")
    parser.add_argument("--perl", default=shutil.which("perl") or "perl")
    parser.add_argument("--repeats", type=int, default=3, help="rounds, each tool once per round (medians reported)")
    parser.add_argument("--limit", type=float, default=600, help="seconds allowed per process")
    args = parser.parse_args()
    levels = ("light", "medium", "heavy")
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory(prefix="umr-bench-") as tmp:
        work = Path(tmp)
        # every tool as installed: its modules compiled once (a bytecode cache outside the trees), not at every start
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
        norm = copies(args.data, work / "normalised")
        ours(args.data, "light", args.limit)  # warm-up, not timed
        if args.ancast_python:
            ancast(args.ancast_python, norm, "light", args.limit, work)
        for level in levels:
            runs: dict[str, list[tuple[Outcome, str, str]]] = {"amrmetrics umr": [], "AnCast doc": [], "juːmæʧ (32 processes)": []}
            for _ in range(args.repeats):
                runs["amrmetrics umr"].append(ours(args.data, level, args.limit))
                if args.ancast_python:
                    o, note = ancast(args.ancast_python, norm, level, args.limit, work)
                    runs["AnCast doc"].append((o, "", note))
                if args.umrtools:
                    o, f = jumach(args.perl, args.umrtools / "compare_umr.pl", norm, level, args.limit)
                    runs["juːmæʧ (32 processes)"].append((o, f, "no search (word alignments)"))
            base = None
            for tool, done in runs.items():
                if not done:
                    continue
                wall = statistics.median(o.seconds for o, _, _ in done)
                cpu = statistics.median(o.cpu for o, _, _ in done)
                peak = max(o.peak_mb for o, _, _ in done)
                status = {o.status for o, _, _ in done}
                if tool == "amrmetrics umr":
                    base = cpu
                ratio = f"{cpu / base:.2f}" if base else ""
                shown = f"{wall:.2f}" if status == {"ok"} else ", ".join(sorted(status))
                rows.append((level, tool, shown, f"{cpu:.2f}", ratio, f"{peak:.0f}", done[-1][1], done[-1][2]))
    head = ("strength", "tool", "wall s (median)", "CPU s (median)", "CPU / ours", "peak MB", "F", "proven")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
