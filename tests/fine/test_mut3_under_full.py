"""Fine-grained Smatch's aspect counts under the full alignment (``FineSmatch._under_full``), by hand:
the classic preset's ceiling, nodes a preset drops from the full graph, and which aspects need a
re-solve, seen through solvers that prove nothing after the full alignment."""

from __future__ import annotations

import math

import numpy as np

from amrmetrics.align import problem as problem_module
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.result import Alignment
from amrmetrics.metrics import fine
from amrmetrics.metrics.fine import ASPECTS, FineSmatch
from amrmetrics.read import decode

SAME = "(w / want-01 :ARG0 (b / boy))"
DEREIFIED = "(w / want-01 :ARG1 (x / be-located-at-91) :ARG0 (b / boy :ARG1-of (h / be-located-at-91 :ARG2 (c / city))))"
"""Under smatchpp-amr, h (no parent, :ARG1 and :ARG2 only) is dereified into (b :location c) in the
full graph; its reentrancy subgraph keeps h, which has :ARG1 only there. Full nodes: w, x, b, c."""
REIFIED = "(w / want-01 :ARG0 (b / boy) :ARG1 (h / be-located-at-91 :ARG1 b :ARG2 (c / city)))"
"""h has a parent (w :ARG1 h), so it stays. Full nodes: w, b, h, c."""
CONTROL = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))"
GIRL = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 (g2 / girl)) :ARG2 (h / help-01 :ARG1 g2))"


class Scripted:
    """The exact solver's answer to the first problem (the full graphs'); then the given mappings in
    turn with no bound (a solver out of time), and after them the empty mapping."""

    def __init__(self, *later: list[int]) -> None:
        self.exact = DecomposingSolver()
        self.later = list(later)
        self.calls = 0

    def solve(self, problem):  # type: ignore[no-untyped-def]
        self.calls += 1
        if self.calls == 1:
            return self.exact.solve(problem)
        mapping = self.later.pop(0) if self.later else [-1] * problem.shape[0]
        return Alignment.of(mapping, problem.value(mapping), math.inf, "time-limit", 0.0)


def run(test: str, gold: str, std: str = "smatch", solver: object | None = None) -> tuple[dict[str, tuple[float, ...]], float]:
    """Per-aspect (matched, n_test, n_gold) and the number of uncertified aspect counts."""
    metric = FineSmatch(std=std)
    if solver is not None:
        metric.set_cached("solver", solver)
    stats = metric.pair(metric.prepare(decode(test)), metric.prepare(decode(gold))).stats
    return {a: tuple(stats[3 * i : 3 * i + 3]) for i, a in enumerate(ASPECTS)}, stats[-1]


def test_the_classic_preset_counts_every_aspect():
    """smatch-classic (duplicates k x l) on a graph against itself: 2 instances, (w :ARG0 b), the TOP
    triple = 4 in Smatch, Unlabeled and No WSD; SRL is w, b and the :ARG0 edge (3); no reentrancy."""
    counts, uncertified = run(SAME, SAME, "smatch-classic")
    assert counts["Smatch"] == counts["Unlabeled"] == counts["No WSD"] == (4, 4, 4)
    assert counts["SRL"] == (3, 3, 3) and counts["Reentrancies"] == (0, 0, 0) and counts["Concepts"] == (2, 2, 2)
    assert uncertified == 0


def test_a_node_the_preset_drops_from_the_full_graph_is_unmapped():
    """smatchpp-amr. Full optimum w->w, x->h, b->b, c->c: 4 instances, the root triple, :arg1 and
    :arg0 = 7 (of 8 and 9). Reentrancy subgraphs (b has parents w and h): w, b, h with (w :arg0 b)
    and (h :arg1 b), 5 triples a side. DEREIFIED's h is no full node, so it stays unmapped: w, b and
    (w :arg0 b) match, 3 (though mapping it to REIFIED's h would give 5). Both directions, and the
    same with a solver that proves nothing after the full alignment (the count needs no re-solve)."""
    for test, gold in ((DEREIFIED, REIFIED), (REIFIED, DEREIFIED)):
        for solver in (None, Scripted()):
            counts, uncertified = run(test, gold, "smatchpp-amr", solver)
            assert counts["Reentrancies"] == (3, 5, 5)
            assert counts["Smatch"][0] == 7
            assert uncertified == 0


def test_aspects_proven_by_the_cheap_bound_need_no_solver():
    """CONTROL against GIRL (smatch preset): the full optimum maps w, b, g onto themselves (6 of 7
    and 11). Unlabeled and No WSD match 6, SRL 5 (w, b, g and two :ARG edges) as realigning them
    does, so with a solver that proves nothing afterwards only Reentrancies (1 of 5 under the full
    alignment, 2 when b -> g2) is uncertified."""
    counts, uncertified = run(CONTROL, GIRL, solver=Scripted())
    assert [counts[a][0] for a in ("Smatch", "Unlabeled", "No WSD", "Reentrancies", "SRL")] == [6, 6, 6, 1, 5]
    assert uncertified == 1


