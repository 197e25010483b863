"""The fused statistics of SemBLEU and rematch (``sembleu_texts``, ``rematch_texts``: read both texts and
compute a pair's sufficient statistics in one compiled call) against the Python path's, and the engine's
use of them against the graph path."""

from __future__ import annotations

import random

import pytest
from conftest import EXAMPLES, GOLDEN_DATASETS, requires_shared, shared
from fuzz.reader_cases import ODD, STRUCTURAL, damage
from hypothesis import given, settings
from hypothesis import strategies as st
from native.native_helpers import CORE, compares_paths, examples, path, sample
from native.test_native_fused import MIXED_GOLDS, MIXED_TESTS, fused_agrees, per_pair
from native.test_native_reading import TRICKY
from strategies import graph_texts

import amrmetrics
from amrmetrics.metrics import parse_metrics
from amrmetrics.metrics.rematch import DEFAULT_STEPS, Rematch
from amrmetrics.metrics.sembleu import SemBLEU
from amrmetrics.read.decode import decode
from amrmetrics.read.split import split_blocks

pytestmark = compares_paths

ORDERS = (1, 2, 3, 4)
METRICS = [SemBLEU(n=n) for n in ORDERS] + [Rematch()]


def python_stats(metric: SemBLEU | Rematch, test: str, gold: str) -> tuple[float, ...] | None:
    """The pair's statistics on the pure-Python path (reader, preparation, pair); None when a text does not read."""
    with path(False):
        try:
            graphs = decode(test), decode(gold)
        except ValueError:
            return None
        return metric.pair(metric.prepare(graphs[0]), metric.prepare(graphs[1])).stats


def compiled_stats(metric: SemBLEU | Rematch, test: str, gold: str) -> tuple[int, ...] | None:
    if isinstance(metric, SemBLEU):
        return CORE.sembleu_texts(test, gold, metric.n)
    return CORE.rematch_texts(test, gold, DEFAULT_STEPS)


def assert_stats_alike(test: str, gold: str, metrics=METRICS) -> bool:
    """Where the compiled call answers, the Python path reads both texts and its statistics are the same
    integers; True when it answered for every metric."""
    answered = True
    for metric in metrics:
        got = compiled_stats(metric, test, gold)
        if got is None:
            answered = False
            continue
        assert all(type(v) is int for v in got)
        want = python_stats(metric, test, gold)
        assert want is not None, (test, gold)  # the compiled reader never reads what Python refuses
        assert tuple(map(float, got)) == want, (metric, test, gold, got, want)
    return answered


@requires_shared
@pytest.mark.parametrize("dataset", sorted(GOLDEN_DATASETS))
def test_every_golden_dataset_has_the_python_statistics(dataset) -> None:
    texts = []
    for name in GOLDEN_DATASETS[dataset]:
        with open(shared("data", name), encoding="utf-8") as handle:
            texts.append([block.text for block in split_blocks(handle)])
    pairs = sample(list(zip(*texts)))
    answered = sum(assert_stats_alike(test, gold) and assert_stats_alike(gold, test) for test, gold in pairs)
    assert answered > len(pairs) // 2  # not vacuous: most golden pairs take the fused path


@settings(max_examples=examples(150), deadline=None)
@given(
    graph_texts(mixed_case=True, duplicates=True, max_nodes=8),
    graph_texts(mixed_case=True, duplicates=True, max_nodes=8),
    st.integers(0, 2**32 - 1),
)
def test_generated_and_damaged_pairs_have_the_python_statistics(test, gold, seed) -> None:
    rng = random.Random(seed)
    assert assert_stats_alike(test, gold)  # generated graphs are regular ASCII PENMAN: always answered
    assert_stats_alike(test, test)
    assert_stats_alike(damage(test, rng), gold)
    assert_stats_alike(test, damage(gold, rng))


LABELS = [
    # case: concepts and constants are lowered; SemBLEU keeps roles' case, rematch lowers them
    "(w / Want-01 :ARG0 (B / BOY) :Arg1 (g / Go-02 :ARG0 B) :POLARITY - :name \"Foo\")",
    "(w / want-01 :arg0 (b / boy) :ARG1 (g / go-02 :arg0 b) :polarity - :name \"foo\")",
    # inverted roles in any case, the exceptions, inverted attribute roles, :mod and :mod-of
    "(a / a :ARG0-OF (b / b) :consist-of (c / c) :CONSIST-OF (d / d) :prep-out-of (e / e) :Prep-On-Behalf-Of (f / f))",
    "(a / a :ARG0 (b / b :ARG0-of a) :arg1-of (c / c :mod (d / d :mod-of a)) :ARG2-of 5 :quant-of \"x\")",
    "(a / a :mod (b / b) :MOD (c / c) :Mod-Of (d / d) :domain (e / e :mod a))",
    # quotes and whitespace: quoted concepts keep their quotes; constants lose them, runs collapse
    '(a / "Quoted  Concept" :op1 "New\t York" :op2 " spaced  " :op3 "" :op4 New :op5 "new york")',
    '(n / name :op1 "x y (z)" :op2 "a:b" :time "12:30" :op3 "A\tB")',
    # duplicates: repeated edges and attributes, one constant twice on a node, equal constants on two nodes
    "(a / a :ARG0 (b / b) :ARG0 b :ARG0 b :op1 5 :op1 5 :op1 \"5\" :op2 5 :ARG1 (c / c :op1 5))",
    # cycles and self-loops (paths never reuse an edge but may revisit a node)
    "(a / a :ARG0 (b / b :ARG0 a :ARG1 (c / c :ARG0 b :ARG1 a)) :ARG2 a)",
    "(a / a :ARG0 a :ARG0-of a :ARG1 (b / b :ARG1 b))",
    # a node with many attributes (rematch's concept motifs multiply on its relations)
    "(a / a :op1 1 :op2 2 :op3 3 :ARG0 (b / b :op1 1 :op2 x :op3 y :ARG0 a) :ARG1 b)",
    # odd but regular characters inside tokens (control characters, DEL)
    "(a / b\x01c :ARG0 (d / e\x7f) :op1 \"x\x01 y\")",
    "(a / a)",
    '(a / "")',
]


