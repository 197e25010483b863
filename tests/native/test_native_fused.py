"""The fused path (``smatch_texts``: read, standardize and align a pair of texts in one compiled call)
against the layered compiled calls it stands for, and the engine's use of it against the graph path."""

from __future__ import annotations

import random

import pytest
from conftest import EXAMPLES, GOLDEN_DATASETS, requires_shared, shared
from fuzz.reader_cases import ODD, STRUCTURAL, damage
from hypothesis import given, settings
from hypothesis import strategies as st
from native.native_helpers import CORE, CORPUS_PRESETS, compares_paths, examples, path, sample
from native.test_native_reading import TRICKY
from strategies import graph_texts

import amrmetrics
import amrmetrics._native as native
from amrmetrics.metrics import parse_metrics
from amrmetrics.metrics.smatch import AlignedMatch, Smatch
from amrmetrics.metrics.smatch_parts import SmatchPart
from amrmetrics.read.split import split_blocks
from amrmetrics.standardize import get_preset

pytestmark = compares_paths

PRESETS = ("smatch", "smatchpp", "smatch-classic")


def layered(test: str, gold: str, preset: str) -> tuple | None:
    """What the three layered compiled calls answer for a pair of texts (None where any of them is None)."""
    steps, product = get_preset(preset).steps, get_preset(preset).duplicates == "product"
    graphs = [CORE.parse_regular(text) for text in (test, gold)]
    if None in graphs:
        return None
    prepared = [CORE.standardize(graph, steps) for graph in graphs]
    if None in prepared:
        return None
    return CORE.align_graphs(*prepared, product, 0.0, True)


def fused(test: str, gold: str, preset: str) -> tuple | None:
    return CORE.smatch_texts(test, gold, get_preset(preset).steps, get_preset(preset).duplicates == "product")


def timeless(answer: tuple | None) -> tuple | None:
    """A pair's answer (statistics, details) without the solver's seconds, the one part that may differ."""
    if answer is None:
        return None
    stats, details = answer
    return stats, {k: v for k, v in details.items() if k != "solver_seconds"}


def assert_fused_is_layered(test: str, gold: str, preset: str) -> bool:
    """Same answer but the seconds (or both None); True when there was an answer."""
    one, other = fused(test, gold, preset), layered(test, gold, preset)
    assert (one is None) == (other is None), (test, gold, preset)
    if one is not None:
        assert timeless(one) == timeless(other), (test, gold, preset)
    return one is not None


@requires_shared
@pytest.mark.parametrize("preset", CORPUS_PRESETS)
@pytest.mark.parametrize("dataset", sorted(GOLDEN_DATASETS))
def test_every_golden_dataset_is_fused_alike(dataset, preset) -> None:
    texts = []
    for name in GOLDEN_DATASETS[dataset]:
        with open(shared("data", name), encoding="utf-8") as handle:
            texts.append([block.text for block in split_blocks(handle)])
    pairs = sample(list(zip(*texts)))
    answered = sum(assert_fused_is_layered(test, gold, preset) for test, gold in pairs)
    assert answered > len(pairs) // 2  # not vacuous: most golden pairs take the fused path


@settings(max_examples=examples(150), deadline=None)
@given(
    graph_texts(mixed_case=True, duplicates=True),
    graph_texts(mixed_case=True, duplicates=True),
    st.sampled_from(PRESETS),
    st.integers(0, 2**32 - 1),
)
def test_generated_and_damaged_pairs_are_fused_alike(test, gold, preset, seed) -> None:
    rng = random.Random(seed)
    assert_fused_is_layered(test, gold, preset)
    assert_fused_is_layered(damage(test, rng), gold, preset)
    assert_fused_is_layered(test, damage(gold, rng), preset)


def test_a_repeated_gold_is_kept_prepared_only_for_the_same_text_steps_and_product() -> None:
    """The fused call keeps the last gold text's triples: candidates against one gold, then other steps,
    another product rule, another gold equal in text, a gold it declines, and the first gold again."""
    gold = "(w / Want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b) :mod (x / x) :polarity -)"
    candidates = [gold, "(w / want-01 :ARG0 (b / girl))", "(a / b)", "(w / want-01 :ARG0 (b / boy", gold.lower()]
    golds = [gold, "".join(gold), gold + " ", "(w / want-01 :ARG0", "(x / é)", gold]
    for one in golds:
        for preset in PRESETS:
            steps = get_preset(preset).steps
            for candidate in candidates:
                for product in (False, True, False):
                    want = layered_with(candidate, one, steps, product)
                    got = CORE.smatch_texts(candidate, one, steps, product)
                    assert (got is None) == (want is None) and timeless(got) == timeless(want), (candidate, one, preset)
                    again = CORE.smatch_texts(candidate, one, tuple(list(steps)), product)  # equal steps, another tuple
                    assert (again is None) == (want is None) and timeless(again) == timeless(want)


