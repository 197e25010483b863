"""S2match on hand-computed pairs with the tiny test vectors (tests/data/README-tiny-vectors.md)."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pytest

from conftest import DATA, EXAMPLES
from amrmetrics.metrics.registry import MetricSpecError, parse_metrics
from amrmetrics.read import decode, read_graphs

TINY = str(DATA / "tiny-vectors.txt")


def f_score(spec: str, test: str, gold: str, vectors: str = TINY) -> float:
    """F of one pair under a metric spec."""
    metric = parse_metrics(spec, {"vectors": vectors})[0]
    stats = metric.pair(metric.prepare(decode(test)), metric.prepare(decode(gold))).stats
    return float(metric.scores(np.array(stats))["F"])


KING = "(k / king :mod (s / small))"
PRINCE = "(p / prince :mod (l / little))"


def test_king_small_against_prince_little() -> None:
    # triples per side: 2 instances, (s :domain k), TOP; k->p and s->l earn 0.8 + 0.8 + 1 + 1 = 3.6 of 4
    assert f_score("s2match", KING, PRINCE) == pytest.approx(3.6 / 4)
    # the reference grades TOP by the root concepts: 0.8 instead of 1
    assert f_score("s2match:compat=yes", KING, PRINCE) == pytest.approx(3.4 / 4)
    assert f_score("smatch", KING, PRINCE) == pytest.approx(2 / 4)


def test_a_sense_difference_earns_diffsense() -> None:
    assert f_score("s2match", "(x / xyzzy)", "(y / xyzzy-01)") == pytest.approx(1.5 / 2)
    assert f_score("s2match:diffsense=0.3", "(x / xyzzy-01)", "(y / xyzzy-02)") == pytest.approx(1.3 / 2)
    assert f_score("smatch", "(x / xyzzy)", "(y / xyzzy-01)") == pytest.approx(1 / 2)


def test_tau_is_a_strict_threshold() -> None:
    assert f_score("s2match", "(k / king)", "(p / prince)") == pytest.approx(1.8 / 2)
    assert f_score("s2match:tau=0.8", "(k / king)", "(p / prince)") == pytest.approx(1 / 2)


def test_predicates_use_the_lemma_plus_s_vector_and_diffsense() -> None:
    # hit + hits = (1, 1, 0, 0) is parallel to strike: cosine 1, times diffsense 0.4 for the predicate
    assert f_score("s2match:diffsense=0.4", "(h / hit-01)", "(s / strike)") == pytest.approx(1.4 / 2)


def test_multiword_concepts_sum_their_parts() -> None:
    cos = 1.4 / (np.sqrt(2) * 1.0)  # (ice + cream) . dessert / norms
    assert f_score("s2match", "(i / ice-cream)", "(d / dessert)") == pytest.approx((cos + 1) / 2)


def test_negative_cosines_and_unknown_words_count_zero() -> None:
    assert f_score("s2match", "(k / king)", "(d / dog)") == pytest.approx(1 / 2)
    assert f_score("s2match", "(k / king)", "(q / quux)") == pytest.approx(1 / 2)


def test_without_similar_words_s2match_equals_smatch(tmp_path: Path) -> None:
    unrelated = tmp_path / "unrelated.txt"
    unrelated.write_text("zebra 1 0\nquasar 0 1\n", encoding="utf-8")
    metric, smatch = parse_metrics(["s2match:diffsense=0", "smatch"], {"vectors": str(unrelated)})
    tests, golds = read_graphs(EXAMPLES / "pred.amr"), read_graphs(EXAMPLES / "gold.amr")
    for t, g in zip(tests, golds):
        ours = metric.pair(metric.prepare(t), metric.prepare(g)).stats
        plain = smatch.pair(smatch.prepare(t), smatch.prepare(g)).stats
        assert ours[:3] == pytest.approx(plain[:3])


def test_compat_keeps_the_last_of_parallel_relations() -> None:
    test, gold = "(a / judge-01 :ARG0 (b / you) :ARG1 b)", "(a / judge-01 :ARG1 (b / you))"
    default, compat = parse_metrics(["s2match", "s2match:compat=yes"], {"vectors": TINY})
    plain = default.pair(default.prepare(decode(test)), default.prepare(decode(gold))).stats
    legacy = compat.pair(compat.prepare(decode(test)), compat.prepare(decode(gold))).stats
    assert plain[:3] == (4.0, 5.0, 4.0) and legacy[:3] == (4.0, 4.0, 4.0)


def compat_triples(text: str) -> tuple[set, set]:
    """Relations and attributes of one graph as ``s2match:compat=yes`` prepares it."""
    graph = parse_metrics("s2match:compat=yes", {"vectors": TINY})[0].prepare(decode(text))
    return set(graph.relations), set(graph.attributes)


def test_compat_leaves_an_inverted_reentrancy_followed_by_another_branch_as_written() -> None:
    last = compat_triples("(x / boy :ARG0-of (f / face-01) :ARG1-of f)")[0]
    assert last == {("f", ":arg1", "x")}  # both inverted, then the parallel pair collapses to the last
    followed = compat_triples("(x / boy :ARG0-of (f / face-01) :ARG1-of f :quant 2)")[0]
    assert followed == {("x", ":arg1-of", "f"), ("f", ":arg0", "x")}


def test_compat_repeated_inverted_reentrancy_is_written_once_and_inverted_once() -> None:
    relations = compat_triples("(z / zoo :ARG1 (x / boy :ARG4-of z :ARG4-of z))")[0]
    assert relations == {("x", ":arg4-of", "z"), ("z", ":arg4", "x")}


def test_compat_keeps_the_last_value_of_a_repeated_attribute_role() -> None:
    attributes = compat_triples("(p / percentage-entity :value 1 :value 2)")[1]
    assert ("p", ":value", "2") in attributes and ("p", ":value", "1") not in attributes


def test_compat_keeps_mod_as_written_and_inverts_every_of_role() -> None:
    assert compat_triples("(d / dog :mod (b / big))")[0] == {("d", ":mod", "b")}
    assert compat_triples("(c / crowd :consist-of (p / person))")[0] == {("p", ":consist", "c")}
    assert compat_triples("(c / crowd :consist-of-of (p / person))")[0] == {("p", ":consist-of", "c")}


def test_compat_a_relation_to_a_node_defined_later_wins_over_the_others_between_the_pair() -> None:
    later = compat_triples("(g / go-02 :ARG0 i :accompanier (i / i))")[0]
    assert later == {("g", ":arg0", "i")}
    earlier = compat_triples("(g / go-02 :accompanier (i / i) :ARG0 i)")[0]
    assert earlier == {("g", ":arg0", "i")}
    assert compat_triples("(g / go-02 :ARG0 (i / i) :accompanier i)")[0] == {("g", ":accompanier", "i")}


def test_compat_files_relations_in_text_order_across_nodes() -> None:
    # (b :ARG2-of a) is inverted inside b's block, before a's later :ARG1 b, which therefore wins
    relations = compat_triples("(a / x :ARG0 (b / y :ARG2-of a) :ARG1 b)")[0]
    assert relations == {("a", ":arg1", "b")}


def test_compat_loses_an_of_role_onto_a_constant_only_where_it_ends_its_node() -> None:
    assert ("x", ":quant-of", "5") not in compat_triples("(x / thing :quant-of 5)")[1]
    assert ("x", ":quant-of", "5") in compat_triples("(x / thing :quant-of 5 :ARG0 (y / yes))")[1]


def test_compat_reads_quoted_constants_as_the_reference_parser_does() -> None:
    attributes = compat_triples('(n / name :op1 "New York" :op2 "Brown" :op3 Brown)')[1]
    assert {("n", ":op1", "new"), ("n", ":op2", "brown_"), ("n", ":op3", "brown")} <= attributes


def test_compat_emulates_nothing_without_the_readers_layout() -> None:
    read = decode("(x / boy :ARG0-of (f / face-01) :ARG1-of f :quant 2)")
    compat = parse_metrics("s2match:compat=yes", {"vectors": TINY})[0]
    for built in (read.evolve(last_branches=()), read.evolve(last_branches=(("q", ":r", "s"),))):
        assert not any(role.endswith("-of") for _, role, _ in compat.prepare(built).relations)


def test_parameters_signature_and_spec() -> None:
    metric = parse_metrics("s2match:tau=0.6,diffsense=0.25", {"vectors": TINY})[0]
    assert metric.spec().startswith("s2match:") and "tau=0.6" in metric.spec()
    sig = metric.signature()
    assert "|tau:0.6|diffsense:0.25|" in sig and "vectors:tiny-vectors.txt@" in sig and "compat" not in sig
    assert "compat:s2match-reference" in parse_metrics("s2match:compat=yes", {"vectors": TINY})[0].signature()
    with pytest.raises(MetricSpecError, match="tau must be in"):
        parse_metrics("s2match:tau=1.5")


def test_the_metric_pickles_with_its_vectors() -> None:
    metric = parse_metrics("s2match", {"vectors": TINY})[0]
    metric.embedder().lookup("king")
    copy = pickle.loads(pickle.dumps(metric))
    assert copy == metric and "king" in copy.embedder()._cache
    assert f_score("s2match", KING, PRINCE) == pytest.approx(
        float(copy.scores(np.array(copy.pair(copy.prepare(decode(KING)), copy.prepare(decode(PRINCE))).stats))["F"])
    )