def test_a_better_aspect_count_off_the_optimal_full_alignments_is_not_taken():
    """As above, but the re-solve of w*full + Reentrancies returns w->w, b->g2, g->g (full nodes of
    GIRL in order w, b, g, g2, h: [0, 3, 2]) without a bound: 2 reentrancy triples, but the full
    graphs match only 5 (w, g, TOP, w :ARG1 g, g :ARG0 b->g2), one less than the optimum. The count
    stays 1 and is not certified."""
    solver = Scripted([-1, -1, -1], [0, 3, 2])
    counts, uncertified = run(CONTROL, GIRL, solver=solver)
    assert counts["Reentrancies"] == (1, 5, 5)
    assert uncertified == 1 and solver.calls == 3


def test_without_all_links_no_aspect_below_its_ceiling_is_certified(monkeypatch):
    """LINK_LIMIT 0: every problem is restricted to links between earning pairs, with a ceiling, so
    the full alignment proves nothing (its 6 is below the triple-count ceiling 7): it is flagged, and
    so are the four graph aspects, each below min(|test|, |gold|) (6 < 7, 6 < 7, 1 < 5, 5 < 6),
    which keep their counts under it."""
    monkeypatch.setattr(problem_module, "LINK_LIMIT", 0)
    counts, uncertified = run(CONTROL, GIRL)
    assert [counts[a][0] for a in ("Smatch", "Unlabeled", "No WSD", "Reentrancies", "SRL")] == [6, 6, 6, 1, 5]
    assert uncertified == 5


def test_exactly_face_links_links_are_solved_whole(monkeypatch):
    """Reentrancies of CONTROL against GIRL is the one aspect that is re-solved; its problem and the
    full one have FACE_LINKS links together. That is not above the limit: no face is asked for
    (one that would fail), and the count is certified."""
    metric = FineSmatch()
    t, g = metric.prepare(decode(CONTROL)), metric.prepare(decode(GIRL))
    full = metric.problem(t.graphs["Smatch"], g.graphs["Smatch"])
    aspect = metric.problem(t.graphs["Reentrancies"], g.graphs["Reentrancies"])
    monkeypatch.setattr(fine, "FACE_LINKS", len(full.pairs) + len(aspect.pairs))
    monkeypatch.setattr(fine, "optimal_face", lambda *args: None)
    counts, uncertified = run(CONTROL, GIRL)
    assert counts["Reentrancies"] == (1, 5, 5)
    assert uncertified == 0


def test_the_face_lp_gets_the_metric_timeout(monkeypatch):
    """FACE_LINKS 0: every re-solved aspect asks for the face, whose LP gets the metric's timeout.
    With 1e-9 s it cannot finish, so Reentrancies (the one re-solved aspect, as above) keeps its
    count under the returned alignment, uncertified; the alignments themselves come from an exact
    solver without a time limit."""
    monkeypatch.setattr(fine, "FACE_LINKS", 0)
    metric = FineSmatch(timeout=1e-9)
    metric.set_cached("solver", DecomposingSolver())
    stats = metric.pair(metric.prepare(decode(CONTROL)), metric.prepare(decode(GIRL))).stats
    reentrancies = ASPECTS.index("Reentrancies")
    assert stats[3 * reentrancies : 3 * reentrancies + 3] == (1, 5, 5)
    assert stats[-1] == 1


def test_scores_of_several_pairs_at_once():
    """Two rows of statistics give two scores per aspect: SAME against itself (F 1 everywhere it
    applies) and CONTROL against GIRL (Smatch 6 of 7 and 11: P 6/7, R 6/11)."""
    metric = FineSmatch()
    rows = [
        metric.pair(metric.prepare(decode(t)), metric.prepare(decode(g))).stats for t, g in ((SAME, SAME), (CONTROL, GIRL))
    ]
    scores = metric.scores(np.array(rows))
    assert scores["Smatch.P"].tolist() == [1.0, 6 / 7] and scores["Smatch.R"].tolist() == [1.0, 6 / 11]


def test_a_graph_against_itself_is_certified_without_all_links(monkeypatch):
    """LINK_LIMIT 0 (every problem restricted, so no solver proves anything after the full
    alignment): SAME against itself matches every triple of every aspect, as many as any alignment
    could (smatch: min(|test|, |gold|), 4 for Smatch, Unlabeled and No WSD, 3 for SRL; smatch-classic:
    every positive weight of the aspect's problem, e.g. Unlabeled's unary 2 (w -> w, concept and
    TOP) + 1 (b -> b) and the one :ARG0 link, 4). Nothing to gain: every count is certified."""
    monkeypatch.setattr(problem_module, "LINK_LIMIT", 0)
    for std in ("smatch", "smatch-classic"):
        counts, uncertified = run(SAME, SAME, std)
        assert [counts[a] for a in ("Unlabeled", "No WSD", "SRL")] == [(4, 4, 4), (4, 4, 4), (3, 3, 3)]
        assert uncertified == 0, std


