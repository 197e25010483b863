"""SmatchPart: Smatch aligned and counted on one kind of triple (smatch.py's --just* flags)."""

from __future__ import annotations

import pytest

from amrmetrics import decode
from amrmetrics.metrics.smatch_parts import SmatchPart

TEST = decode('(w / want-01 :ARG0 (p / person :name (n / name :op1 "Ann")) :ARG1 (g / go-02 :ARG0 p :polarity -))')
GOLD = decode('(w / want-01 :ARG0 (p / person :name (n / name :op1 "Ann")) :ARG1 (g / go-01 :ARG0 p))')


def stats(metric: SmatchPart) -> tuple[float, ...]:
    return metric.pair(metric.prepare(TEST), metric.prepare(GOLD)).stats


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("instances", (3, 4, 4)),  # w, p, n, g; go-02 vs go-01
        ("attributes", (2, 3, 2)),  # TOP and :op1 "Ann" match; :polarity is test-only
        ("relations", (4, 4, 4)),
    ],
)
def test_counts_by_hand(kind, expected):
    matched, n_test, n_gold, upper = stats(SmatchPart(triples=kind))
    assert (matched, n_test, n_gold) == expected and upper == matched


@pytest.mark.parametrize("kind", ["instances", "attributes", "relations"])
def test_hillclimb_agrees_on_a_small_pair(kind):
    assert stats(SmatchPart(triples=kind, solver="hillclimb"))[:3] == stats(SmatchPart(triples=kind))[:3]


def test_signature_names_the_kind_and_bad_kinds_are_refused():
    assert SmatchPart(triples="relations").signature().endswith("|triples:relations")
    with pytest.raises(ValueError, match="triples must be one of instances, attributes, relations"):
        SmatchPart(triples="edges")  # type: ignore[arg-type]
