"""The smatch-root-concept preset: amr-metric-suite's root triple, which only matches roots with equal concepts."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import requires_shared, shared

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs
from amrmetrics.read.decode import decode
from amrmetrics.standardize import get_preset

WANT, WISH = "(w / want-01 :ARG0 (b / boy))", "(x / Wish-01 :ARG0 (y / boy))"


def f(spec: str, test: str, gold: str) -> float:
    metric = parse_metrics(spec)[0]
    return float(metric.scores(np.array(metric.pair(metric.prepare(decode(test)), metric.prepare(decode(gold))).stats))["F"])


def test_the_root_triple_carries_the_lowercased_root_concept() -> None:
    prepared = get_preset("smatch-root-concept")(decode(WISH))
    assert ("x", ":root", "wish-01") in prepared.attributes
    assert not any(r.lower() == ":top" for _, r, _ in prepared.attributes)
    assert prepared.instances == get_preset("smatch")(decode(WISH)).instances


def test_roots_with_different_concepts_no_longer_share_the_root_triple() -> None:
    # 4 triples each (2 instances, :ARG0, TOP); smatch matches boy, :ARG0 and TOP, the preset only boy and :ARG0
    assert f("smatch", WANT, WISH) == 3 / 4
    assert f("smatch:std=smatch-root-concept", WANT, WISH) == 2 / 4
    assert f("smatch:std=smatch-root-concept", WANT, WANT) == 1.0


@requires_shared
def test_it_differs_from_smatch_exactly_on_pairs_whose_roots_differ_in_concept() -> None:
    folder = shared("data", "bamboo", "sick", "main")
    test, gold = read_graphs(folder / "tgt.dev.amr"), read_graphs(folder / "src.dev.amr")
    plain, top = parse_metrics("smatch,smatch:std=smatch-root-concept")
    for a, b in zip(test, gold):
        s, t = (m.pair(m.prepare(a), m.prepare(b)).stats for m in (plain, top))
        same_root = a.concepts[a.root].lower() == b.concepts[b.root].lower()
        assert t[1:3] == s[1:3]
        assert t[0] == pytest.approx(s[0]) if same_root else t[0] <= s[0]
