"""A sentence pair's concept entries, found in plain Python after one matrix product, are the block
path's (the positive cells of ``matrix``), bit for bit and with the same dtypes.

The vectors are random 50-dimensional ones (some words unknown, one a zero vector), so the matrix
product's last bits matter; the concepts mix whole words, predicates and their bare lemmas, ``-``
and ``_`` compounds, unknown words and capitalised twins, with repeats.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import amrmetrics.embed.concepts as concepts_module
from amrmetrics.embed.base import CachedEmbedder
from amrmetrics.embed.concepts import ConceptSimilarity

WORDS = ("king", "prince", "little", "small", "boy", "girl", "dog", "ice", "cream", "dessert", "hit", "hits",
         "strike", "want", "wants", "believe", "go", "city", "name", "big", "time", "zero", "ice cream")
CONCEPTS = ("king", "prince", "Prince", "little", "small", "boy", "girl", "dog", "ice-cream", "ice_cream", "ice-cold",
            "dessert", "hit-01", "hit-02", "hit", "Hit-01", "strike-01", "want-01", "believe-01", "go-02", "go",
            "unknownword", "unknown-word", "big-time", "city", "name", "hit-01-01", "zero", "zero-01", "and")


class RandomVectors(CachedEmbedder):
    """Seeded random vectors for :data:`WORDS` (``zero`` is a zero vector, every other word unknown);
    ``open`` embeds phrases (an open-vocabulary model) and maps cosines through a calibration curve."""

    def __init__(self, open_vocabulary: bool = False) -> None:
        super().__init__()
        self.open_vocabulary = open_vocabulary
        rng = np.random.default_rng(20)
        common = rng.normal(size=50)  # a shared direction, so cosines spread over (-1, 1)
        self.table = {w: rng.uniform(-1.0, 3.0) * common + rng.normal(size=50) for w in WORDS}
        self.table["zero"] = np.zeros(50)

    def _compute(self, words: list[str]) -> list[np.ndarray | None]:
        return [self.table.get(w) for w in words]

    def _dimension(self) -> int:
        return 50

    def similarity(self, cosines: np.ndarray) -> np.ndarray:
        if self.open_vocabulary:
            return np.interp(cosines, [-1.0, 0.0, 0.4, 1.0], [0.0, 0.1, 0.55, 1.0])
        return super().similarity(cosines)


EMBEDDERS = (RandomVectors(), RandomVectors(open_vocabulary=True))
concept_lists = st.lists(st.sampled_from(CONCEPTS), max_size=12)


def block_entries(sim: ConceptSimilarity, left: list[str], right: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple:
    """The entries by the block path (every pair of lists above the plain-Python size)."""
    with monkeypatch.context() as m:
        m.setattr(concepts_module, "GRID_CELLS", -1)
        return sim.entries(left, right)


@settings(max_examples=150, deadline=None)
@given(
    concept_lists, concept_lists, st.sampled_from([0.0, 0.2, 0.5, 0.9]), st.sampled_from([0.0, 0.5, 1.0]),
    st.sampled_from(EMBEDDERS),
)
def test_a_sentence_pairs_entries_are_the_block_paths(
    left: list[str], right: list[str], tau: float, diffsense: float, embedder: RandomVectors
) -> None:
    sim = ConceptSimilarity(embedder, tau=tau, diffsense=diffsense)
    got = sim.entries(left, right)
    with pytest.MonkeyPatch.context() as monkeypatch:
        want = block_entries(sim, left, right, monkeypatch)
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype and np.array_equal(g, w)
    rows, cols, values = got
    block = sim.matrix(left, right)
    assert np.array_equal(values, block[rows, cols]) and np.count_nonzero(block) == len(values)


def test_new_concepts_get_rows_on_the_plain_python_path() -> None:
    """Concepts never seen are added (in one batch) by the plain-Python path too, with the rows a batch
    of their own would give them."""
    fresh = ConceptSimilarity(EMBEDDERS[0])
    primed = ConceptSimilarity(EMBEDDERS[0])
    primed.add(reversed(CONCEPTS))
    for a, b in zip(fresh.entries(CONCEPTS[:9], CONCEPTS[5:]), primed.entries(CONCEPTS[:9], CONCEPTS[5:]), strict=True):
        assert np.array_equal(a, b)
    values = set(fresh.entries(CONCEPTS, CONCEPTS)[2].tolist())
    assert {1.0, 0.5} < values and len(values - {1.0, 0.5}) > 10  # identical texts, lemmas and graded cells
