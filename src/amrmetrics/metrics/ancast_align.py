"""AnCast's sentence alignment (anchor and broadcast) and its sentence scores, reproduced for ``ancast``.

Written from the behaviour of umr4nlp/ancast 37d6e7f (shared README section 6.2; every step checked
against AnCast's recorded alignments and scores), not from its code. The steps:

1. *similarity*: per (test, gold) node the name similarity of name + ``op`` values (substring
   ratio, x0.9 when senses differ), averaged with the share of shared non-``op`` attributes that
   agree; *anchors*: equal names that occur once in each graph and in the sentence text;
2. *broadcast*: up to 50 rounds of ``S' = sqrt((A_out S B_out^T / C_out + 1)(A_in S B_in^T / C_in + 1) - 1)``
   over one- and two-step neighbourhoods, normalised, floored at the anchors; the result times
   (similarity + 0.2), rounded to 4 decimals;
3. *anchor growth* (up to 5 rounds): mutual row/column maxima become the anchors (ties broken by
   the Jaccard similarity of the nodes' role sets; a tie won by node 0 counts as none, as in AnCast);
4. *greedy*: the rest is matched by mutual proposals on the last similarity matrix.

Scores per sentence: the concept score (summed similarity of aligned pairs over the nodes,
counting pairs again when an anchor vanishes and comes back, as AnCast does), LRM (labelled
relation match weighted by the name similarity of both ends), ULRM, WLRM (whose gold side reads
the test graph's descendant counts, as AnCast does) and AnCast's smatch-style score. numpy does the
matrix work with the same operations as AnCast, so the floats agree.
"""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass, field

import numpy as np

from amrmetrics.metrics.ancast_graph import AncastCrash, AncastGraph, Node

SENSE_COEFFICIENT = 0.1
TOLERANCE = 1e-4
ALPHA, BETA = 2e-1, 1e-3
ROUNDS, BROADCASTS = 5, 50


def divide(a: float, b: float) -> float:
    """AnCast's ``protected_divide``: 0.0 when ``b`` is 0."""
    return 0.0 if b == 0 else a / b


def string_sim(a: str, b: str) -> float:
    """Length ratio when one name contains the other (case-insensitive), else 0."""
    a, b = a.lower(), b.lower()
    if a not in b and b not in a:
        return 0.0
    if a in b:
        return len(a) / len(b)
    return len(b) / len(a)


def name_sim(a: str, b: str, same_sense: int) -> float:
    """:func:`string_sim` x (1 + 0.1 (same_sense - 1))."""
    return string_sim(a, b) * (1 + SENSE_COEFFICIENT * (same_sense - 1))


@dataclass
class Tally:
    """AnCast's running sums for one direction (test to gold, or gold to test)."""

    good: float = 0.0
    good_n: int = 0
    bad: float = 0.0
    bad_n: int = 0
    smatch_concept: float = 0.0
    smatch_concept_n: int = 0
    relation_matched: int = 0
    relation_total: int = 0
    sums: dict[str, float] = field(default_factory=lambda: {"lr": 0.0, "ulr": 0.0, "wlr": 0.0})
    counts: dict[str, float] = field(default_factory=lambda: {"lr": 0.0, "ulr": 0.0, "wlr": 0.0})

    def concept_pair(self, good: bool, value: float, identical: float) -> None:
        """One aligned (or unaligned: value 0) node's concept credit."""
        if good:
            self.good += value
            self.good_n += 1
        else:
            self.bad += value
            self.bad_n += 1
        self.smatch_concept += identical
        self.smatch_concept_n += 1

    def concept(self) -> float:
        """AnCast's "concept with bad quality"."""
        return divide(self.good + self.bad, self.good_n + self.bad_n)

    def smatch(self) -> float:
        """AnCast's smatch-style precision (or recall)."""
        return divide(self.smatch_concept + self.relation_matched, self.smatch_concept_n + self.relation_total)

    def relational(self, kind: str) -> float:
        """LRM/ULRM/WLRM (``lr``, ``ulr``, ``wlr``): the concept score when nothing was counted."""
        if self.counts[kind] == 0:
            return self.concept()
        return self.sums[kind] / self.counts[kind]

    def add(self, other: Tally) -> None:
        """Pool another sentence's sums (AnCast's ``log_and_inc_metric``)."""
        self.good += other.good
        self.good_n += other.good_n
        self.bad += other.bad
        self.bad_n += other.bad_n
        self.smatch_concept += other.smatch_concept
        self.smatch_concept_n += other.smatch_concept_n
        self.relation_matched += other.relation_matched
        self.relation_total += other.relation_total
        for k in self.sums:
            self.sums[k] += other.sums[k]
            self.counts[k] += other.counts[k]


