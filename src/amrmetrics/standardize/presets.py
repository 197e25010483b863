"""Named standardization presets: fixed lists of steps plus the rule for duplicate triples.

A preset is data, so its name in a signature says exactly what was done to the graphs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from amrmetrics.graph import Graph
from amrmetrics.registry import Names, Registry
from amrmetrics.standardize.native import standardize_natively
from amrmetrics.standardize.steps import STEPS

Duplicates = Literal["min", "product"]


@dataclass(frozen=True)
class Preset:
    """A named pipeline of standardization steps.

    ``duplicates`` says how repeated triples count when a preset keeps them (no ``dedup`` step):
    ``min`` matches a triple repeated k times against one repeated l times min(k, l) times
    (Smatch++ generic); ``product`` counts k x l (smatch 1.0.4, which lets duplicates push F
    above 1).
    """

    name: str
    steps: tuple[str, ...]
    description: str
    duplicates: Duplicates = "min"
    unsafe: bool = False

    def __post_init__(self) -> None:
        unknown = [s for s in self.steps if s not in STEPS]
        if unknown:
            raise ValueError(f"preset {self.name!r} names unknown steps: {', '.join(unknown)}")

    @property
    def deduplicates(self) -> bool:
        """True when duplicate triples are removed (so no duplicate can change a score)."""
        return "dedup" in self.steps

    def __call__(self, graph: Graph) -> Graph:
        compiled = standardize_natively(graph, self.steps)
        if compiled is not None:
            return compiled
        for name in self.steps:
            graph = STEPS[name](graph)
        return graph


SMATCH = Preset(
    "smatch",
    ("lowercase", "conflate-quotes", "deinvert", "mod-domain", "dedup", "top"),
    "smatch 1.0.4's triples (TOP as constant 'top', lowercase, quotes conflated, -of inverted "
    "with the exception list, :mod as reversed :domain) without its parser bugs, deduplicated",
)
SMATCH_CLASSIC = Preset(
    "smatch-classic",
    ("smatch-1.0.4-triples", "top"),
    "smatch 1.0.4 exactly, parser quirks and duplicate counting (k x l) included; UNSAFE: "
    "duplicate edges can push F above 1; only for reproducing old numbers",
    duplicates="product",
    unsafe=True,
)

PRESETS = Registry(
    "standardization preset",
    {
        "smatch": "amrmetrics.standardize.presets:SMATCH",
        "smatch-classic": "amrmetrics.standardize.presets:SMATCH_CLASSIC",
        "smatchpp": "amrmetrics.standardize.smatchpp:SMATCHPP",
        "smatchpp-amr": "amrmetrics.standardize.smatchpp:SMATCHPP_AMR",
        "smatch-root-concept": "amrmetrics.standardize.smatchpp:SMATCH_ROOT_CONCEPT",
    },
)
"""Every preset by name (a preset is one definition plus one line here)."""

PresetName = Annotated[str, Names(PRESETS)]
"""A metric parameter naming a preset (listings show the names of :data:`PRESETS`)."""


def get_preset(name: str) -> Preset:
    """The preset called ``name``; a clear error lists the known ones."""
    preset: Preset = PRESETS[name]
    return preset