def layered_with(test: str, gold: str, steps: tuple, product: bool) -> tuple | None:
    graphs = [CORE.parse_regular(text) for text in (test, gold)]
    prepared = [None if g is None else CORE.standardize(g, steps) for g in graphs]
    return None if None in prepared else CORE.align_graphs(*prepared, product, 0.0, True)


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_texts_are_fused_alike(text) -> None:
    for preset in PRESETS:
        assert_fused_is_layered(text, "(a / b :ARG0 (c / d))", preset)
        assert_fused_is_layered("(a / b :ARG0 (c / d))", text, preset)


def test_odd_characters_and_steps_leave_the_pair_to_the_layers() -> None:
    """Non-ASCII text, a step the core does not know: None, never a guess."""
    pair = ("(a / b :ARG0 (c / d))", "(a / b)")
    assert fused(*pair, "smatch") is not None
    assert fused("(a / bé :ARG0 (c / d))", pair[1], "smatch") is None
    assert CORE.smatch_texts(*pair, ("lowercase", "no-such-step"), False) is None
    for char in STRUCTURAL + "".join(ODD):
        assert_fused_is_layered(f"(a / b{char} :ARG0 (c / d))", pair[1], "smatch")
        assert_fused_is_layered(pair[0] + char, pair[1], "smatch")


def test_the_fused_call_refuses_what_is_not_text() -> None:
    with pytest.raises(TypeError):
        CORE.smatch_texts(b"(a / b)", "(a / b)", ("lowercase",), False)
    with pytest.raises(TypeError):
        CORE.smatch_texts("(a / b)", "(a / b)", ["lowercase"], False)


# ---------------------------------------------------------------------------------------------
# Which metrics take the fused path


def test_only_the_plain_compiled_smatch_has_a_text_scorer() -> None:
    with path(True):
        assert Smatch().text_scorer() is not None
        assert Smatch(std="smatchpp").text_scorer() is not None  # its steps decide per pair
        for spec in ("smatch:timeout=5", "smatch:solver=hillclimb", "s2match", "smatch-fine", "docsmatch", "xsmatch", "sembleu:compat=yes"):
            assert all(m.text_scorer() is None for m in parse_metrics(spec)), spec
        assert SmatchPart(triples="relations").text_scorer() is None
    with path(False):
        assert Smatch().text_scorer() is None


def test_a_subclass_that_prepares_otherwise_keeps_the_layered_path() -> None:
    class Shouting(Smatch):
        def prepare(self, graph):
            return super().prepare(graph)

    with path(True):
        assert Shouting().text_scorer() is None
        assert all(getattr(Smatch, n) is getattr(AlignedMatch, n) for n in ("prepare", "pair", "align"))


# ---------------------------------------------------------------------------------------------
# The engine: the same per-pair results with and without the fused path


def without_fused(monkeypatch) -> None:
    monkeypatch.setattr(Smatch, "text_scorer", lambda self: None)


def counted_calls(monkeypatch) -> list[int]:
    calls = [0]
    original = CORE.smatch_texts

    def counting(*args):
        calls[0] += 1
        return original(*args)

    monkeypatch.setattr(CORE, "smatch_texts", counting)
    return calls


def per_pair(scores) -> list[tuple]:
    """Every pair's scores, statistics and details but the solver's seconds."""
    return [
        (s.scores, s.stats, {k: v for k, v in s.details.items() if k != "solver_seconds"}) for s in scores.pairs
    ]


MIXED_TESTS = [
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))",
    "(w / want-01 :ARG0 (b / boy",  # malformed
    "# ::id s3\n(c / cat)",  # a header: not a fused text
    "(d / dog :mod (b / big) :quant 2 :op1 \"Rex\")",
    "(x / é-thing)",  # non-ASCII: the compiled reader leaves it
    "(a / a" + " :ARG0 (b / b" * 70 + ")" * 71,  # 71 nodes on both sides: the decomposing solver's
]
MIXED_GOLDS = [
    "(w / want-01 :ARG0 (g / girl) :ARG1 (g2 / go-02 :ARG0 g))",
    "(w / want-01)",
    "(c / cat :mod (b / black))",
    "(d / dog :mod (s / small) :quant 2 :op1 \"rex\")",
    "(x / é-thing :ARG0 (y / y))",
    "(a / a" + " :ARG0 (b / b" * 70 + ")" * 71,
]