@dataclass
class SentenceMatch:
    """One sentence pair as AnCast scores it: the alignment both ways and the two tallies."""

    t2g: dict[str, str]
    g2t: dict[str, str]
    levels: dict[str, int]
    forward: Tally
    backward: Tally
    triples: tuple[int, int, int, int]
    """(test triples matched, test triples, gold triples matched, gold triples), TOP included."""
    n_test: int
    n_gold: int

    def row(self) -> dict[str, float]:
        """The per-sentence numbers AnCast reports (and the gold-to-test concept score it does not)."""
        concept = self.forward.concept()
        lr_p, lr_r = self.forward.relational("lr"), self.backward.relational("lr")
        ulr = self.forward.relational("ulr"), self.backward.relational("ulr")
        wlr = self.forward.relational("wlr"), self.backward.relational("wlr")
        psm, rsm = self.forward.smatch(), self.backward.smatch()
        return {
            "concept_precision": concept,
            "concept_recall": concept,
            "concept_f": divide(concept * concept * 2, concept + concept),
            "concept_g2t_unreported": self.backward.concept(),
            "lrm_precision": lr_p,
            "lrm_recall": lr_r,
            "lrm_f": divide(2 * lr_p * lr_r, lr_p + lr_r),
            "ulrm_f": divide(2 * ulr[0] * ulr[1], ulr[0] + ulr[1]),
            "wlrm_f": divide(2 * wlr[0] * wlr[1], wlr[0] + wlr[1]),
            "smatch_f": divide(psm * rsm * 2, psm + rsm),
            "lr_t2g_sum": self.forward.sums["lr"],
            "lr_t2g_count": self.forward.counts["lr"],
            "lr_g2t_sum": self.backward.sums["lr"],
            "lr_g2t_count": self.backward.counts["lr"],
            "triples_t2g_matched": self.triples[0],
            "triples_test": self.triples[1],
            "triples_g2t_matched": self.triples[2],
            "triples_gold": self.triples[3],
            "n_test_concepts": self.n_test,
            "n_gold_concepts": self.n_gold,
        }


