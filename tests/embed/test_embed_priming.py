"""Priming a corpus's concepts at load time: the same rows and matrices as adding them lazily."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from conftest import DATA

from amrmetrics.embed import prime
from amrmetrics.embed.vocabulary import graph_labels
from amrmetrics.metrics.s2match import S2match
from amrmetrics.read import read_graphs

TEST = """# ::id 1
(w / Want-01 :ARG0 (b / boy) :ARG1 (c / city :name (n / name :op1 "Paris/Texas")))

(h/hit-02 :ARG0 (k / king) :ARG1 (d / dog))
"""
GOLD = """# ::snt a comment / not-a-concept
(w / believe-01 :ARG0 (g / girl) :ARG1 (i / ice-cream))

(h / strike-01 :ARG0 (p / prince) :ARG1 (x / unknownword))
"""


def write(tmp_path: Path) -> tuple[Path, Path]:
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text(TEST, encoding="utf-8")
    gold.write_text(GOLD, encoding="utf-8")
    return test, gold


def test_file_concepts_are_the_lowercased_concepts_of_the_graphs(tmp_path: Path) -> None:
    test, gold = write(tmp_path)
    _, concepts = graph_labels([*read_graphs(str(test)), *read_graphs(str(gold))])
    assert concepts == sorted(concepts)
    assert {"want-01", "boy", "city", "name", "hit-02", "king", "dog", "believe-01", "ice-cream"} <= set(concepts)
    assert "Want-01" not in concepts and "not-a-concept" not in concepts


def test_primed_rows_give_the_same_problems_as_lazy_rows(tmp_path: Path) -> None:
    test, gold = write(tmp_path)
    vectors = str(DATA / "tiny-vectors.txt")
    primed, lazy = S2match(vectors=vectors), S2match(vectors=vectors)
    prime([primed], [*read_graphs(str(test)), *read_graphs(str(gold))])
    similarity = primed.concept_similarity()
    assert {"want-01", "ice-cream", "unknownword"} <= similarity._row.keys()
    seen = len(similarity._row)
    for t, g in zip(read_graphs(str(test)), read_graphs(str(gold))):
        a = primed.problem(primed.prepare(t), primed.prepare(g))
        b = lazy.problem(lazy.prepare(t), lazy.prepare(g))
        np.testing.assert_array_equal(a.unary, b.unary)
        np.testing.assert_array_equal(a.pairs, b.pairs)
        np.testing.assert_array_equal(a.weights, b.weights)
    assert len(similarity._row) == seen  # every standardized concept was primed
