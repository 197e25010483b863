"""Standardization: named steps (pure ``Graph -> Graph`` functions) and presets (lists of steps)."""

from amrmetrics.standardize.presets import PRESETS, Preset, PresetName, get_preset
from amrmetrics.standardize.steps import DEINVERSION_EXCEPTIONS, STEPS, is_inverted, unquote

__all__ = [
    "DEINVERSION_EXCEPTIONS",
    "PRESETS",
    "PresetName",
    "STEPS",
    "Preset",
    "get_preset",
    "is_inverted",
    "unquote",
]
