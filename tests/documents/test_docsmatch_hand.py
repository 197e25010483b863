"""Document Smatch on hand-written documents: counts worked out by hand, and parity with IBM's docSmatch."""

from __future__ import annotations

import pytest
from conftest import DATA, golden_rows

from amrmetrics.metrics.doc_start import connected_sentences
from amrmetrics.metrics.doc_structure import structure
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

DOCS = DATA / "documents"
TEST = {g.id: g for g in read_graphs(DOCS / "test.amr")}
GOLD = {g.id: g for g in read_graphs(DOCS / "gold.amr")}


def counts(spec: str, doc: str) -> tuple[dict[str, float], dict]:
    """The statistics (by name) and details of one document pair under ``spec``."""
    metric = parse_metrics(spec)[0]
    result = metric.pair(metric.prepare(TEST[doc]), metric.prepare(GOLD[doc]))
    return dict(zip(metric.stat_names, result.stats)), dict(result.details)


def test_the_sentence_constraint_costs_a_cross_sentence_match() -> None:
    """doc1, by hand (smatch preset: de-inverted, TOP on the root).

    Gold, 14 triples: 6 instances (document, want-01, boy, go-02, see-01, girl), (d :TOP top), 7
    relations (:snt1, :snt2, w :ARG0 b, w :ARG1 g, g :ARG0 b, s :ARG0 b, s :ARG1 g2). The gold boy b
    is in sentences 1 and 2 (both reach it), go-02 in sentence 1 only. Test, 13 triples: 6 instances
    (document, want-01, boy b, see-01, boy b2, go-02 g), TOP, 6 relations (:snt1, :snt2, w :ARG0 b,
    s :ARG0 b2, s :ARG1 g, g :ARG0 b2); its go-02 is in sentence 2.

    Any alignment: d, w, s onto themselves (3 instances, TOP, 2 :snt edges = 6), b2 -> b (instance,
    s :ARG0) and g -> g (instance, g :ARG0 b2 = g :ARG0 b): 10; the test b and w :ARG0 b and s :ARG1 g
    are left. Within sentences g (sentence 2) cannot map to the gold go-02 (sentence 1): b -> b or
    b2 -> b (2 either way), g -> girl for s :ARG1 (1): 9.
    """
    sentence, _ = counts("smatch:doc=sentence", "doc1")
    free, _ = counts("smatch:doc=any", "doc1")
    assert (sentence["Smatch.matched"], sentence["Smatch.n_test"], sentence["Smatch.n_gold"]) == (9, 13, 14)
    assert (free["Smatch.matched"], free["Smatch.n_test"], free["Smatch.n_gold"]) == (10, 13, 14)
    # coreference: the three gold edges into the merged boy; the test merges nothing
    assert (sentence["Coref.matched"], sentence["Coref.n_test"], sentence["Coref.n_gold"]) == (0, 0, 3)


def test_coreference_score_and_sentence_rows() -> None:
    """doc2, by hand. Gold, 15 triples: instances d a p n s e (6), TOP and n :op1 "Hailey" (2),
    relations :snt1-3, a :ARG1 p, p :name n, s :ARG0 p, e :ARG0 p (7). Test, 16: the same, except
    that sentence 3 has its own node x (she) with e :ARG0 x. Identity on d a p n s e matches all but
    x's instance and e :ARG0 x: 14, in both modes.

    Coreference: the gold person is in sentences 1-3 with parents in three sentences, so the edges into
    it (a :ARG1, s :ARG0, e :ARG0) are its 3 items; the test person is in sentences 1-2, 2 items, both
    matched. Sentence rows: gold sentence K is its own node plus p and n (3 instances, n's name
    string, the edge into p, p :name n = 6); test sentences 1 and 2 likewise (6 of 6 matched);
    test sentence 3 is e, x and e :ARG0 x (3 triples, e's instance matched).
    """
    for spec in ("smatch:doc=sentence", "smatch:doc=any"):
        stats, details = counts(spec, "doc2")
        assert (stats["Smatch.matched"], stats["Smatch.n_test"], stats["Smatch.n_gold"]) == (14, 16, 15)
        assert (stats["Coref.matched"], stats["Coref.n_test"], stats["Coref.n_gold"]) == (2, 2, 3)
        rows = [(r["sentence"], r["matched"], r["n_test"], r["n_gold"]) for r in details["sentences"]]
        assert rows == [(1, 6, 6, 6), (2, 6, 6, 6), (3, 1, 3, 6)]
        assert details["sentences"][2]["P"] == pytest.approx(1 / 3) and details["sentences"][2]["R"] == pytest.approx(1 / 6)


