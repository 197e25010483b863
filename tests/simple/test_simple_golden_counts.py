"""SIMPLE through the public metric against simple.tsv, with the reference's differences applied
explicitly (docs/sema-simple.md), graph by graph and pair by pair.

The reference's token set of a graph is reproduced exactly by ``simple_reference_tokens`` (checked
against every golden value in ``test_simple_reference_comparison.py``). Its documented differences
from our label set are then applied to those tokens, one rule each:

* leaked variables are removed (a reentrant variable, or what is left of a variable the
  reference's pattern cuts short, ``yvi3-2`` -> ``i3-2``);
* short labels the reference deletes (``i``, ``we``, a constant shaped like a variable) are put
  back;
* inverse roles are turned round (``:arg0-of`` -> ``:arg0``, the AMR exceptions kept);
* quotes are removed (``"paris"`` -> ``paris``).

On every graph where these rules are defined (no variable spells a label, no string the
reference cuts: several words, or ``( ) /`` inside) the result must be exactly our label set, and
on every pair of such graphs our intersection and union must be exactly those of the two results.
Where the rules change neither size, our score must equal the golden value itself.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest
from conftest import GOLDEN_DATASETS, golden_rows, requires_shared, shared
from simple_reference_tokens import blocks, reference_tokens

from amrmetrics.graph import Graph
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs
from amrmetrics.standardize import DEINVERSION_EXCEPTIONS

pytestmark = requires_shared

DATASETS = GOLDEN_DATASETS
NAME = re.compile(r"[a-z][a-z]?[0-9]*")
"""What the reference takes for a variable (and deletes)."""
ROUNDING = 5e-7 + 1e-12


@lru_cache(maxsize=None)
def _data(dataset: str):
    test, gold = DATASETS[dataset]
    graphs = read_graphs(shared("data", test)), read_graphs(shared("data", gold))
    texts = blocks(shared("data", test)), blocks(shared("data", gold))
    return graphs, texts, golden_rows(shared("golden", dataset, "simple.tsv"))


def _written_labels(graph: Graph) -> set[str]:
    labels = {c.lower() for _, c in graph.instances} | {v.lower() for _, _, v in graph.attributes}
    return labels | {r.lower() for _, r, _ in graph.relations + graph.attributes}


def rules_apply(graph: Graph) -> bool:
    """The rules are defined: no variable spells a label, and no string is cut by the reference."""
    if set(graph.variables) & _written_labels(graph):
        return False
    return not any(v.startswith('"') and (len(v.split()) != 1 or re.search(r"[()/]", v)) for _, _, v in graph.attributes)


def _leaked(graph: Graph) -> set[str]:
    """Variables, and what the reference's variable pattern leaves of each."""
    out = set(graph.variables)
    for v in graph.variables:
        cut = NAME.match(v)
        if cut and cut.end() < len(v):
            out.add(v[cut.end() :])
    return out


def _turned(token: str) -> str:
    if token.startswith(":") and token.endswith("-of") and token not in DEINVERSION_EXCEPTIONS:
        token = token[:-3]
    if len(token) >= 2 and token[0] == token[-1] == '"':
        token = token[1:-1]
    return token


def with_differences_applied(tokens: set[str], graph: Graph) -> set[str]:
    """The reference's tokens with its documented differences undone, rule by rule."""
    leaked = _leaked(graph) - _written_labels(graph)
    kept = {_turned(t) for t in tokens if t not in leaked}
    return kept | {label for label in _written_labels(graph) if NAME.fullmatch(label) and not label.startswith(":")}


@pytest.mark.parametrize("dataset", list(DATASETS))
def test_label_sets_and_pair_counts_are_the_reference_s_with_its_differences_applied(dataset: str) -> None:
    (tests, golds), (test_texts, gold_texts), rows = _data(dataset)
    metric = parse_metrics("simple")[0]
    assert len(tests) == len(golds) == len(test_texts) == len(rows)
    graphs_checked, pairs_checked, unchanged, wrong = 0, 0, 0, []
    for index, (t, g, text_t, text_g, row) in enumerate(zip(tests, golds, test_texts, gold_texts, rows)):
        expected = {}
        for side, graph, text in (("test", t, text_t), ("gold", g, text_g)):
            if rules_apply(graph):
                expected[side] = with_differences_applied(reference_tokens(text), graph)
                if metric.prepare(graph) != expected[side]:
                    wrong.append((index, side, sorted(metric.prepare(graph) ^ expected[side])[:6]))
                graphs_checked += 1
        if len(expected) < 2:
            continue
        pairs_checked += 1
        counts = (len(expected["test"] & expected["gold"]), len(expected["test"] | expected["gold"]))
        ours = metric.pair(metric.prepare(t), metric.prepare(g)).stats
        if ours != counts:
            wrong.append((index, "pair", ours, counts))
        reference_t, reference_g = reference_tokens(text_t), reference_tokens(text_g)
        if counts == (len(reference_t & reference_g), len(reference_t | reference_g)):
            unchanged += 1
            score = float(metric.scores(ours)["score"])
            if abs(score - float(row["jaccard_clean"])) > ROUNDING:
                wrong.append((index, "golden", score, row["jaccard_clean"]))
    assert not wrong, f"{dataset}: {wrong[:5]}"
    assert graphs_checked >= 0.95 * 2 * len(rows) and pairs_checked >= 0.95 * len(rows)
    assert unchanged >= 1


def test_the_rules_are_each_needed() -> None:
    """Each rule changes some graph of littleprince or bamboo/sts/syno (none is vacuous)."""
    fired = {"leaked": 0, "short": 0, "inverse": 0, "quote": 0}
    for dataset in ("littleprince", "bamboo/sts/syno"):
        (tests, golds), (test_texts, gold_texts), _ = _data(dataset)
        for graph, text in zip(tests + golds, test_texts + gold_texts):
            if not rules_apply(graph):
                continue
            tokens = reference_tokens(text)
            fired["leaked"] += bool(tokens & (_leaked(graph) - _written_labels(graph)))
            fired["short"] += bool(with_differences_applied(tokens, graph) - {_turned(t) for t in tokens})
            fired["inverse"] += any(t.startswith(":") and _turned(t) != t for t in tokens)
            fired["quote"] += any(t.startswith('"') for t in tokens)
    assert all(fired.values()), fired
