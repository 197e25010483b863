"""Values made ready for JSON, which has no NaN: one rule for every JSON output of the tool."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np


def json_safe(value: Any) -> Any:
    """``value`` with every NaN or infinite float (a score that does not apply) as ``None``.

    numpy floats become Python floats; dicts, lists and tuples are converted item by item.
    """
    if isinstance(value, (float, np.floating)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def dumps(value: Any, **options: Any) -> str:
    """``value`` as strict JSON text: a NaN or infinite float is written ``null`` (:func:`json_safe`).

    Most values hold no NaN and no numpy scalar, so they are encoded as they are; only a value the
    strict encoder refuses is converted first (converting every per-pair row would cost time on
    every pair).
    ``options`` are :func:`json.dumps`'s.
    """
    try:
        return json.dumps(value, allow_nan=False, **options)
    except (ValueError, TypeError):
        return json.dumps(json_safe(value), allow_nan=False, **options)