@pytest.mark.parametrize("on_error", ["zero", "skip"])
def test_a_mixed_batch_scores_alike_with_and_without_the_fused_path(monkeypatch, on_error) -> None:
    with path(True):
        calls = counted_calls(monkeypatch)
        scorer = amrmetrics.Scorer("smatch", on_error=on_error)
        calls[0] = 0
        fast = scorer.pairs(MIXED_TESTS, MIXED_GOLDS)["smatch"]
        assert calls[0] >= 2  # the two regular pairs at least went through it
        without_fused(monkeypatch)
        slow = amrmetrics.Scorer("smatch", on_error=on_error).pairs(MIXED_TESTS, MIXED_GOLDS)["smatch"]
    assert per_pair(fast) == per_pair(slow)
    assert fast.micro == slow.micro and fast.macro == slow.macro
    assert [p.details.get("alignment") for p in fast.pairs] == [p.details.get("alignment") for p in slow.pairs]


def test_a_malformed_text_fails_the_batch_as_before(monkeypatch) -> None:
    with path(True):
        with pytest.raises(amrmetrics.CorpusError) as fast:
            amrmetrics.score_corpus(MIXED_TESTS, MIXED_GOLDS, "smatch")
        without_fused(monkeypatch)
        with pytest.raises(amrmetrics.CorpusError) as slow:
            amrmetrics.score_corpus(MIXED_TESTS, MIXED_GOLDS, "smatch")
    assert str(fast.value) == str(slow.value)
    assert "test: graph 2 (line 1)" in str(fast.value)


@requires_shared
def test_files_and_worker_processes_score_alike(monkeypatch, tmp_path) -> None:
    """Entries read from files are texts until decoded: the fused path takes them, in this process and
    in worker processes (entries pickle as text), and the per-pair file is the graph path's."""
    pred, gold = EXAMPLES / "pred.amr", EXAMPLES / "gold.amr"
    lp = [shared("data", f) for f in GOLDEN_DATASETS["littleprince"]]
    with path(True):
        calls = counted_calls(monkeypatch)
        fast = [amrmetrics.score_corpus(pred, gold, "smatch")["smatch"], amrmetrics.score_corpus(*lp, "smatch")["smatch"]]
        assert calls[0] > 400
        workers = amrmetrics.score_corpus(*lp, "smatch", jobs=2)["smatch"]
        without_fused(monkeypatch)
        slow = [amrmetrics.score_corpus(pred, gold, "smatch")["smatch"], amrmetrics.score_corpus(*lp, "smatch")["smatch"]]
    for one, other in zip(fast, slow):
        assert per_pair(one) == per_pair(other)
        assert one.micro == other.micro and one.signature == other.signature
    assert per_pair(workers) == per_pair(slow[1])


def test_the_switch_turns_the_fused_path_off(monkeypatch) -> None:
    monkeypatch.setattr(native, "CORE", None)
    assert Smatch().text_scorer() is None
    result = amrmetrics.Scorer("smatch").pairs(MIXED_TESTS[:1], MIXED_GOLDS[:1])["smatch"]
    assert 0 < result.micro["F"] < 1


def test_candidates_score_alike_with_and_without_the_fused_path(monkeypatch) -> None:
    """The warm scorer's pair and candidate lists: fused string pairs, graph objects, malformed and repeated
    candidates, a malformed gold, under both error policies."""
    graph = amrmetrics.read.decode(MIXED_TESTS[3])
    candidates = [*MIXED_TESTS, MIXED_TESTS[0], graph, MIXED_GOLDS[0]]

    def run() -> list:
        out = []
        for on_error in ("zero", "skip"):
            scorer = amrmetrics.Scorer("smatch", on_error=on_error)
            out.append([scorer.one_to_many(candidates, gold) for gold in (*MIXED_GOLDS, "(w / want-01 :ARG0")])
            out.append(scorer(MIXED_TESTS[0], MIXED_GOLDS[0]))
        strict = amrmetrics.Scorer("smatch")
        for bad in (lambda: strict.one_to_many(candidates, "(a / b"), lambda: strict.one_to_many([], "(a / b")):
            with pytest.raises(amrmetrics.GraphError) as error:
                bad()
            out.append(str(error.value))
        return out

    fused_agrees(run, lambda: counted_calls(monkeypatch), lambda: without_fused(monkeypatch))


def shown(value):
    """Scores, statistics and details (but the solver's seconds) of nested results; messages as they are."""
    if isinstance(value, list):
        return [shown(v) for v in value]
    if isinstance(value, str):
        return value
    return (value.scores, value.stats, {k: v for k, v in value.details.items() if k != "solver_seconds"})


def fused_agrees(run, count, drop) -> None:
    """``run()`` shows the same results through the fused path (``count()``'s counter: called over 20 times)
    and after ``drop()`` takes it away."""
    with path(True):
        calls = count()
        fast = shown(run())
        assert calls[0] > 20
        drop()
        slow = shown(run())
    assert fast == slow
