"""The token oracle of the SIMPLE reference (simple.tsv), pair by pair; how our labels relate to it.

The package's SIMPLE is compared with the reference, its differences applied rule by rule, in
``test_simple_golden_counts.py``.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest
from conftest import golden_rows, requires_shared, shared
from simple_reference_tokens import blocks, reference_jaccard, reference_tokens

from amrmetrics.graph import Graph
from amrmetrics.read import read_graphs

pytestmark = requires_shared

DATASETS = {
    "littleprince": ("littleprince-parses/candidates.amr", "littleprince-parses/references.amr"),
    "bamboo/sts/main": ("bamboo/sts/main/src.dev.amr", "bamboo/sts/main/tgt.dev.amr"),
    "bamboo/sick/main": ("bamboo/sick/main/src.dev.amr", "bamboo/sick/main/tgt.dev.amr"),
    "bamboo/para/main": ("bamboo/para/main/src.dev.amr", "bamboo/para/main/tgt.dev.amr"),
}
ROUNDING = 5e-7 + 1e-12
SHORT_NAME = re.compile(r"[a-z][a-z]?[0-9]*")


@lru_cache(maxsize=None)
def _data(dataset: str):
    test, gold = DATASETS[dataset]
    return (
        read_graphs(shared("data", test)),
        read_graphs(shared("data", gold)),
        blocks(shared("data", test)),
        blocks(shared("data", gold)),
        golden_rows(shared("golden", dataset, "simple.tsv")),
    )


def as_written(graph: Graph) -> set[str]:
    """The labels as the text writes them, lowercased and cut at ``( ) /`` and spaces like the
    reference does: roles not de-inverted, strings split and keeping their quotes."""
    labels = [c for _, c in graph.instances] + [r for _, r, _ in graph.relations]
    labels += [part for _, role, value in graph.attributes for part in (role, value)]
    return {token for label in labels for token in re.split(r"[\s()/]+", label.lower()) if token}


@pytest.mark.parametrize("dataset", list(DATASETS))
def test_the_token_oracle_reproduces_the_reference(dataset: str) -> None:
    _, _, test_texts, gold_texts, rows = _data(dataset)
    assert len(test_texts) == len(rows)
    for text_t, text_g, row in zip(test_texts, gold_texts, rows):
        assert abs(reference_jaccard(text_t, text_g) - float(row["jaccard_clean"])) <= ROUNDING
        if row["reader_quirk"] == "0":
            assert row["jaccard"] == row["jaccard_clean"]


@pytest.mark.parametrize("dataset", list(DATASETS))
def test_reference_tokens_are_our_labels_plus_leaked_variables_minus_short_labels(dataset: str) -> None:
    tests, golds, test_texts, gold_texts, _ = _data(dataset)
    leaks = 0
    for graph, text in zip(tests + golds, test_texts + gold_texts):
        tokens, written = reference_tokens(text), as_written(graph)
        leaked = tokens & set(graph.variables)
        leaks += bool(leaked)
        assert tokens - leaked <= written
        assert all(SHORT_NAME.fullmatch(label) for label in written - tokens)
    assert leaks > 0


def test_reader_quirk_pairs_are_where_a_hash_sign_is_inside_the_graph() -> None:
    _, _, test_texts, gold_texts, rows = _data("bamboo/sts/main")
    quirky = [int(r["pair"]) for r in rows if r["reader_quirk"] == "1"]
    assert quirky == [765, 1031]
    for i in quirky:
        assert "#" in test_texts[i] + gold_texts[i]
        assert rows[i]["jaccard"] != rows[i]["jaccard_clean"]