class _Resolution:
    """The alignment of one sentence pair (steps 1-4 of the module doc) and its tallies."""

    def __init__(self, test: AncastGraph, gold: AncastGraph, test_text: str, gold_text: str) -> None:
        self.graphs = (test, gold)
        self.nodes = (list(test.nodes.values()), list(gold.nodes.values()))
        self.vars = (list(test.nodes), list(gold.nodes))
        self.index = ({v: i for i, v in enumerate(self.vars[0])}, {v: j for j, v in enumerate(self.vars[1])})
        self.tallies = (Tally(), Tally())
        self.initial, self.identical, anchors = self._similarity(test_text, gold_text)
        self.neighbours, self.out = self._neighbourhoods()
        self.match, self.quality = self._anchor_and_match(anchors)

    def _similarity(self, test_text: str, gold_text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        t_nodes, g_nodes = self.nodes
        shape = (len(t_nodes), len(g_nodes))
        initial, identical, anchors = np.zeros(shape), np.zeros(shape), np.zeros(shape)
        t_count, g_count = _counts(n.name for n in t_nodes), _counts(n.name for n in g_nodes)
        t_attrs, g_attrs = [n.attributes() for n in t_nodes], [n.attributes() for n in g_nodes]
        t_text, g_text = test_text.lower(), gold_text.lower()
        for i, a in enumerate(t_nodes):
            ops0 = "".join(v for r, v in t_attrs[i].items() if r[:2] == "op")
            for j, b in enumerate(g_nodes):
                same = 1 if a.sense == b.sense else 0
                n = s = 0
                for r, v in t_attrs[i].items():
                    if r[:2] == "op":
                        continue
                    if r in g_attrs[j]:
                        n += 1
                        s += v == g_attrs[j][r]
                ops1 = "".join(v for r, v in g_attrs[j].items() if r[:2] == "op")
                sim = name_sim(a.name + ops0, b.name + ops1, same)
                other = s / n if n > 0 else 0
                initial[i, j] = (sim + other) / (1 + (1 if n > 0 else 0))
                identical[i, j] = (sim == 1) and (same == 1)
                if a.name == b.name and a.name in t_text and b.name in g_text and t_count[a.name] == 1 and g_count[b.name] == 1:
                    anchors[i, j] = 1
        return initial, identical, anchors

    def _neighbourhoods(self) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, np.ndarray]]:
        matrices = []
        for side in (0, 1):
            n = len(self.nodes[side])
            out, into = np.zeros((n, n)), np.zeros((n, n))
            for k, node in enumerate(self.nodes[side]):
                outs, ins = [], []
                for relation in node.all_relations():
                    other, predicate = relation.seen_from(node)
                    if isinstance(other, Node):
                        (outs if predicate else ins).append(self.index[side][other.var])
                out[k][outs] = 1
                into[k][ins] = 1
            matrices.append((out, into))
        (out0, in0), (out1, in1) = matrices
        raw = (out0, out1)
        m0 = np.ones(out0.shape) - np.eye(len(self.nodes[0]))
        m1 = np.ones(out1.shape) - np.eye(len(self.nodes[1]))
        out0 = (np.matmul(out0, out0) + out0) * m0
        out1 = (np.matmul(out1, out1) + out1) * m1
        in0 = (np.matmul(in0, in0) + in0) * m0
        in1 = (np.matmul(in1, in1) + in1) * m1
        for a in (out0, out1, in0, in1):
            a[a > 1] = 1
        c_out = _degree_ratio(out0.sum(axis=1)[:, np.newaxis], out1.sum(axis=1)[np.newaxis, :])
        c_in = _degree_ratio(in0.sum(axis=1)[:, np.newaxis], in1.sum(axis=1)[np.newaxis, :])
        return (out0, out1, in0, in1, c_out, c_in), raw

    def _broadcast(self, anchors: np.ndarray) -> np.ndarray:
        out0, out1, in0, in1, c_out, c_in = self.neighbours
        new = anchors.copy()
        for _ in range(BROADCASTS):
            previous = new.copy()
            s_out = (out0 @ previous) @ out1.T / c_out
            s_in = (in0 @ previous) @ in1.T / c_in
            new = np.sqrt((s_out + 1) * (s_in + 1) - 1)
            top = np.amax(new)
            if top > 0:
                new = new / top
            new = new * 1
            new = np.maximum(new, anchors)
            if np.allclose(previous, new, atol=TOLERANCE):
                break
        decimals = int(round(-np.log10(TOLERANCE)))
        return np.around((new + BETA) * (self.initial + ALPHA), decimals=decimals)

    def _role_jaccard(self, side: int, idx: int, candidates: np.ndarray) -> tuple[int | None, np.ndarray]:
        """AnCast's tie-break: the candidate whose role set is most like the node's (None on a tie)."""
        mine = set(self.nodes[side][idx].relations)
        sims = np.zeros(candidates.shape)
        for k, other in enumerate(candidates):
            theirs = set(self.nodes[1 - side][other].relations)
            union = mine | theirs
            sims[k] = len(mine & theirs) / len(union) if union else 0
        best = np.amax(sims)
        where = np.where(sims == best)[0]
        if np.count_nonzero(sims == best) > 1:
            return None, where
        return candidates[np.argmax(sims)], where

    def _new_anchors(self, final: np.ndarray) -> np.ndarray:
        new = np.zeros(final.shape)
        max_row, max_row_value = np.argmax(final, axis=1), np.amax(final, axis=1)
        max_col, max_col_value = np.argmax(final, axis=0), np.amax(final, axis=0)
        rows = set()
        for i in range(final.shape[0]):
            at = final[i] == max_row_value[i]
            if np.count_nonzero(at) == 1:
                rows.add((i, int(max_row[i])))
            else:
                target, _ = self._role_jaccard(0, i, np.where(at > 0)[0])
                if target:  # AnCast: a winner at index 0 counts as no winner
                    rows.add((i, int(target)))
        for j in range(final.shape[1]):
            at = final[:, j] == max_col_value[j]
            if np.count_nonzero(at) == 1:
                if (int(max_col[j]), j) in rows:
                    new[max_col[j], j] = 1
            else:
                target, _ = self._role_jaccard(1, j, np.where(at > 0)[0])
                if target and (int(target), j) in rows:
                    new[target, j] = 1
        return new

    def _accept(self, side_lists, i: int, j: int, level: int, good: bool) -> None:  # type: ignore[no-untyped-def]
        (match01, quality01), (match10, quality10) = side_lists
        v0, v1 = self.vars[0][i], self.vars[1][j]
        if v0 not in match01:
            match01[v0], quality01[v0] = v1, level
            self.tallies[0].concept_pair(good, self.initial[i, j], self.identical[i, j] == 1)
        if v1 not in match10:
            match10[v1], quality10[v1] = v0, level
            self.tallies[1].concept_pair(good, self.initial[i, j], self.identical[i, j] == 1)

    def _anchor_and_match(self, initial_anchors: np.ndarray):  # type: ignore[no-untyped-def]
        match01: dict[str, str] = {}
        quality01: dict[str, int] = {}
        match10: dict[str, str] = {}
        quality10: dict[str, int] = {}
        lists = ((match01, quality01), (match10, quality10))
        anchors = initial_anchors.copy()
        for i, j in zip(*np.where(anchors > 0)):
            self._accept(lists, int(i), int(j), 0, True)
        final = None
        for level in range(1, ROUNDS + 1):
            old = anchors
            final = self._broadcast(old)
            anchors = self._new_anchors(final)
            change = anchors - old
            if np.any(change < 0):
                for i, j in zip(*np.where(change < 0)):
                    try:
                        del match01[self.vars[0][i]], match10[self.vars[1][j]]
                        del quality01[self.vars[0][i]], quality10[self.vars[1][j]]
                    except KeyError:
                        raise AncastCrash("a vanishing anchor that was never recorded: AnCast stops with a KeyError") from None
            if np.any(change > 0):
                for i, j in zip(*np.where(anchors > 0)):
                    self._accept(lists, int(i), int(j), level, True)
            else:
                break
        assert final is not None
        unmatched01 = [self.index[0][v] for v in self.vars[0] if v not in match01]
        unmatched10 = [self.index[1][v] for v in self.vars[1] if v not in match10]
        self._greedy(final, unmatched01, unmatched10, lists)
        return (match01, match10), (quality01, quality10)

    def _greedy(self, final: np.ndarray, un01: list[int], un10: list[int], lists) -> None:  # type: ignore[no-untyped-def]
        (match01, quality01), (match10, quality10) = lists
        sub = final[np.ix_(un01, un10)]
        order01 = final.argsort(axis=1)[:, ::-1]
        order10 = final.argsort(axis=0).T[:, ::-1]
        place01 = np.zeros(len(order01), dtype=np.int64)
        place10 = np.zeros(len(order10), dtype=np.int64)
        pick01 = {i: order01[i][place01[i]] for i in un01}
        pick10 = {j: order10[j][place10[j]] for j in un10}
        rounds = 0
        while pick01 and pick10:
            rounds += 1
            if rounds > 500:
                raise AncastCrash("the greedy matching found no mutual pair in 500 rounds: AnCast stops here")
            at01 = {x: k for k, x in enumerate(un01)}
            at10 = {x: k for k, x in enumerate(un10)}
            for k, idx in enumerate(pick01):
                pick01[idx] = self._walk(order01, place01, idx, un10)
                maxima = np.where((sub[k] == sub[k, at10[pick01[idx]]]) > 0)[0]
                if len(maxima) != 1:
                    mapped = np.array([un10[x] for x in maxima])
                    target, where = self._role_jaccard(0, idx, mapped)
                    pick01[idx] = target if target else mapped[where[0]]
                    place01[idx] = max(place01[idx] - len(maxima), 0)
            for k, idx in enumerate(pick10):
                pick10[idx] = self._walk(order10, place10, idx, un01)
                maxima = np.where((sub[:, k] == sub[at01[pick10[idx]], k]) > 0)[0]
                if len(maxima) != 1:
                    mapped = np.array([un01[x] for x in maxima])
                    target, where = self._role_jaccard(1, idx, mapped)
                    pick10[idx] = target if target else mapped[where[0]]
                    place10[idx] = max(place10[idx] - len(maxima), 0)
            mutual = [(i, j) for i, j in pick01.items() if j in pick10 and pick10[j] == i]
            for i, j in mutual:
                v0, v1 = self.vars[0][i], self.vars[1][int(j)]
                match01[v0], quality01[v0] = v1, -1
                self.tallies[0].concept_pair(False, self.initial[i, j], self.identical[i, j] == 1)
                match10[v1], quality10[v1] = v0, -1
                self.tallies[1].concept_pair(False, self.initial[i, j], self.identical[i, j] == 1)
            rows = [at01[i] for i, _ in mutual]
            cols = [at10[int(j)] for _, j in mutual]
            for i, j in mutual:
                del pick01[i], pick10[int(j)]
                un01.remove(i)
                un10.remove(int(j))
            sub = np.delete(np.delete(sub, rows, axis=0), cols, axis=1)
        for i in pick01:
            v0 = self.vars[0][i]
            match01[v0], quality01[v0] = "NULL" + v0, -2
            self.tallies[0].concept_pair(False, 0.0, 0.0)
        for j in pick10:
            v1 = self.vars[1][j]
            match10[v1], quality10[v1] = "NULL" + v1, -2
            self.tallies[1].concept_pair(False, 0.0, 0.0)

    @staticmethod
    def _walk(order: np.ndarray, place: np.ndarray, idx: int, unmatched: list[int]) -> int:
        """The next candidate of ``idx`` in its descending order that is still unmatched."""
        pick = order[idx][place[idx]]
        while pick not in unmatched:
            place[idx] += 1
            if place[idx] < len(order[idx]):
                pick = order[idx][place[idx]]
            else:
                break
        return pick


