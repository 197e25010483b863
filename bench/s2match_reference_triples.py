"""Do ``s2match:compat=yes`` triples equal those of the reference S2match's parser, graph by graph?

Reads every graph of the golden datasets with amrmetrics (``S2match.prepare`` under ``compat=yes``)
and with the reference's own reader and parser (``s2match.get_amr_line``, ``amr_py3.AMR.parse_AMR_line``,
run with its own interpreter), and counts the graphs whose relation set or attribute set differs.
Relations are compared as ``(source, role, target)`` with lowercased roles; attributes as
``(node, role, value)`` with lowercased roles and values (the comparison S2match makes), the root
triple left out (compat grades it separately).

    .venv/bin/python bench/s2match_reference_triples.py --reference-src DIR --reference-python PY [--shared ../shared]

Exit status 1 if any graph differs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.metrics.s2match import S2match
from amrmetrics.read import read_graphs

ROOT = Path(__file__).resolve().parents[1]

DRIVER = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import amr_py3
import s2match

out = {}
for path in json.load(open(sys.argv[2])):
    graphs = []
    with open(path) as handle:
        while True:
            line = s2match.get_amr_line(handle)
            if not line:
                break
            amr = amr_py3.AMR.parse_AMR_line(line)
            relations = [[amr.nodes[i], role.lower(), t] for i, d in enumerate(amr.relations) for t, role in d.items()]
            attributes = [[amr.nodes[i], role.lower(), str(v).lower()]
                          for i, d in enumerate(amr.attributes) for role, v in d.items() if role != "TOP"]
            graphs.append([sorted(relations), sorted(attributes)])
    out[path] = graphs
print(json.dumps(out))
"""


def corpus_files(shared: Path) -> list[Path]:
    """Both sides of every golden dataset (Little Prince and the BAMBOO dev files)."""
    data = shared / "data"
    base = data / "littleprince-parses"
    bamboo = sorted(data.glob("bamboo/*/*/src.dev.amr")) + sorted(data.glob("bamboo/*/*/tgt.dev.amr"))
    return [base / "candidates.amr", base / "references.amr", *bamboo]


def ours(path: Path, metric: S2match) -> list[list[list[list[str]]]]:
    """Sorted relations and attributes of every graph of ``path``, as ``metric`` (compat) prepares them."""
    graphs = []
    for graph in read_graphs(str(path)):
        prepared = metric.prepare(graph)
        relations = sorted([s, r.lower().lstrip(":"), t] for s, r, t in prepared.relations)
        attributes = sorted(
            [v, r.lower().lstrip(":"), c.lower()] for v, r, c in prepared.attributes if r != ":TOP"
        )
        graphs.append([relations, attributes])
    return graphs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--reference-src", type=Path, required=True, help="dir with s2match.py, amr_py3.py, helpers.py")
    parser.add_argument("--reference-python", required=True, help="an interpreter with numpy and scipy")
    args = parser.parse_args()
    paths = corpus_files(args.shared)
    with tempfile.TemporaryDirectory() as tmp:
        driver, listing = Path(tmp) / "driver.py", Path(tmp) / "files.json"
        driver.write_text(DRIVER, encoding="utf-8")
        listing.write_text(json.dumps([str(p) for p in paths]), encoding="utf-8")
        done = subprocess.run(
            [args.reference_python, "-W", "ignore", str(driver), str(args.reference_src), str(listing)],
            capture_output=True, text=True, check=True,
        )
    reference = json.loads(done.stdout)
    metric = parse_metrics("s2match:compat=yes", {"vectors": str(args.shared / "data/vectors/glove50-subset.txt")})[0]
    print("| file | graphs | relation sets differ | attribute sets differ |")
    print("|---|---:|---:|---:|")
    total = differ = 0
    for path in paths:
        mine, theirs = ours(path, metric), reference[str(path)]
        if len(mine) != len(theirs):
            raise SystemExit(f"{path}: {len(mine)} graphs read by amrmetrics, {len(theirs)} by the reference")
        relations = sum(a[0] != b[0] for a, b in zip(mine, theirs))
        attributes = sum(a[1] != b[1] for a, b in zip(mine, theirs))
        total += len(mine)
        differ += sum(a != b for a, b in zip(mine, theirs))
        print(f"| {path.relative_to(args.shared)} | {len(mine)} | {relations} | {attributes} |")
    print(f"\n{total} graphs, {differ} with different triples")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
