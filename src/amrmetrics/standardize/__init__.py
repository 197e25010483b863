"""Standardization: named steps (pure ``Graph -> Graph`` functions) and presets (lists of steps)."""

from amrmetrics.standardize.presets import PRESETS, Preset, get_preset, register
from amrmetrics.standardize.steps import DEINVERSION_EXCEPTIONS, STEPS, is_inverted, step, unquote
from amrmetrics.standardize import smatchpp as _smatchpp  # noqa: F401  (registers the smatchpp presets)

__all__ = [
    "DEINVERSION_EXCEPTIONS",
    "PRESETS",
    "STEPS",
    "Preset",
    "get_preset",
    "is_inverted",
    "register",
    "step",
    "unquote",
]