def _degree_ratio(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """AnCast's C: max/min of two neighbour counts, infinite when either is 0."""
    low = np.minimum(a, b)
    low[low == 0] = np.inf
    ratio = np.maximum(a, b) / low
    ratio[ratio == 0] = np.inf
    return ratio


def _counts(names):  # type: ignore[no-untyped-def]
    """How often each name occurs (a ``defaultdict`` as AnCast counts, so unknown names count 0)."""
    counts: defaultdict[str, int] = defaultdict(int)
    for name in names:
        counts[name] += 1
    return counts


def _translate(match: dict[str, str], name: str) -> str:
    return match.get(name, name)


def _descendants(out: np.ndarray) -> list[int]:
    """How many nodes each node reaches (AnCast's offspring count)."""
    counts = []
    for start in range(len(out)):
        seen: set[int] = set()
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for nxt in np.where(out[node] > 0)[0].tolist():
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        counts.append(len(seen))
    return counts


def match_sentence(test: AncastGraph, gold: AncastGraph, test_text: str, gold_text: str) -> SentenceMatch:
    """Align one sentence pair AnCast's way and score it (see the module doc)."""
    res = _Resolution(test, gold, test_text, gold_text)
    (match01, match10), (quality01, _) = res.match, res.quality
    set0, set1 = test.triples(), gold.triples()
    set0.add(("TOP", "TOP", res.vars[0][0]))
    set1.add(("TOP", "TOP", res.vars[1][0]))
    into_gold = {(_translate(match01, a), r, _translate(match01, b)) for a, r, b in set0}
    into_test = {(_translate(match10, a), r, _translate(match10, b)) for a, r, b in set1}
    forward, backward = res.tallies
    forward.relation_matched, forward.relation_total = len(into_test & set0), len(set0)
    backward.relation_matched, backward.relation_total = len(into_gold & set1), len(set1)
    set0.discard(("TOP", "TOP", res.vars[0][0]))
    set1.discard(("TOP", "TOP", res.vars[1][0]))
    _relational(res, set0, set1, match01, match10)
    levels = dict(quality01)
    triples = (forward.relation_matched, forward.relation_total, backward.relation_matched, backward.relation_total)
    return SentenceMatch(match01, match10, levels, forward, backward, triples, len(res.vars[0]), len(res.vars[1]))


def _relational(res: _Resolution, set0: set, set1: set, match01: dict[str, str], match10: dict[str, str]) -> None:  # type: ignore[type-arg]
    """LRM, ULRM and WLRM sums of both directions (WLRM's gold side reads the test graph's counts, as AnCast)."""
    descendants = _descendants(res.out[0])
    test_index = res.index[0]

    def grouped(triples: set) -> dict[tuple[str, str], set[str]]:  # type: ignore[type-arg]
        out: dict[tuple[str, str], set[str]] = defaultdict(set)
        for a, r, b in triples:
            out[(a, b)].add(r)
        return out

    def named(name: str, graph: AncastGraph) -> tuple[str, int]:
        node = graph.nodes.get(name)
        return (node.name, node.sense) if node is not None else (name, 0)

    def offspring(name: str) -> int:
        return descendants[test_index[name]] if name in test_index else 0

    mine, yours = grouped(set0), grouped(set1)
    for (me, you), (g_me, g_you), tally, match in (
        ((mine, yours), res.graphs, res.tallies[0], match01),
        ((yours, mine), res.graphs[::-1], res.tallies[1], match10),
    ):
        for (pred, arg), labels in me.items():
            t_pred, t_arg = _translate(match, pred), _translate(match, arg)
            size = len(labels)
            weight = np.sqrt(offspring(arg) * offspring(pred)) + 1
            target = you.get((t_pred, t_arg))
            if target is None:
                tally.sums["lr"] += 0
                tally.sums["ulr"] += 0
                tally.sums["wlr"] += 0
            else:
                overlap = len(labels & target)
                unlabeled = min(len(target), len(labels))
                tp_name, tp_sense = named(t_pred, g_you)
                ta_name, ta_sense = named(t_arg, g_you)
                p_name, p_sense = named(pred, g_me)
                a_name, a_sense = named(arg, g_me)
                sim_pred = name_sim(tp_name, p_name, tp_sense == p_sense)
                sim_arg = name_sim(ta_name, a_name, ta_sense == a_sense)
                tally.sums["lr"] += (sim_pred + sim_arg) / 2 * overlap
                tally.sums["ulr"] += (sim_pred + sim_arg) / 2 * unlabeled
                tally.sums["wlr"] += (sim_pred + sim_arg) / 2 * (overlap * weight)
            tally.counts["lr"] += size
            tally.counts["ulr"] += size
            tally.counts["wlr"] += size * weight


__all__ = ["SentenceMatch", "Tally", "divide", "match_sentence"]
