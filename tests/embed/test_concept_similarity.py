"""ConceptSimilarity's vectorised matrix against the rule written out pair by pair (tiny vectors).

The matrix is built from cached per-concept rows in a few array operations, and new concepts are
looked up in batches; neither may change a single similarity, whatever the batch or call order.
"""

from __future__ import annotations

import math

import numpy as np
from conftest import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.embed import open_embedder
from amrmetrics.embed.concepts import ConceptForm, ConceptSimilarity

TINY = open_embedder(str(DATA / "tiny-vectors.txt"))
CONCEPTS = [
    "king", "prince", "little", "small", "boy", "girl", "dog", "ice-cream", "ice-cold", "dessert",
    "hit-01", "hit-02", "hit", "strike-01", "want-01", "believe-01", "go-02", "unknownword",
    "unknown-word", "big-time", "Prince", "city", "name", "hit-01-01", "person", "ice_cream",
]


def table_vector(concept: str) -> np.ndarray | None:
    """The reference's lookup for one concept, written plainly (module doc of embed.concepts)."""
    form = ConceptForm.of(concept)
    if form.lemma:
        base = TINY.lookup(form.lemma)
        extra = TINY.lookup(form.lemma + "s")
        return None if base is None else base + (0.0 if extra is None else extra)
    whole = TINY.lookup(form.text)
    if whole is not None or "-" not in form.text:
        return whole
    parts = [v for v in (TINY.lookup(p) for p in form.text.split("-")) if v is not None]
    return np.sum(parts, axis=0) if parts else None


def rule(a: str, b: str, tau: float, diffsense: float) -> float:
    """S2match's similarity of two concepts, one pair at a time."""
    fa, fb = ConceptForm.of(a), ConceptForm.of(b)
    if fa.text == fb.text:
        return 1.0
    if (fa.lemma and fa.lemma in (fb.lemma, fb.text)) or (fb.lemma and fb.lemma == fa.text):
        return diffsense
    va, vb = table_vector(a), table_vector(b)
    if va is None or vb is None or not va.any() or not vb.any():
        return 0.0
    cos = max(0.0, min(1.0, float(va @ vb) / (math.sqrt(va @ va) * math.sqrt(vb @ vb))))
    if cos <= tau:
        return 0.0
    return cos * diffsense if fa.lemma or fb.lemma else cos


concept_lists = st.lists(st.sampled_from(CONCEPTS), max_size=8)


@settings(max_examples=60, deadline=None)
@given(concept_lists, concept_lists, st.sampled_from([0.0, 0.3, 0.5]), st.sampled_from([0.0, 0.5, 1.0]))
def test_matrix_equals_the_pairwise_rule(left: list[str], right: list[str], tau: float, diffsense: float) -> None:
    got = ConceptSimilarity(TINY, tau=tau, diffsense=diffsense).matrix(left, right)
    want = np.array([[rule(a, b, tau, diffsense) for b in right] for a in left]).reshape(len(left), len(right))
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


def test_batches_and_call_order_never_change_a_value() -> None:
    batch = ConceptSimilarity(TINY)
    whole = batch.matrix(CONCEPTS, CONCEPTS[::-1])
    single = ConceptSimilarity(TINY)
    for concept in reversed(CONCEPTS):
        single.rows([concept])
    np.testing.assert_array_equal(single.matrix(CONCEPTS, CONCEPTS[::-1]), whole)


def test_vectors_of_known_and_unknown_concepts() -> None:
    sim = ConceptSimilarity(TINY, diffsense=0.0)
    hit = sim.vector("hit-01")
    assert hit is not None and math.isclose(float(np.linalg.norm(hit)), 1.0)
    assert sim.vector("unknownword") is None
    assert sim.vector("unknown-word") is None
    assert sim.vector("ice-cold") is not None
    assert sim("hit-01", "strike-01") == 0.0
    assert sim("hit-01", "hit-02") == 0.0
    assert sim("hit-01", "hit-01") == 1.0
