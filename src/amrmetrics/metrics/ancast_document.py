"""AnCast's document level (modal, temporal and coreference scores), reproduced for ``ancast``.

Written from AnCast's behaviour (shared README section 6.2), not from its code:

* each sentence's document-level text is searched for ``:temporal``, ``:modal`` and ``:coref``
  lists with AnCast's patterns (a triple may not cross a line; anything unexpected drops that
  sentence's list silently), triples as ``(head :label tail)``;
* names get integer ids in order of first appearance (per category: the test triples, then the
  gold ones); a variable of the current sentence and its aligned partner share one id; any other
  name is a constant with the same id on both sides (so an earlier sentence's variable stays
  aligned only if it was seen in earlier triples);
* per category one label per ordered (head, tail) id pair, the last written winning;
* modal: exact (head, label, tail) matches; temporal and coref: AnCast's closure and cluster
  weighting (:func:`clusters`), labels AnCast does not know (``:contains``, ``:subset``) dropped.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from amrmetrics.metrics.ancast_align import divide
from amrmetrics.metrics.ancast_graph import AncastCrash

PATTERNS = {
    "temporal": re.compile(r":temporal\s*\(((\(.*\:.*\)\s*)*)\)"),
    "modal": re.compile(r":modal\s*\(((\(.*\:.*\)\s*)*)\)"),
    "coref": re.compile(r":coref\s*\(((\(.*\:.*\)\s*)*)\)"),
}
TRIPLE = re.compile(r"\(((\S*)\s*(\:\S*)\s*(\S*?))\)")

Edges = dict[int, list[tuple[int, str]]]


@dataclass
class DocumentState:
    """The ids and the per-category annotations of one document, sentence by sentence."""

    next_id: int = 0
    ids: tuple[dict, dict] = field(default_factory=lambda: ({}, {}))  # type: ignore[type-arg]
    annotations: tuple[dict[str, dict[tuple[int, int], str]], ...] = field(
        default_factory=lambda: tuple({k: {} for k in PATTERNS} for _ in range(2))
    )
    dropped: list[tuple[str, str]] = field(default_factory=list)
    """(side, label) of every relation AnCast's closure drops as unknown."""

    def register(self, name: str, side: int, match: dict[str, str]) -> None:
        """Give ``name`` an id on ``side`` (and its partner the same id on the other side), as AnCast does."""
        mine, other = self.ids[side], self.ids[1 - side]
        if name in mine:
            return
        partner = match.get(name, name)
        mine[name] = self.next_id
        mine[self.next_id] = name
        other[partner] = self.next_id
        other[self.next_id] = partner
        self.next_id += 1

    def sentence(self, texts: tuple[str, str], matches: tuple[dict[str, str], dict[str, str]]) -> None:
        """Read one sentence's document-level text on both sides."""
        for category, pattern in PATTERNS.items():
            for side in (0, 1):
                m = pattern.search(texts[side])
                if not m:
                    continue
                for _, head, role, tail in TRIPLE.findall(m.group(1)):
                    self.register(head, side, matches[side])
                    self.register(tail, side, matches[side])
                    ids = self.ids[side]
                    self.annotations[side][category][(ids[head], ids[tail])] = role[1:]


def modal(state: DocumentState) -> tuple[int, int, int]:
    """(matched, test, gold) of the modal triples."""
    test = {(h, t, label) for (h, t), label in state.annotations[0]["modal"].items()}
    gold = {(h, t, label) for (h, t), label in state.annotations[1]["modal"].items()}
    return len(test & gold), len(test), len(gold)


def temporal_edges(relations: dict[tuple[int, int], str], dropped: Callable[[str], None]) -> Edges:
    """AnCast's temporal edges (``after``: A→B ``r``; ``before``: B→A ``r``; ...); other labels dropped."""
    edges: Edges = defaultdict(list)
    for (a, b), label in relations.items():
        if label == "after":
            edges[a].append((b, "r"))
        elif label == "before":
            edges[b].append((a, "r"))
        elif label == "depends-on":
            edges[a].append((b, "dp"))
        elif label in ("contained", "includes"):
            edges[b].append((a, "dn"))
            edges[a].append((b, "up"))
        elif label == "overlap":
            edges[min(a, b)].append((max(a, b), "o"))
        else:
            dropped(label)
    return edges


