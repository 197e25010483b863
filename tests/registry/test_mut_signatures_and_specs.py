"""Every metric's signature and the ``--metric`` text of the two alias metrics, written out by hand.

The signatures follow the ones shown in docs/ (``sema|std:lowercase+conflate-quotes+deinvert+mod-domain+dedup|bounded:yes``,
``wwlk|k:2|e2n:no|weights:min_entropy|stability:15|seed:12345|...``): a signature names every
setting that changes a number, so a changed word is a changed result. The vectors item is the
embedding backend's own signature (:mod:`amrmetrics.embed`, not a metric's).
"""

from __future__ import annotations

import pytest
from conftest import DATA

from amrmetrics.metrics.docsmatch import DocSmatch
from amrmetrics.metrics.fine import FineSmatch
from amrmetrics.metrics.registry import parse_metrics

TINY = str(DATA / "tiny-vectors.txt")
WL = str(DATA / "wl-vectors.txt")
SMATCH = "std:smatch|solver:exact|dedup:yes"


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("smatch", f"smatch|{SMATCH}"),
        ("smatch:std=smatchpp", "smatch|std:smatchpp|solver:exact|dedup:no(min)"),
        ("smatch:std=smatch-classic", "smatch|std:smatch-classic|solver:exact|dedup:no(product)"),
        (
            "smatch:solver=hillclimb,timeout=2.5,restarts=3,seed=7",
            "smatch|std:smatch|solver:hillclimb|restarts:3|seed:7|timeout:2.5|dedup:yes",
        ),
        ("sema", "sema|std:lowercase+conflate-quotes+deinvert+mod-domain+dedup|bounded:yes"),
        ("simple", "simple|std:lowercase+conflate-quotes+deinvert|labels:set"),
        ("sembleu", "sembleu|n:3|weights:uniform|compat:no"),
        ("sembleu:n=2,compat=yes", "sembleu|n:2|weights:uniform|compat:yes"),
        ("wlk", "wlk|k:2|e2n:no|direction:both|nodes:per-constant"),
        ("wlk:k=3,e2n=yes,direction=fromin", "wlk|k:3|e2n:yes|direction:fromin|nodes:per-constant"),
        ("rematch", "rematch|classes:none|compat:no|motifs:set"),
        ("rematch:compat=yes", "rematch|classes:none|compat:yes|motifs:set"),
        ("smatch:fine", f"smatch-fine|{SMATCH}|align:full-graphs"),
        ("smatch:fine,realign=yes", f"smatch-fine|{SMATCH}|align:each-aspect"),
        ("docsmatch", f"docsmatch|{SMATCH}|doc:sentence"),
        ("smatch:doc=any", f"docsmatch|{SMATCH}|doc:any"),
    ],
)
def test_signature(spec: str, expected: str) -> None:
    assert parse_metrics(spec)[0].signature() == expected


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (f"s2match:vectors={TINY}", f"s2match|{SMATCH}|tau:0.5|diffsense:0.5|vectors:{{v}}"),
        (
            f"s2match:vectors={TINY},tau=0.25,diffsense=1,compat=yes",
            f"s2match|{SMATCH}|tau:0.25|diffsense:1|compat:s2match-reference|vectors:{{v}}",
        ),
        (f"xs2match:vectors={TINY}", f"xs2match|{SMATCH}|tau:0.5|diffsense:0.5|vectors:{{v}}|src:unspecified"),
        (f"xs2match:vectors={TINY},source_lang=de", f"xs2match|{SMATCH}|tau:0.5|diffsense:0.5|vectors:{{v}}|src:de"),
        (
            f"wwlk:vectors={WL}",
            "wwlk|k:2|e2n:no|weights:min_entropy|stability:15|seed:12345|direction:both|vectors:{v}|nodes:per-constant",
        ),
        (  # e2n resolves the weights to ones: no random weights, but samples of unknown labels use the seed
            f"wwlk:vectors={WL},e2n=yes,stability=3,seed=9,direction=fromout",
            "wwlk|k:2|e2n:yes|weights:ones|stability:3|seed:9|direction:fromout|vectors:{v}|nodes:per-constant",
        ),
        (  # nothing random: no seed
            f"wwlk:vectors={WL},k=1,weights=constant,stability=0",
            "wwlk|k:1|e2n:no|weights:constant|stability:0|direction:both|vectors:{v}|nodes:per-constant",
        ),
        (  # random weights without samples of unknown labels still use the seed
            f"wwlk:vectors={WL},weights=random_uniform,stability=0,seed=4",
            "wwlk|k:2|e2n:no|weights:random_uniform|stability:0|seed:4|direction:both|vectors:{v}|nodes:per-constant",
        ),
    ],
)
def test_signature_with_vectors(spec: str, expected: str) -> None:
    metric = parse_metrics(spec)[0]
    assert metric.signature() == expected.format(v=metric.embedder().signature())


@pytest.mark.parametrize(
    ("metric", "spec"),
    [
        (FineSmatch(), "smatch:fine"),
        (FineSmatch(realign=True), "smatch:fine,realign=yes"),
        (FineSmatch(std="smatchpp", timeout=2.5), "smatch:fine,std=smatchpp,timeout=2.5"),
        (DocSmatch(), "smatch:doc=sentence"),
        (DocSmatch(doc="any"), "smatch:doc=any"),
        (DocSmatch(doc="any", timeout=2.5, restarts=3), "smatch:doc=any,timeout=2.5,restarts=3"),
        (DocSmatch(std="smatchpp-amr"), "smatch:doc=sentence,std=smatchpp-amr"),
    ],
)
def test_alias_specs_and_their_round_trip(metric, spec: str) -> None:
    assert metric.spec() == spec
    assert parse_metrics(spec) == [metric]