def test_the_classic_ceiling_is_every_positive_weight():
    """smatch-classic, CONTROL against GIRL, a solver that proves nothing after the full alignment.
    The Reentrancies problem earns 1 in unary weights (b -> b) and 2 in links, a ceiling of 3 above
    the 1 matched under the full alignment (2 when b -> g2), so the count is not certified: 1."""
    counts, uncertified = run(CONTROL, GIRL, "smatch-classic", Scripted())
    assert counts["Reentrancies"] == (1, 5, 5)
    assert uncertified == 1


class GivesUpOnLinksAboveOne:
    """Solves exactly, but proves (returns a bound for) only problems whose links weigh at most 1:
    the lexicographic problems (links weighing the ceiling + 1) come back unproven."""

    def __init__(self) -> None:
        self.exact = DecomposingSolver()

    def solve(self, problem):  # type: ignore[no-untyped-def]
        found = self.exact.solve(problem)
        if len(problem.weights) and problem.weights.max() > 1:
            return Alignment.of(found.mapping, found.value, math.inf, "time-limit", 0.0)
        return found


def test_an_aspect_whose_own_optimum_is_its_count_needs_no_lexicographic_solve(monkeypatch):
    """With the cheap bound made useless (eliminate returns an infinite bound, which bounds
    anything), CONTROL against GIRL solves each graph aspect on its own: Unlabeled and No WSD
    reach 6 and SRL 5, their counts under the full alignment, so those are certified without the
    lexicographic solve. Reentrancies reaches 2 (b -> g2) above its 1 and needs it, which this
    solver leaves unproven: 1 uncertified."""
    monkeypatch.setattr(fine, "eliminate", lambda ip, value, *args, **kwargs: (ip, math.inf))
    counts, uncertified = run(CONTROL, GIRL, solver=GivesUpOnLinksAboveOne())
    assert [counts[a][0] for a in ("Unlabeled", "No WSD", "Reentrancies", "SRL")] == [6, 6, 1, 5]
    assert uncertified == 1


TRIANGLE = "(w / want-01 :quant 1 :ARG0 (b / boy :quant 2) :ARG1 (g / go-02 :ARG0 b))"
TWO_TRIANGLES = (
    "(r / and :op1 (w1 / want-01 :ARG0 (b1 / boy) :ARG1 (g1 / go-02 :ARG0 b1))"
    " :op2 (w2 / want-01 :quant 1 :ARG0 (b2 / boy :quant 2) :ARG1 (g2 / go-02 :ARG0 (x / person))))"
)
"""TRIANGLE (9 triples) onto the second triangle w2, b2, g2: 3 concepts, 2 attributes, (w :ARG0 b) and
(w :ARG1 g), 7, the one optimum; onto the first, w1, b1, g1: 3 concepts and 3 edges, 6. Reentrancy
subgraphs: w, b, g and (w :ARG0 b), (g :ARG0 b) in TRIANGLE; w1, b1, g1 and their two edges in
TWO_TRIANGLES (b2 has one parent): 5 each, all matched by the first triangle, none by the optimum."""


def test_an_aspect_count_one_point_off_the_optimum_does_not_outweigh_it():
    """TRIANGLE against TWO_TRIANGLES, both ways: Reentrancies matches 0 of 5 under the one optimal
    full alignment (7); the alignment onto the first triangle matches all 5 but the full graphs
    only 6. The lexicographic solve (weight 5 + 1 on the full problem) keeps the optimum, proving
    0 the best: certified, no uncertified count (Smatch 7 of 9 and 19)."""
    for test, gold in ((TRIANGLE, TWO_TRIANGLES), (TWO_TRIANGLES, TRIANGLE)):
        counts, uncertified = run(test, gold)
        assert counts["Smatch"][0] == 7 and counts["Reentrancies"] == (0, 5, 5)
        assert uncertified == 0


SHAPE = "(a / x :ARG0 (b / y) :ARG1 (c / z :ARG0 b))"
SAME_SHAPE = "(d / p :ARG0 (e / q) :ARG1 (f / r :ARG0 e))"
"""The same edges with no concept in common: every match comes from the links."""


def test_a_restricted_classic_problem_certifies_nothing_from_its_own_weights(monkeypatch):
    """smatch-classic, SHAPE against SAME_SHAPE. With every link: a -> d, b -> e, c -> f matches the
    three edges and TOP (Smatch, Unlabeled, No WSD 4; Reentrancies 2; SRL 3), all certified. With
    LINK_LIMIT 0 no node pair earns a unary weight, so the restricted problems keep no link: their
    positive weights sum to 0 and do not bound the pair's count. The full alignment (1, TOP alone)
    and every graph aspect counted under it are flagged instead of certified by that sum."""
    counts, uncertified = run(SHAPE, SAME_SHAPE, "smatch-classic")
    graph_aspects = ("Smatch", "Unlabeled", "No WSD", "Reentrancies", "SRL")
    assert [counts[a][0] for a in graph_aspects] == [4, 4, 4, 2, 3] and uncertified == 0
    monkeypatch.setattr(problem_module, "LINK_LIMIT", 0)
    counts, uncertified = run(SHAPE, SAME_SHAPE, "smatch-classic")
    assert [counts[a][0] for a in graph_aspects] == [1, 1, 1, 0, 0]
    assert uncertified == 5
