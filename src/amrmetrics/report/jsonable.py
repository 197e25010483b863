"""Values made ready for JSON, which has no NaN: one rule for every JSON output of the tool."""

from __future__ import annotations

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
