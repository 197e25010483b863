"""Metric principles: symmetry, determinacy, identity, the duplicate-edge attack and the bias probe."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from meta_toys import ToyGreedy, ToyLabels, ToyNoisy, ToyPartial, ToyPrecision

from amrmetrics.meta.probe import (
    PROBE_CONCEPT,
    duplicate_edge,
    edges,
    leaves,
    replace_concept,
    run_probe,
    symmetry,
    with_seed_offset,
)
from amrmetrics.metrics import registry
from amrmetrics.read import decode, read_graphs
from conftest import requires_shared, shared

PAIRS = [
    (decode("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))"), decode("(w / want-01 :ARG0 (b / girl))")),
    (decode("(d / dog :mod (b / big))"), decode("(d / dog :mod (b / big) :mod (s / small))")),
    (decode('(c / city :name (n / name :op1 "Paris"))'), decode('(c / city :name (n / name :op1 "Paris"))')),
]


def test_symmetry_statistics_by_hand():
    sym = symmetry(np.array([0.5, 0.2, 0.9, 0.3]), np.array([0.5, 0.25, 0.9, 0.30005]))
    assert (sym.pairs, sym.violations, sym.svr) == (4, 1, 0.25)
    assert sym.msv == pytest.approx((0.05 + 0.00005) / 4) and sym.largest == pytest.approx(0.05)


def test_graph_surgery():
    g = decode("(w / want-01 :ARG0 (b / boy) :ARG1 (c / boy) :polarity -)")
    assert leaves(g) == ["b", "c"]
    assert edges(g) == [("w", ":polarity", "-"), ("w", ":ARG0", "b"), ("w", ":ARG1", "c")]
    attacked = duplicate_edge(g, ("w", ":ARG0", "b"), 2)
    assert attacked.relations.count(("w", ":ARG0", "b")) == 3 and attacked.attributes == g.attributes
    assert duplicate_edge(g, ("w", ":polarity", "-"), 1).attributes.count(("w", ":polarity", "-")) == 2
    assert replace_concept(g, "w").concepts == {"w": PROBE_CONCEPT, "b": "boy", "c": "boy"}
    assert with_seed_offset(ToyLabels(), 3) == ToyLabels() and with_seed_offset(ToyNoisy(seed=1), 3).seed == 4


def test_probe_on_toy_metrics():
    probes = run_probe(PAIRS, [ToyLabels(), ToyPrecision(), ToyNoisy(), ToyGreedy()], runs=3, copies=2)
    labels, precision, noisy, greedy = probes
    assert labels.symmetry.violations == 0 and labels.symmetry.msv == 0.0
    # precision of concepts: pair 1 is 1/3 one way and 1/2 the other; pair 2 is 1 and 2/3
    assert precision.symmetry.violations == 2 and not precision.declared_symmetric
    assert precision.symmetry.msv == pytest.approx((1 / 6 + 1 / 3) / 3)
    assert labels.determinacy.std == 0.0 and not labels.determinacy.seeded and len(labels.determinacy.scores) == 3
    assert noisy.determinacy.seeded and noisy.determinacy.spread > 0
    assert labels.identity.share == 1.0 and labels.identity.graphs == 6
    assert labels.duplicates.max_gain == 0.0 and labels.duplicates.worst is None
    assert labels.duplicates.attacks == 3 + 1 + 2  # distinct edges of the three test graphs
    assert greedy.duplicates.max_gain > 0 and greedy.duplicates.pairs_gaining >= 1
    pair, edge = greedy.duplicates.worst
    assert edge in PAIRS[pair - 1][0].attributes + PAIRS[pair - 1][0].relations


def test_bias_probe_by_hand():
    g = decode("(w / want-01 :ARG0 (b / boy) :ARG1 (c / boy))")
    (probe,) = run_probe([(g, g)], [ToyLabels()], principles=["bias"])
    # labels {want-01, boy, :ARG0, :ARG1}: the root -> 3/5 (loss 0.4); a leaf -> 4/5 (loss 0.2)
    assert probe.bias.graphs == 2
    assert probe.bias.root_loss == pytest.approx(0.4) and probe.bias.leaf_loss == pytest.approx(0.2)
    assert probe.symmetry is None and probe.identity is None


def test_undefined_scores_are_left_out():
    pairs = PAIRS + [(decode("(a / alone)"), decode("(a / alone)"))]
    (probe,) = run_probe(pairs, [ToyPartial()])
    # only the last pair's graphs have no relation: undefined both ways and against themselves
    assert (probe.symmetry.pairs, probe.symmetry.undefined) == (3, 1)
    assert (probe.identity.graphs, probe.identity.undefined, probe.identity.share) == (6, 2, 1.0)
    assert np.isfinite(probe.bias.root_loss) and probe.duplicates.max_gain == 0.0


def test_probe_results_do_not_depend_on_jobs():
    one = run_probe(PAIRS * 20, [ToyNoisy(seed=3)], principles=["symmetry", "determinacy", "duplicates"])
    two = run_probe(PAIRS * 20, [ToyNoisy(seed=3)], principles=["symmetry", "determinacy", "duplicates"], jobs=2)
    assert one == two


def test_unknown_principle():
    with pytest.raises(ValueError, match="unknown principle"):
        run_probe(PAIRS, [ToyLabels()], principles=["fairness"])


def registered(name: str) -> bool:
    """True when a metric is registered and importable (other engineers' metrics land over time)."""
    if name not in registry.METRICS:
        return False
    try:
        registry.metric_class(name)
    except ImportError:
        return False
    return True


def littleprince_pairs():
    root = shared("data", "littleprince-parses")
    return list(zip(read_graphs(root / "candidates.amr"), read_graphs(root / "references.amr")))


@requires_shared
@pytest.mark.skipif(not registered("sembleu"), reason="sembleu is not registered yet")
def test_sembleu_is_asymmetric_on_littleprince():
    (probe,) = run_probe(littleprince_pairs(), registry.parse_metrics("sembleu"), principles=["symmetry"])
    assert probe.symmetry.svr > 0.5 and probe.symmetry.msv > 0.005


@requires_shared
@pytest.mark.skipif(not registered("smatch"), reason="smatch (exact solver) is not importable yet")
def test_exact_smatch_is_symmetric_on_littleprince():
    (probe,) = run_probe(littleprince_pairs(), registry.parse_metrics("smatch"), principles=["symmetry"])
    assert probe.symmetry.pairs == 400 and probe.symmetry.violations == 0
    assert importlib.import_module("amrmetrics.metrics.smatch").Smatch.symmetric
