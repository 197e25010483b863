"""Song & Gildea (2019), Table 1: the n-grams SemBLEU extracts from the two graphs of Figure 1.

The expected lists are also exactly what the reference's own extractor gives on these graphs
(``AMRGraph(line)``, ``revert_of_edges()``, ``extract_ngrams(3, multi_roots=True)`` of
freesunshine0316/sembleu, run on 2026-11-22).
"""

from __future__ import annotations

import pytest

from amrmetrics.metrics.ngrams import ngram_counts
from amrmetrics.metrics.sembleu_graphs import label_graph, reference_label_graph
from amrmetrics.read.decode import decode

GIRL = "(a / ask-01 :ARG0 (g / girl) :ARG1 (l / leave-11 :ARG0 (b / boy)))"
"""'The girl asked the boy to leave.' (Figure 1, left)"""
WOMAN = "(m / make-01 :ARG0 (w / woman) :ARG1 (p / pie :quant 2))"
"""'The woman made two pies.' (Figure 1, right)"""

TABLE_1 = {
    GIRL: {
        1: ["ask-01", "girl", "leave-11", "boy"],
        2: ["ask-01 :ARG0 girl", "ask-01 :ARG1 leave-11", "leave-11 :ARG0 boy"],
        3: ["ask-01 :ARG1 leave-11 :ARG0 boy"],
    },
    WOMAN: {
        1: ["make-01", "woman", "pie", "2"],
        2: ["make-01 :ARG0 woman", "make-01 :ARG1 pie", "pie :quant 2"],
        3: ["make-01 :ARG1 pie :quant 2"],
    },
}


def _extracted(text: str, compat: bool) -> dict[int, list[str]]:
    graph = decode(text)
    labelled = reference_label_graph(graph) if compat else label_graph(graph)
    counts = ngram_counts(labelled, 3)
    return {k + 1: sorted(" ".join(gram) for gram, c in bag.items() for _ in range(c)) for k, bag in enumerate(counts)}


@pytest.mark.parametrize("compat", [False, True], ids=["fixed", "compat"])
@pytest.mark.parametrize("text", list(TABLE_1), ids=["girl-asked-boy", "woman-made-pies"])
def test_table_1_ngrams_exactly(text: str, compat: bool) -> None:
    expected = {k: sorted(grams) for k, grams in TABLE_1[text].items()}
    assert _extracted(text, compat) == expected


def test_no_4grams_in_table_1_graphs() -> None:
    for text in TABLE_1:
        assert ngram_counts(label_graph(decode(text)), 4)[3] == {}
