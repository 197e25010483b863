"""Per-pair SemBLEU parity at full precision, against the reference run here (not only the golden files).

The golden files hold 6 decimals, so the test suite checks compat mode to 5e-7. Given a checkout
of the reference (freesunshine0316/sembleu ``src/``) and an interpreter that runs it (its Python 3
port needs Python <= 3.10), this script scores every pair with the reference's own modules
(``AMRGraph``, ``revert_of_edges``, ``extract_ngrams(k, multi_roots=True)``, ``sentence_bleu``
with uniform weights, Chen & Cherry method 3 and auto re-weighing) and with
``sembleu:n=k,compat=1,weights=uniform``, for k = 1..4, and prints the largest difference and the
pairs differing by more than 1e-9 (pairs where the reference crashes are counted apart).

    python bench/sembleu_parity.py --reference-src DIR --reference-python PY [--shared ../shared]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

import amrmetrics

ROOT = Path(__file__).resolve().parents[1]
DATASETS = {
    "littleprince": ("littleprince-parses/candidates.amr", "littleprince-parses/references.amr"),
    "bamboo/sts/main": ("bamboo/sts/main/src.dev.amr", "bamboo/sts/main/tgt.dev.amr"),
    "bamboo/para/main": ("bamboo/para/main/src.dev.amr", "bamboo/para/main/tgt.dev.amr"),
}
ORDERS = (1, 2, 3, 4)

DRIVER = r"""
import contextlib, io, json, sys
sys.path.insert(0, sys.argv[1])
from amr_graph import AMRGraph
from bleu_score import NgramInst, SmoothingFunction, sentence_bleu
import eval as reference

def bag(line, k):
    graph = AMRGraph(line.strip())
    graph.revert_of_edges()
    return NgramInst(ngram=graph.extract_ngrams(k, multi_roots=True), length=len(graph.edges))

smoothing = SmoothingFunction().method3
test, gold = reference.read_amr(sys.argv[2]), reference.read_amr(sys.argv[3])
scores = {}
for k in json.loads(sys.argv[4]):
    row = []
    for t, g in zip(test, gold):
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # it prints every re-weighing
                row.append(sentence_bleu([bag(g, k)], bag(t, k), weights=(1.0 / k,) * k,
                                         smoothing_function=smoothing, auto_reweigh=True))
        except Exception as err:
            row.append(repr(err))
    scores[k] = row
print(json.dumps(scores))
"""


def reference_scores(python: str, src: Path, test: Path, gold: Path) -> dict[int, list[float | int | str]]:
    """The reference's per-pair sentence scores for every order (an error text where it crashes)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(DRIVER)
    done = subprocess.run(
        [python, "-W", "ignore", handle.name, str(src), str(test), str(gold), json.dumps(ORDERS)],
        capture_output=True, text=True, check=True,
    )
    Path(handle.name).unlink()
    return {int(k): v for k, v in json.loads(done.stdout).items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--reference-src", type=Path, required=True, help="freesunshine0316/sembleu/src")
    parser.add_argument("--reference-python", required=True, help="an interpreter that runs it (<= 3.10)")
    args = parser.parse_args()
    print("| dataset | k | pairs | reference crashed | max abs difference | pairs > 1e-9 |")
    print("|---|---:|---:|---:|---:|---:|")
    worst = 0
    for name, (test_rel, gold_rel) in DATASETS.items():
        test, gold = args.shared / "data" / test_rel, args.shared / "data" / gold_rel
        reference = reference_scores(args.reference_python, args.reference_src, test, gold)
        for k in ORDERS:
            spec = f"sembleu:n={k},compat=1,weights=uniform"
            (result,) = amrmetrics.score_corpus(test, gold, spec).values()
            ours = np.array([pair.scores["score"] for pair in result.pairs])
            scored = np.array([not isinstance(x, str) for x in reference[k]])  # a number (0 comes as an int)
            theirs = np.array([np.nan if isinstance(x, str) else x for x in reference[k]], dtype=np.float64)
            diff = np.abs(ours[scored] - theirs[scored])
            over = int((diff > 1e-9).sum())
            worst = max(worst, over)
            print(f"| {name} | {k} | {len(ours)} | {int((~scored).sum())} | {diff.max():.3g} | {over} |")
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
