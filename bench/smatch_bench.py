"""Whole-process Smatch benchmark: amrmetrics (exact) against smatch 1.0.4 and smatchpp 1.8.0.

Prints one table row per (tool, dataset): wall seconds, peak memory of the process, corpus F,
and pairs certified optimal; then what ``amrmetrics score`` spends importing (``-X importtime``'s
largest cumulative entries on the first dataset), so a heavy module-level import shows in the table. Documents (long graphs) are measured by ``bench/doc_bench.py``. Every tool runs as its own process, so imports and reading count.
The reference tools run when installed (in this interpreter or in the one named by
``--reference-python``), each under a time limit and a memory cap so a blow-up is reported, not
suffered.

    python bench/smatch_bench.py [--shared ../shared] [--reference-python /path/to/python]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Outcome:
    """One process run: wall seconds, peak RSS in MB, what it printed, how it ended, and its CPU seconds."""

    seconds: float
    peak_mb: float
    stdout: str
    status: str
    cpu: float = 0.0


def run(cmd: list[str], limit_s: float, mem_gb: float) -> Outcome:
    """Run a command, measuring wall time and the child's own peak RSS (os.wait4)."""

    def cap() -> None:
        limit = int(mem_gb * 1024**3)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, preexec_fn=cap)
        deadline = start + limit_s
        status = "ok"
        while True:
            pid, code, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                pid, code, usage = os.wait4(proc.pid, 0)
                status = f"timeout {limit_s:.0f}s"
                break
            time.sleep(0.005)
        seconds = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        text = out.read().decode("utf-8", "replace")
        errors = err.read().decode("utf-8", "replace")
    if status == "ok" and code != 0:
        memory = "MemoryError" in errors or os.waitstatus_to_exitcode(code) == -9
        status = f"out of memory ({mem_gb:g} GB cap)" if memory else f"exit {os.waitstatus_to_exitcode(code)}"
    return Outcome(seconds, usage.ru_maxrss / 1024, text, status, usage.ru_utime + usage.ru_stime)


def amrmetrics_cmd(test: Path, gold: Path, jobs: int) -> list[str]:
    """Our CLI, JSON output."""
    return [sys.executable, "-m", "amrmetrics", "score", str(test), str(gold), "--jobs", str(jobs), "--format", "json", "--no-progress"]


def parse_amrmetrics(o: Outcome) -> tuple[str, str]:
    """Corpus F (x100) and certified pairs from our JSON output."""
    data = json.loads(o.stdout)
    m = data["metrics"][0]
    certified = data["pairs"] - m["summary"]["uncertified"]
    return f"{100 * m['micro']['F']:.3f}", f"{certified}/{data['pairs']}"


def import_costs(test: Path, gold: Path, top: int) -> list[tuple[str, str, str]]:
    """The ``top`` largest cumulative import times of one ``amrmetrics score`` process: (module, ms, self ms)."""
    cmd = [sys.executable, "-X", "importtime", "-m", "amrmetrics", "score", str(test), str(gold), "--no-progress"]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "cumulative" not in line:
            own, cumulative, name = (part.strip() for part in line.removeprefix("import time:").split("|"))
            rows.append((int(cumulative), int(own), name))
    rows.sort(reverse=True)
    return [(name, f"{cumulative / 1000:.1f}", f"{own / 1000:.1f}") for cumulative, own, name in rows[:top]]


def table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    """Print a Markdown table."""
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        print("| " + " | ".join(row) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--reference-python", default=sys.executable, help="interpreter that has smatch / smatchpp")
    parser.add_argument("--limit", type=float, default=300, help="seconds allowed per reference run")
    parser.add_argument("--mem-gb", type=float, default=8, help="memory cap per run")
    parser.add_argument("--skip-large", action="store_true", help="skip the 5,750-pair STS corpus")
    parser.add_argument("--imports", type=int, default=12, help="import-time entries to print (0: none)")
    args = parser.parse_args()

    lp = args.shared / "data/littleprince-parses"
    sts = args.shared / "data/bamboo/sts/main-train"
    datasets: list[tuple[str, Path, Path]] = [("littleprince (400)", lp / "candidates.amr", lp / "references.amr")]
    if not args.skip_large:
        datasets.append(("sts main-train (5750)", sts / "src.train.amr", sts / "tgt.train.amr"))
    ref_py = args.reference_python
    smatch_py = shutil.which("smatch.py", path=str(Path(ref_py).parent)) or shutil.which("smatch.py")
    has_smatchpp = subprocess.run([ref_py, "-c", "import smatchpp"], capture_output=True).returncode == 0

    rows = []
    for name, test, gold in datasets:
        if not test.exists():
            rows.append((name, "(data missing)", "", "", "", ""))
            continue
        for jobs in (1, 2):
            o = run(amrmetrics_cmd(test, gold, jobs), 3600, args.mem_gb)
            f, cert = parse_amrmetrics(o) if o.status == "ok" else ("", "")
            rows.append((name, f"amrmetrics exact -j{jobs}", f"{o.seconds:.2f}" if o.status == "ok" else o.status, f"{o.peak_mb:.0f}", f, cert))
        if smatch_py:
            o = run([ref_py, smatch_py, "-f", str(test), str(gold), "-r", "4", "--significant", "4"], args.limit, args.mem_gb)
            m = re.search(r"F-score: ([0-9.]+)", o.stdout)
            f = f"{100 * float(m.group(1)):.3f}" if m and o.status == "ok" else ""
            rows.append((name, "smatch 1.0.4 -r 4", f"{o.seconds:.2f}" if o.status == "ok" else o.status, f"{o.peak_mb:.0f}", f, "not exact"))
        else:
            rows.append((name, "smatch 1.0.4", "not installed", "", "", ""))
        if has_smatchpp:
            cmd = [ref_py, "-m", "smatchpp", "-a", str(test), "-b", str(gold), "-solver", "ilp", "-graph_type", "generic", "-score_type", "micro", "-output_format", "json"]
            o = run(cmd, args.limit, args.mem_gb)
            f = ""
            if o.status == "ok":
                f = f"{json.loads(o.stdout[o.stdout.index('{'):])['main']['F1']['result']:.2f}"
            rows.append((name, "smatchpp 1.8.0 ilp generic", f"{o.seconds:.2f}" if o.status == "ok" else o.status, f"{o.peak_mb:.0f}", f, "ILP"))
        else:
            rows.append((name, "smatchpp 1.8.0", "not installed", "", "", ""))
        print(f"done: {name}", file=sys.stderr)

    table(("dataset", "tool", "wall s", "peak MB", "corpus F", "certified optimal"), rows)
    name, test, gold = datasets[0]
    if args.imports and test.exists():
        print(f"\nImports of `amrmetrics score` on {name} (largest cumulative first):\n")
        table(("module", "cumulative ms", "self ms"), import_costs(test, gold, args.imports))


if __name__ == "__main__":
    main()