def test_sentences_of_a_docamr_document() -> None:
    """doc3 gold, by hand: (p :coref-of e) is stored as (e :coref p), inverted, so it is followed
    from p to e only (a :coref is never followed forward): the coref-entity node e is reached from
    p (sentence 1), s (2) and h (3) and is in all three; p, s and h stay in their own sentence. Its
    coreference items are e itself and the three (e :coref x) edges."""
    s = structure(GOLD["doc3"])
    assert s.numbers == (1, 2, 3)
    assert s.of("d") == {0}
    assert s.of("e") == {1, 2, 3}
    assert (s.of("p"), s.of("s"), s.of("h"), s.of("n"), s.of("g2"), s.of("p3")) == ({1}, {2}, {3}, {1}, {2}, {3})
    assert s.coref_nodes == {"e"} and s.chain_nodes == {"e"}
    stats, _ = counts("smatch:doc=sentence", "doc3")
    assert stats["Coref.n_gold"] == 4


def test_modifier_of_another_sentence_is_followed_as_written() -> None:
    """doc6 test: (t2 :mod b) with b defined in sentence 1 is followed from t2 to b only."""
    s = structure(TEST["doc6"])
    assert s.of("b") == {1, 2} and s.of("t") == {1} and s.of("t2") == {2}


def test_a_graph_without_sentences_is_one_sentence() -> None:
    s = structure(read_graphs(DATA.parent.parent / "examples" / "gold.amr")[0])
    assert s.numbers == (1,) and set(s.sentences.values()) == {frozenset({1})}


@pytest.mark.parametrize("row", golden_rows(DOCS / "docsmatch-counts.tsv"), ids=lambda r: r["id"])
def test_parity_with_docsmatch(row: dict[str, str]) -> None:
    """IBM's docSmatch (hill-climbing, 51 restarts) and our exact restricted optimum agree on every pair."""
    stats, _ = counts("smatch:doc=sentence", row["id"])
    ours = [stats[k] for k in ("Smatch.matched", "Smatch.n_test", "Smatch.n_gold", "Coref.matched", "Coref.n_test", "Coref.n_gold")]
    theirs = [float(row[k]) for k in ("matched", "n_test", "n_gold", "coref_matched", "coref_test", "coref_gold")]
    assert ours == theirs


def test_sentences_of_a_standardized_document_for_the_start() -> None:
    """The start reads sentences off standardized graphs: what stays connected to each :sntK root
    without the document root. doc1 test has no merged node, so its sentences stay apart; in doc2
    gold the person of sentence 1 is shared by all three, which become one."""
    smatch = parse_metrics("smatch")[0]
    separate = connected_sentences(smatch.prepare(TEST["doc1"]))
    assert separate.numbers == (1, 2)
    assert [separate.of(v) for v in ("d", "w", "b", "s", "b2", "g")] == [{0}, {1}, {1}, {2}, {2}, {2}]
    joined = connected_sentences(smatch.prepare(GOLD["doc2"]))
    assert {joined.of(v) for v in ("a", "p", "n", "s", "e")} == {frozenset({1, 2, 3})} and joined.of("d") == {0}