def test_labels_roles_and_duplicates_have_the_python_statistics() -> None:
    for test in LABELS:
        assert CORE.parse_regular(test) is not None, test  # not vacuous: each is read by the compiled reader
        for gold in LABELS:
            assert assert_stats_alike(test, gold, [SemBLEU(n=n) for n in (1, 2, 3, 4, 6)] + [Rematch()]), (test, gold)


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_texts_have_the_python_statistics(text) -> None:
    assert_stats_alike(text, "(a / b :ARG0 (c / d))")
    assert_stats_alike("(a / b :ARG0 (c / d))", text)


def test_odd_characters_leave_the_pair_to_the_python_path() -> None:
    """Non-ASCII text, a step the core does not know: None, never a guess."""
    pair = ("(a / b :ARG0 (c / d))", "(a / b)")
    assert CORE.sembleu_texts(*pair, 3) is not None and CORE.rematch_texts(*pair, DEFAULT_STEPS) is not None
    assert CORE.sembleu_texts("(a / bé :ARG0 (c / d))", pair[1], 3) is None
    assert CORE.rematch_texts(pair[0], '(a / b :op1 "é")', DEFAULT_STEPS) is None
    assert CORE.rematch_texts(*pair, ("lowercase", "no-such-step")) is None
    for char in STRUCTURAL + "".join(ODD):
        assert_stats_alike(f"(a / b{char} :ARG0 (c / d))", pair[1])
        assert_stats_alike(pair[0] + char, pair[1])


def test_the_fused_calls_refuse_what_is_not_text() -> None:
    with pytest.raises(TypeError):
        CORE.sembleu_texts(b"(a / b)", "(a / b)", 3)
    with pytest.raises(ValueError):
        CORE.sembleu_texts("(a / b)", "(a / b)", 0)
    assert CORE.sembleu_texts("(a / b)", "(a / b)", 2**31 - 1) is None  # an order that large: Python decides
    with pytest.raises(TypeError):
        CORE.rematch_texts("(a / b)", "(a / b)", list(DEFAULT_STEPS))


def test_a_repeated_gold_is_kept_only_for_the_same_text_and_steps() -> None:
    """The calls keep the last gold text read (shared with smatch_texts): candidates against one gold,
    alternating metrics and orders, another gold equal in text, a gold the reader declines, the first again."""
    gold = "(w / Want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b) :mod (x / x) :polarity -)"
    candidates = [gold, "(w / want-01 :ARG0 (b / girl))", "(a / b)", "(w / want-01 :ARG0 (b / boy", gold.lower()]
    for one in (gold, "".join(gold), gold + " ", "(w / want-01 :ARG0", "(x / é)", gold):
        for candidate in candidates:
            for metric in (SemBLEU(n=2), Rematch(), SemBLEU(n=4), Rematch()):
                assert_stats_alike(candidate, one, [metric])
                CORE.smatch_texts(candidate, one, ("lowercase", "top"), False)


def test_large_orders_and_dense_graphs() -> None:
    """High orders on a graph with many paths (every node linked to every other): still the Python counts."""
    nodes = 4
    links = "".join(f" :s n{j}" for j in range(nodes))
    text = "(n0 / x" + links + "".join(f" :r (n{k} / x{links})" for k in range(1, nodes)) + ")"
    assert CORE.parse_regular(text) is not None
    assert assert_stats_alike(text, text, [SemBLEU(n=n) for n in (5, 8)])


# ---------------------------------------------------------------------------------------------
# Which metrics take the fused path


def test_only_the_default_modes_have_a_text_scorer(tmp_path) -> None:
    table = tmp_path / "classes.json"
    table.write_text('{"want-01": {"label": "desire"}}', encoding="utf-8")
    with path(True):
        for spec in ("sembleu", "sembleu:n=1", "sembleu:n=4,weights=uniform", "rematch"):
            assert all(m.text_scorer() is not None for m in parse_metrics(spec)), spec
        for spec in ("sembleu:compat=yes", "rematch:compat=yes", f"rematch:classes={table}"):
            assert all(m.text_scorer() is None for m in parse_metrics(spec)), spec
    with path(False):
        assert SemBLEU().text_scorer() is None and Rematch().text_scorer() is None


