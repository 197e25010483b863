"""S2match speed and parity benchmark against the reference's golden scores.

For each dataset it reports, in separate columns: the time to announce the corpus vocabulary,
read the vectors file and give the corpus's concepts their similarity rows in one batch (load:
``prime``), the time to score every prepared pair (score; vectors already loaded, graphs already
standardized, as the issue's speed target counts it), the same for exact
Smatch, our corpus F next to the reference's pooled F (shared/golden/*/s2match-glove50.tsv), the
share of pairs equal to the reference within 1e-6, pairs below it, pairs certified optimal, and how
many pairs of the scoring loop needed an LP and how many of those went on to branch and bound (the
solver's own counters: the LP path dominates the score time).
Times are CPU seconds of this process (``time.process_time``), so a busy shared machine inflates
them less than wall time; the wall time of the scoring loop is printed too.
The reference S2match itself is not installed anywhere here; its timings (4.5-5.3 s for 1380
BAMBOO STS pairs) are quoted from the issue; ``bamboo/sts/main:1380`` (a dataset name with
``:N`` takes its first N pairs) is that set.

    .venv/bin/python bench/s2match_bench.py [--shared ../shared] [--spec s2match:compat=yes] [--datasets ...]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from amrmetrics.embed import prime
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

ROOT = Path(__file__).resolve().parents[1]
DATASETS = ("littleprince", "bamboo/sts/main:1380", "bamboo/sts/main", "bamboo/sick/main", "bamboo/para/main")


def files(shared: Path, dataset: str) -> tuple[Path, Path]:
    """(test, gold) files of a golden dataset."""
    if dataset == "littleprince":
        base = shared / "data/littleprince-parses"
        return base / "candidates.amr", base / "references.amr"
    return shared / f"data/{dataset}/src.dev.amr", shared / f"data/{dataset}/tgt.dev.amr"


def golden(shared: Path, dataset: str) -> np.ndarray:
    """Reference (match, n_test, n_gold) per pair."""
    lines = (shared / f"golden/{dataset}/s2match-glove50.tsv").read_text(encoding="utf-8").splitlines()[1:]
    return np.array([[float(x) for x in line.split("\t")[1:4]] for line in lines if line])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--spec", default="s2match:compat=yes")
    parser.add_argument("--datasets", nargs="*", default=list(DATASETS))
    args = parser.parse_args()
    vectors = str(args.shared / "data/vectors/glove50-subset.txt")
    head = (
        f"{'dataset':<20} {'pairs':>5} {'load s':>7} {'score s':>8} {'wall s':>7} {'smatch s':>9} "
        f"{'F ours':>9} {'F ref':>9} {'=ref':>7} {'<ref':>5} {'certified':>9} {'LP':>5} {'B&B':>4}"
    )
    print(f"spec: {args.spec}, vectors: {vectors}\n{head}\n{'-' * len(head)}")
    for name in args.datasets:
        dataset, _, limit = name.partition(":")
        n = int(limit) if limit else None
        test_path, gold_path = files(args.shared, dataset)
        metric, smatch = parse_metrics([args.spec, "smatch"], {"vectors": vectors})
        start = time.process_time()
        prime([metric], (test_path, gold_path))
        metric.concept_similarity()
        metric.embedder().raw(["the"])
        load = time.process_time() - start
        graphs = list(zip(read_graphs(str(test_path)), read_graphs(str(gold_path))))[:n]
        pairs = [(metric.prepare(t), metric.prepare(g)) for t, g in graphs]
        solver = metric._solver()
        lp_before, milp_before = getattr(solver, "lp_calls", 0), getattr(solver, "milp_calls", 0)
        start, wall = time.process_time(), time.perf_counter()
        stats = np.array([metric.pair(t, g).stats for t, g in pairs])
        seconds, wall = time.process_time() - start, time.perf_counter() - wall
        plain = [(smatch.prepare(t), smatch.prepare(g)) for t, g in graphs]
        start = time.process_time()
        for t, g in plain:
            smatch.pair(t, g)
        smatch_seconds = time.process_time() - start
        ref = golden(args.shared, dataset)[:n]
        f_ref = 2 * ref[:, 0].sum() / (ref[:, 1].sum() + ref[:, 2].sum())
        equal = np.mean(np.abs(stats[:, 0] - ref[:, 0]) < 1e-6)
        below = int(np.sum(metric.scores(stats)["F"] < metric.scores(ref)["F"] - 1e-9))
        certified = int(np.sum(stats[:, 3] - stats[:, 0] <= 1e-9))
        print(
            f"{name:<20} {len(pairs):>5} {load:>7.2f} {seconds:>8.2f} {wall:>7.2f} {smatch_seconds:>9.2f} "
            f"{metric.micro(stats)['F']:>9.6f} {f_ref:>9.6f} {100 * equal:>6.2f}% {below:>5} {certified:>9} "
            f"{getattr(solver, 'lp_calls', 0) - lp_before:>5} {getattr(solver, 'milp_calls', 0) - milp_before:>4}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
