"""Document-scale Smatch: one document of N Little Prince sentences, parser output against reference.

The documents are built as ``amrmetrics documents --sentences N --step 2`` builds them: the first N
*distinct* sentences (the shared references file holds every reference twice, next to two parses
of its sentence; every other graph is taken, the first parse), joined under a ``multi-sentence``
root. For each N (interleaved, every tool as its own process so imports and reading count) the
table gives wall and CPU seconds, peak memory, F and what is proven:

* ``amrmetrics smatch``: the exact alignment (``--timeout`` seconds), certified or its bounds;
  ``--timeout 0`` runs it without a work budget (where the compiled solver, if built, takes part:
  it never runs under a budget), each run stopped after ``--limit`` seconds;
* ``amrmetrics smatch:doc=sentence``: docSmatch's sentence-constrained score, exact;
* smatch 1.0.4 (``-r 4``) and Smatch++ 1.8.0 (ILP, generic) where installed, each under
  ``--limit`` seconds and a ``--mem-gb`` address-space cap (a run past either is reported, not suffered).

    python bench/doc_bench.py [--sizes 10,25,50,100,200] [--timeout 300]
        [--smatch-python /path/with/smatch] [--smatchpp-python /path/with/smatchpp]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

from smatch_bench import ROOT, Outcome, run

import amrmetrics
from amrmetrics._native import describe
from amrmetrics.read import read_graphs
from amrmetrics.read.documents import join_file


def write_document(source: Path, n: int, out: Path) -> int:
    """Write the document of the first ``n`` distinct sentences of ``source``; return its node count."""
    out.write_text(next(join_file(source, n, step=2)) + "\n", encoding="utf-8")
    return len(read_graphs(out)[0].instances)


def ours(test: Path, gold: Path, metric: str, timeout: float, limit: float, mem_gb: float, work: Path) -> tuple[Outcome, str, str]:
    """Our CLI on one pair: the outcome, F (x100) and what is proven (certified, or lower..upper matched).
    ``timeout`` 0: no ``--timeout`` (no work budget), the run stopped after ``limit`` seconds."""
    pairs = work / "pairs.jsonl"
    budget = ["--timeout", f"{timeout:g}"] if timeout > 0 else []
    cmd = [sys.executable, "-m", "amrmetrics", "score", str(test), str(gold), "--metric", metric,
           *budget, "--format", "json", "--no-progress", "--per-pair", str(pairs)]
    o = run(cmd, timeout + 600 if timeout > 0 else limit, mem_gb)
    if o.status != "ok":
        return o, "", ""
    report = json.loads(o.stdout)["metrics"][0]
    details = next(iter(json.loads(pairs.read_text(encoding="utf-8").splitlines()[0])["metrics"].values()))
    f = report["micro"].get("F", report["micro"].get("Smatch.F"))
    if details["status"] == "optimal":
        proof = f"certified ({details['lower']:.0f})"
    else:
        proof = f"{details['lower']:.0f} <= optimum <= {details['upper']:.0f} ({details['status']})"
    return o, f"{100 * f:.3f}", proof


def smatch_reference(python: str, test: Path, gold: Path, limit: float, mem_gb: float) -> tuple[Outcome, str]:
    """smatch 1.0.4, four restarts."""
    script = shutil.which("smatch.py", path=str(Path(python).parent)) or "smatch.py"
    o = run([python, script, "-f", str(test), str(gold), "-r", "4", "--significant", "4"], limit, mem_gb)
    m = re.search(r"F-score: ([0-9.]+)", o.stdout)
    return o, f"{100 * float(m.group(1)):.3f}" if m and o.status == "ok" else ""


def smatchpp(python: str, test: Path, gold: Path, limit: float, mem_gb: float) -> tuple[Outcome, str]:
    """Smatch++ 1.8.0, ILP solver, generic graphs."""
    cmd = [python, "-m", "smatchpp", "-a", str(test), "-b", str(gold), "-solver", "ilp", "-graph_type", "generic",
           "-score_type", "micro", "-output_format", "json"]
    o = run(cmd, limit, mem_gb)
    f = f"{json.loads(o.stdout[o.stdout.index('{'):])['main']['F1']['result']:.2f}" if o.status == "ok" else ""
    return o, f


def row(n: int, nodes: int, tool: str, o: Outcome, f: str, proof: str) -> tuple[str, ...]:
    wall = f"{o.seconds:.2f}" if o.status == "ok" else o.status
    return (str(n), str(nodes), tool, wall, f"{o.cpu:.2f}", f"{o.peak_mb:.0f}", f, proof)


def installed(python: str | None, module: str) -> bool:
    import subprocess

    return bool(python) and subprocess.run([python, "-c", f"import {module}"], capture_output=True, check=False).returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--sizes", default="10,25,50,100,200", help="sentences per document, comma-separated")
    parser.add_argument("--timeout", type=float, default=300, help="amrmetrics --timeout (seconds per pair; 0: none)")
    parser.add_argument("--limit", type=float, default=150, help="seconds allowed per reference run (and per amrmetrics run with --timeout 0)")
    parser.add_argument("--mem-gb", type=float, default=8, help="address-space cap per run")
    parser.add_argument("--smatch-python", help="interpreter with smatch 1.0.4 (its smatch.py beside it)")
    parser.add_argument("--smatchpp-python", help="interpreter with smatchpp installed")
    parser.add_argument("--skip-references-from", type=int, default=50, help="run the references only up to this N")
    args = parser.parse_args()

    lp = args.shared / "data/littleprince-parses"
    work = Path(tempfile.mkdtemp(prefix="amrmetrics-doc-bench-"))
    has_smatch = installed(args.smatch_python, "smatch")
    has_smatchpp = installed(args.smatchpp_python, "smatchpp")
    rows = []
    for n in (int(x) for x in args.sizes.split(",")):
        test, gold = work / f"cand{n}.amr", work / f"ref{n}.amr"
        nodes = write_document(lp / "candidates.amr", n, test)
        write_document(lp / "references.amr", n, gold)
        for metric in ("smatch", "smatch:doc=sentence"):
            o, f, proof = ours(test, gold, metric, args.timeout, args.limit, args.mem_gb, work)
            rows.append(row(n, nodes, f"amrmetrics {metric}", o, f, proof))
        if n <= args.skip_references_from:
            if has_smatch:
                o, f = smatch_reference(args.smatch_python, test, gold, args.limit, args.mem_gb)
                rows.append(row(n, nodes, "smatch 1.0.4 -r 4", o, f, "not exact"))
            if has_smatchpp:
                o, f = smatchpp(args.smatchpp_python, test, gold, args.limit, args.mem_gb)
                rows.append(row(n, nodes, "Smatch++ 1.8.0 ILP", o, f, "ILP"))
        print(f"done: N={n}", file=sys.stderr)
    budget = f"--timeout {args.timeout:g}" if args.timeout > 0 else f"no --timeout (no work budget), each run stopped after {args.limit:g} s"
    print(f"amrmetrics {amrmetrics.__version__}, {describe()}; amrmetrics runs: {budget}\n")
    head = ("N", "test nodes", "tool", "wall s", "CPU s", "peak MB", "F", "proven")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        print("| " + " | ".join(r) + " |")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