def coref_edges(relations: dict[tuple[int, int], str], dropped: Callable[[str], None]) -> Edges:
    """AnCast's coreference edges (``same-event`` only one way, twice, as AnCast adds it)."""
    edges: Edges = defaultdict(list)
    for (a, b), label in relations.items():
        if label == "same-entity":
            edges[a].append((b, "sn"))
            edges[b].append((a, "sn"))
        elif label == "same-event":
            edges[b].append((a, "sv"))
            edges[b].append((a, "sv"))
        elif label == "subset-of":
            edges[a].append((b, "up"))
            edges[b].append((a, "dn"))
        else:
            dropped(label)
    return edges


_COMPOSE = {
    ("r", "r"): "r", ("r", "dn"): "r", ("up", "r"): "r", ("up", "up"): "up", ("dn", "dn"): "dn",
    ("sv", "sv"): "sv", ("sn", "sn"): "sn",
    ("sn", "dn"): "dn", ("sv", "dn"): "dn", ("sn", "up"): "up", ("sv", "up"): "up",
    ("dn", "sn"): "dn", ("dn", "sv"): "dn", ("up", "sn"): "up", ("up", "sv"): "up",
    ("sn", "sv"): "sn", ("sv", "sn"): "sv",
}


def _compose(first: str, second: str) -> str | None:
    return second if first == "ref" else _COMPOSE.get((first, second))


def _canonical(a: int, b: int, kind: str) -> tuple[int, int, str]:
    if kind in ("r", "dn", "dp"):
        return (a, b, kind)
    if kind == "up":
        return (b, a, "dn")
    if kind in ("sv", "sn", "o"):
        return (a, b, kind) if a < b else (b, a, kind)
    raise AncastCrash(f"relation type {kind!r} in a closure: AnCast stops with a TypeError")


def _head(parent: dict[int, int], i: int) -> int:
    if i not in parent:
        parent[i] = i
        return i
    while parent[parent[i]] != parent[i]:
        parent[i] = parent[parent[i]]
    return parent[i]


def clusters(edges: Edges) -> tuple[list[tuple[set[tuple[int, int, str]], set[int]]], set[tuple[int, int, str]]]:
    """AnCast's closure by depth-first search from every node with edges, grouped into clusters: (relations,
    nodes) per cluster and the union of all relations (see the shared README, section 6.2)."""
    by_start: dict[int, list] = {}  # type: ignore[type-arg]
    parent: dict[int, int] = {}
    for start in list(edges):
        stack = [(start, "ref")]
        found: set[tuple[int, int, str]] = set()
        visited: set[int] = set()
        parent[start] = _head(parent, start) if start in parent else start
        while stack:
            now, kind = stack.pop()
            visited.add(now)
            for nxt, step in edges[now]:
                parent[_head(parent, nxt)] = parent[start]
                composed = _compose(kind, step)
                if composed is None:
                    continue
                if nxt not in visited:
                    found.add(_canonical(start, nxt, composed))
                    if nxt in edges:
                        stack.append((nxt, composed))
                    else:
                        visited.add(nxt)
                elif start != nxt:
                    found.add(_canonical(start, nxt, composed))
                elif composed not in ("sn", "sv", "ref"):
                    found.add(_canonical(start, nxt, composed))
        by_start[start] = [found, visited]
    for node in list(parent):
        if parent[parent[node]] != parent[node]:
            parent[node] = _head(parent, node)
    whole: set[tuple[int, int, str]] = set()
    for node in list(edges):
        whole.update(by_start[node][0])
        if parent[node] != node:
            by_start[parent[node]][0].update(by_start[node][0])
            by_start[parent[node]][1].update(by_start[node][1])
            del by_start[node]
    return [(r, n) for r, n in by_start.values()], whole


def closure_score(state: DocumentState, category: str) -> tuple[float, int, float, int]:
    """(precision sum, test nodes, recall sum, gold nodes) of a category under AnCast's cluster weighting."""
    build = temporal_edges if category == "temporal" else coref_edges
    test = clusters(build(state.annotations[0][category], lambda label: state.dropped.append(("test", label))))
    gold = clusters(build(state.annotations[1][category], lambda label: state.dropped.append(("gold", label))))
    p_sum, p_count = 0.0, 0
    for relations, nodes in test[0]:
        p_sum += len(nodes) * divide(len(relations & gold[1]), len(relations))
        p_count += len(nodes)
    r_sum, r_count = 0.0, 0
    for relations, nodes in gold[0]:
        if not relations:
            raise AncastCrash(f"an empty {category} cluster in the gold document: AnCast stops with a ZeroDivisionError")
        r_sum += len(nodes) * len(relations & test[1]) / len(relations)
        r_count += len(nodes)
    return p_sum, p_count, r_sum, r_count