def test_a_subclass_that_prepares_or_pairs_otherwise_keeps_the_python_path() -> None:
    class Shouting(SemBLEU):
        def prepare(self, graph):
            return super().prepare(graph)

    class Bagging(SemBLEU):
        def _bag(self, graph):
            return super()._bag(graph)

    class Pairing(Rematch):
        def pair(self, test, gold):
            return super().pair(test, gold)

    class Motifs(Rematch):
        def _motifs(self, graph):
            return super()._motifs(graph)

    with path(True):
        for metric in (Shouting(), Bagging(), Pairing(), Motifs()):
            assert metric.text_scorer() is None, type(metric)


def test_a_text_scorer_follows_the_switch() -> None:
    """Built while the core is on, it answers None once the core is switched off (the layered path decides)."""
    with path(True):
        scorers = [SemBLEU().text_scorer(), Rematch().text_scorer()]
        assert all(s("(a / b)", "(a / b)") is not None for s in scorers)
    with path(False):
        assert all(s("(a / b)", "(a / b)") is None for s in scorers)


# ---------------------------------------------------------------------------------------------
# The engine: the same per-pair results with and without the fused path

SPECS = ("sembleu", "sembleu:n=1", "sembleu:n=4", "rematch")


def without_fused(monkeypatch) -> None:
    monkeypatch.setattr(SemBLEU, "text_scorer", lambda self: None)
    monkeypatch.setattr(Rematch, "text_scorer", lambda self: None)


def counted_calls(monkeypatch) -> list[int]:
    calls = [0]
    for name in ("sembleu_texts", "rematch_texts"):
        original = getattr(CORE, name)

        def counting(*args, original=original):
            calls[0] += 1
            return original(*args)

        monkeypatch.setattr(CORE, name, counting)
    return calls


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("on_error", ["zero", "skip"])
def test_a_mixed_batch_scores_alike_on_every_path(monkeypatch, spec, on_error) -> None:
    with path(True):
        calls = counted_calls(monkeypatch)
        fast = amrmetrics.Scorer(spec, on_error=on_error).pairs(MIXED_TESTS, MIXED_GOLDS)[spec]
        assert calls[0] >= 3  # the regular pairs at least went through it (besides the scorer's warm-up)
    with path(False):
        python = amrmetrics.Scorer(spec, on_error=on_error).pairs(MIXED_TESTS, MIXED_GOLDS)[spec]
    with path(True):
        without_fused(monkeypatch)
        layered = amrmetrics.Scorer(spec, on_error=on_error).pairs(MIXED_TESTS, MIXED_GOLDS)[spec]
    for other in (python, layered):
        assert per_pair(fast) == per_pair(other)
        assert fast.micro == other.micro and fast.macro == other.macro and fast.signature == other.signature


@requires_shared
@pytest.mark.parametrize("spec", ("sembleu", "rematch"))
def test_files_and_worker_processes_score_alike(monkeypatch, spec) -> None:
    """Entries read from files take the fused path, in this process and in worker processes; the results
    are the graph path's."""
    pred, gold = EXAMPLES / "pred.amr", EXAMPLES / "gold.amr"
    lp = [shared("data", f) for f in GOLDEN_DATASETS["littleprince"]]
    with path(True):
        calls = counted_calls(monkeypatch)
        fast = [amrmetrics.score_corpus(pred, gold, spec)[spec], amrmetrics.score_corpus(*lp, spec)[spec]]
        assert calls[0] > 400
        workers = amrmetrics.score_corpus(*lp, spec, jobs=2)[spec]
        without_fused(monkeypatch)
        slow = [amrmetrics.score_corpus(pred, gold, spec)[spec], amrmetrics.score_corpus(*lp, spec)[spec]]
    for one, other in zip(fast, slow):
        assert per_pair(one) == per_pair(other)
        assert one.micro == other.micro and one.macro == other.macro and one.signature == other.signature
    assert per_pair(workers) == per_pair(slow[1])


@pytest.mark.parametrize("spec", ("sembleu", "rematch"))
def test_candidates_score_alike_with_and_without_the_fused_path(monkeypatch, spec) -> None:
    graph = amrmetrics.read.decode(MIXED_TESTS[3])
    candidates = [*MIXED_TESTS, MIXED_TESTS[0], graph, MIXED_GOLDS[0]]

    def run() -> list:
        out = []
        for on_error in ("zero", "skip"):
            scorer = amrmetrics.Scorer(spec, on_error=on_error)
            out.append([scorer.one_to_many(candidates, gold) for gold in (*MIXED_GOLDS, "(w / want-01 :ARG0")])
            out.append(scorer(MIXED_TESTS[0], MIXED_GOLDS[0]))
        return out

    fused_agrees(run, lambda: counted_calls(monkeypatch), lambda: without_fused(monkeypatch))
