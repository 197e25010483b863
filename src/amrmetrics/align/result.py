"""What every solver returns: a mapping, its value and a proven upper bound."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

Status = Literal["optimal", "time-limit", "clock-limit", "size-limit", "heuristic"]

_TOLERANCE = 1e-9


def certified(value: float, upper: float) -> bool:
    """True when ``upper`` proves ``value`` optimal (gap within 1e-9, relative above 1)."""
    return upper - value <= _TOLERANCE * max(1.0, abs(value))


@dataclass(frozen=True)
class Alignment:
    """A solver's answer for one problem.

    ``mapping[i]`` is the gold node of test node i (-1 = unmapped); ``value`` is its objective
    (a lower bound on the optimum); ``upper`` a proven upper bound. ``status`` is ``optimal``
    exactly when the bound meets the value (:func:`certified`), else ``time-limit`` (the exact
    solver's work budget ran out: reproducible), ``clock-limit`` (the wall-clock backstop stopped
    it first: the result depends on the machine), ``size-limit`` (the pair was too large to
    formulate in full: the exact solver searched a restriction, and the bound counts triples) or
    ``heuristic`` (a search without proof).
    """

    mapping: tuple[int, ...]
    value: float
    upper: float
    status: Status
    seconds: float

    @property
    def gap(self) -> float:
        """``upper - value`` (0 when optimal)."""
        return self.upper - self.value

    @classmethod
    def of(cls, mapping: np.ndarray | Sequence[int], value: float, upper: float, fallback: Status, seconds: float) -> Alignment:
        """Build a result, marking it optimal when the bound meets the value (then ``upper`` is the value:
        a bound within rounding noise of it, e.g. 1e-14 above, proves nothing more)."""
        upper = max(upper, value)
        status: Status = "optimal" if certified(value, upper) else fallback
        if status == "optimal":
            upper = value
        return cls(tuple(np.asarray(mapping, dtype=np.int64).tolist()), float(value), float(upper), status, seconds)
