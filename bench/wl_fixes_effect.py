"""How much the two WLK fixes move the BAMBOO columns, measured on the shared dev split.

The reference WLK (hash seed 0, ../shared/golden/*/wlk-k2-reference.tsv) attaches a constant that
equals a concept label to that concept's node and collapses same-labelled nodes in relabelling;
amrmetrics gives every constant its own node and relabels per node. This script scores the dev
split with our WLK (checking it against the fixed golden wlk-k2.tsv on the way) and prints, for
both, the 12 BAMBOO columns (Pearson x100; role-confusion accuracy x100) and their mean, as
``amrmetrics bamboo`` computes them.

    python bench/wl_fixes_effect.py [--shared ../shared]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from amrmetrics.meta.bamboo import COLUMNS, column_label, evaluated_scores, human_scores, role_confusion_accuracy
from amrmetrics.meta.correlation import pearson
from amrmetrics.metrics.wlk import WLK
from amrmetrics.read import read_graphs

ROOT = Path(__file__).resolve().parents[1]


def golden(path: Path) -> np.ndarray:
    """The score column of a golden TSV."""
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return np.array([float(line.split("\t")[1]) for line in lines if line])


def ours(folder: Path) -> np.ndarray:
    """Our WLK per pair (tgt against src, as BAMBOO calls it)."""
    metric = WLK()
    pairs = zip(read_graphs(folder / "tgt.dev.amr"), read_graphs(folder / "src.dev.amr"))
    return np.array([metric.pair(metric.prepare(a), metric.prepare(b)).stats[0] for a, b in pairs])


def main() -> int:
    """Print the comparison table (Markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared", help="the shared data folder")
    args = parser.parse_args()
    bamboo = args.shared / "data" / "bamboo"
    rows: dict[str, list[float]] = {"reference (seed 0)": [], "amrmetrics": []}
    changed, total, worst = 0, 0, 0.0
    for task, subset in COLUMNS:
        name = f"bamboo/{task.name}/{subset}"
        reference = golden(args.shared / "golden" / name / "wlk-k2-reference.tsv")
        fixed = ours(bamboo / task.name / subset)
        if np.max(np.abs(fixed - golden(args.shared / "golden" / name / "wlk-k2.tsv"))) > 1e-12:
            print(f"{name}: amrmetrics differs from wlk-k2.tsv", file=sys.stderr)
            return 1
        changed += int(np.sum(np.abs(fixed - reference) > 1e-12))
        total += len(fixed)
        worst = max(worst, float(np.max(np.abs(fixed - reference))))
        human = None if subset == "role_confusion" else human_scores(str(bamboo), task, "dev")
        for label, scores in (("reference (seed 0)", reference), ("amrmetrics", fixed)):
            kept = evaluated_scores(task, subset, scores, None if human is None else len(human))
            rows[label].append(100 * (role_confusion_accuracy(kept) if human is None else pearson(kept, human)))
    header = [column_label(t, s) for t, s in COLUMNS]
    print("| WLK k=2, dev | " + " | ".join(header) + " | mean |")
    print("|---" * (len(header) + 2) + "|")
    for label, values in rows.items():
        print(f"| {label} | " + " | ".join(f"{v:.2f}" for v in values) + f" | {np.mean(values):.3f} |")
    delta = np.array(rows["amrmetrics"]) - np.array(rows["reference (seed 0)"])
    print("| difference | " + " | ".join(f"{v:+.2f}" for v in delta) + f" | {np.mean(delta):+.3f} |")
    print(f"\n{changed} of {total} pair scores change (max |difference| {worst:.4f}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
