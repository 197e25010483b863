"""Rematch's compat reading (``reference_triples``, smatch 1.0.4's parser with its quirks) and its
Jaccard, on triples written out by hand."""

from __future__ import annotations

import warnings

import numpy as np

from amrmetrics.graph import Graph
from amrmetrics.metrics.rematch import jaccard, reference_triples


def test_quoted_concepts_lose_quotes_and_spaces_and_trailing_underscores() -> None:
    graph = Graph(
        instances=(
            ("a", '"New York"'),  # quoted: quotes and spaces go
            ("b", '""'),  # two quotes: nothing left
            ("c", "Box_"),  # lowercased, a trailing _ goes
            ("d", '"x'),  # a quote at one end only stays
            ("e", 'y"'),
            ("f", '"ab"'),
            ("g", '"'),  # a lone quote is not a quoted label
        ),
    )
    concepts, _, _ = reference_triples(graph)
    assert concepts == {"a": "newyork", "b": "", "c": "box", "d": '"x', "e": 'y"', "f": "ab", "g": '"'}


def test_attributes_lowercase_drop_top_and_reversed_roles() -> None:
    graph = Graph(
        instances=(("x", "thing"),),
        attributes=(
            ("x", ":Quant_", "5_"),  # role and value lowercased, trailing _ stripped
            ("x", ":TOP", "top"),  # the reference's root triple: dropped
            ("x", ":mod", "TOP"),  # :mod is stored reversed: onto a constant it is lost
            ("x", ":wiki", "TOP"),  # only the lowercase value top is the root triple
            ("x", ":ARG0-of", "7"),  # a reversed role onto a constant is lost
            ("x", ":consist-of", "8"),  # an -of role smatch does not invert stays
            ("x", ":ARG1-OF", "9"),  # -of is compared case-sensitively: not reversed
            ("x", ":op1", '"a\n  b"'),  # a line break inside quotes is joined
        ),
    )
    _, attributes, _ = reference_triples(graph)
    assert attributes == [
        ("x", "quant", "5"),
        ("x", "wiki", "top"),
        ("x", "consist-of", "8"),
        ("x", "arg1-of", "9"),
        ("x", "op1", "ab"),
    ]


def test_relations_invert_of_roles_and_mod() -> None:
    graph = Graph(
        instances=(("x", "a"), ("y", "b")),
        relations=(("x", ":mod", "y"), ("x", ":ARG0-of", "y"), ("x", ":consist-of", "y"), ("x", ":Mod", "y")),
    )
    _, _, relations = reference_triples(graph)
    assert relations == [("y", "domain", "x"), ("y", "ARG0", "x"), ("x", "consist-of", "y"), ("x", "Mod", "y")]


def test_jaccard_is_silent_and_divides_by_any_positive_union() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = jaccard(np.array([1.0, 0.0, 0.25, np.inf]), np.array([3.0, 0.0, 0.5, np.inf]))
    assert out[0] == 1 / 3 and out[1] == 0.0 and out[2] == 0.5 and np.isnan(out[3])  # two empty sets: nothing


def test_jaccard_broadcasts_like_a_division_and_takes_counts() -> None:
    out = jaccard(np.array([[1], [2]]), np.array([2, 4]))  # integer counts, a column against a row
    assert out.dtype == np.float64 and out.tolist() == [[0.5, 0.25], [1.0, 0.5]]
    assert jaccard(np.array([0, 3]), np.array([[0, 6]])).tolist() == [[0.0, 0.5]]
