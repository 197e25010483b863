"""The optimal face (metrics/fine_face.py): it keeps every node pair an optimal alignment uses, and
solving the aspects on it changes no count and no certificate, on sentences and on documents."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from conftest import DATA, requires_shared, shared
from documents import join_document
from hypothesis import HealthCheck, given, settings
from strategies import graph_pairs

from amrmetrics.metrics import fine
from amrmetrics.metrics.fine import ASPECTS, FineSmatch
from amrmetrics.metrics.fine_face import optimal_face
from amrmetrics.read import decode, read_graphs

FINE = FineSmatch()
FAST = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
NEVER = 10**12
"""A FACE_LINKS no problem reaches: the aspects are solved on the whole problems (the reference)."""


def stats(test, gold, face_links: int, monkeypatch: pytest.MonkeyPatch) -> tuple[float, ...]:
    with monkeypatch.context() as patch:
        patch.setattr(fine, "FACE_LINKS", face_links)
        return FINE.pair(FINE.prepare(test), FINE.prepare(gold)).stats


def counting_faces(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record every face computed (one entry per call), still computing it."""
    calls: list[int] = []

    def counted(*args):
        calls.append(1)
        return optimal_face(*args)

    monkeypatch.setattr(fine, "optimal_face", counted)
    return calls


def all_mappings(n_test: int, n_gold: int):
    """Every one-to-one partial mapping (tuple of gold node or -1 per test node)."""
    for images in itertools.product(range(-1, n_gold), repeat=n_test):
        used = [j for j in images if j >= 0]
        if len(used) == len(set(used)):
            yield images


@FAST
@given(graph_pairs(max_nodes=4))
def test_the_face_keeps_every_pair_of_every_optimal_alignment(pair):
    test, gold = (FINE.preset(g) for g in pair)
    problem = FINE.problem(test, gold)
    values = {m: problem.value(m) for m in all_mappings(*problem.shape)}
    best = max(values.values())
    face = optimal_face(problem, best)
    assert face is not None
    for mapping, value in values.items():
        if value == best:
            i = np.array([k for k, j in enumerate(mapping) if j >= 0], dtype=np.int64)
            assert face.allows(i, np.array(mapping)[i]).all(), mapping


@FAST
@given(graph_pairs())
def test_aspects_on_the_face_equal_aspects_on_the_whole_problem(pair):
    with pytest.MonkeyPatch.context() as patch:
        assert stats(*pair, 0, patch) == stats(*pair, NEVER, patch)


def test_sentence_pairs_that_need_the_face_score_the_same(monkeypatch):
    """The synthetic pairs of tests/data/lp defeat the cheap bounds: every one computes a face."""
    calls = counting_faces(monkeypatch)
    for test, gold in zip(read_graphs(DATA / "lp" / "test.amr"), read_graphs(DATA / "lp" / "gold.amr")):
        calls.clear()
        restricted = stats(test, gold, 0, monkeypatch)
        assert len(calls) == 1
        assert restricted == stats(test, gold, NEVER, monkeypatch)
        assert restricted[-1] == 0  # every aspect certified


def document(path: Path, copies: int = 1, first: int | None = None):
    return decode(join_document(path, copies, first))


def test_a_document_is_solved_on_its_face_with_the_same_counts(monkeypatch):
    """24 sentences of tests/data/compare (each twice, so optimal alignments tie): above FACE_LINKS."""
    test, gold = document(DATA / "compare" / "sys_b.amr", 2), document(DATA / "compare" / "gold.amr", 2)
    calls = counting_faces(monkeypatch)
    on_face = stats(test, gold, fine.FACE_LINKS, monkeypatch)
    assert len(calls) == 1
    assert on_face == stats(test, gold, NEVER, monkeypatch)
    assert on_face[-1] == 0


@requires_shared
def test_ten_little_prince_sentences_as_one_document(monkeypatch):
    lp = shared("data", "littleprince-parses")
    test, gold = document(lp / "candidates.amr", first=10), document(lp / "references.amr", first=10)
    calls = counting_faces(monkeypatch)
    on_face = stats(test, gold, fine.FACE_LINKS, monkeypatch)
    assert len(calls) == 1
    assert on_face == stats(test, gold, NEVER, monkeypatch)
    assert on_face[-1] == 0


def test_without_a_face_the_aspects_are_not_certified(monkeypatch):
    """No face (the full LP ran out of time): counts under the returned alignment, flagged."""
    test, gold = next(zip(read_graphs(DATA / "lp" / "test.amr"), read_graphs(DATA / "lp" / "gold.amr")))
    certified = stats(test, gold, 0, monkeypatch)
    monkeypatch.setattr(fine, "optimal_face", lambda *args: None)
    flagged = stats(test, gold, 0, monkeypatch)
    assert flagged[-1] > 0
    assert flagged[:3] == certified[:3]  # Smatch itself is not an aspect re-solve
    for k in range(len(ASPECTS)):
        assert flagged[3 * k] <= certified[3 * k]
