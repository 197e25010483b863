"""S2match's compat reading (``reference_parser_triples``): the preset sees no relations.

The reference parser's relations replace the preset's, so the preset must not act on relations
it would then lose: a reified node that a preset could collapse (Smatch++'s AMR standardizer
collapses ``have-polarity-91`` into ``:polarity``) stays a node, and every relation still ends
at a node of the graph.
"""

from __future__ import annotations

import pytest

from amrmetrics import decode
from amrmetrics.standardize import PRESETS
from amrmetrics.standardize.s2match_reference import reference_parser_triples

REIFIED = "(g / go-02 :ARG0 (b / boy) :ARG1-of (h / have-polarity-91 :ARG2 -))"


@pytest.mark.parametrize("preset", ["smatch", "smatchpp", "smatchpp-amr", "smatch-root-concept"])
def test_every_relation_ends_at_a_node(preset: str) -> None:
    graph = reference_parser_triples(decode(REIFIED), PRESETS[preset])
    nodes = {var for var, _ in graph.instances}
    assert {end for s, _, t in graph.relations for end in (s, t)} <= nodes


def test_a_reified_node_stays_a_node_in_compat_reading() -> None:
    """Worked out by hand: the reference parser's relations (g :arg0 b), (h :arg1 g); the
    preset's attributes (its root triple and h's :arg2), its instances unchanged."""
    graph = reference_parser_triples(decode(REIFIED), PRESETS["smatchpp-amr"])
    assert graph.instances == (("g", "go-02"), ("b", "boy"), ("h", "have-polarity-91"))
    assert sorted(graph.attributes) == [("g", ":root", "go-02"), ("h", ":arg2", "-")]
    assert sorted(graph.relations) == [("g", ":arg0", "b"), ("h", ":arg1", "g")]
