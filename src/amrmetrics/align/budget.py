"""What one pair may spend on its alignment: counted work (reproducible) and a wall clock (a backstop).

``--timeout T`` gives each pair ``T * UNITS_PER_SECOND`` *work units*. Every step of the search
charges what it does before or as it does it (a climb step its candidates and links, an
elimination round the same, a Lagrangian step its assignment table, an LP its simplex iterations
times its rows and columns) and stops when the units run out, so where a search stops depends on
the problem and ``T`` only: the same result on a busy and a quiet machine. The charges are
calibrated so that a unit costs at most about a CPU nanosecond on the reference machine (a shared
2-core x86-64; ``bench/budget_calibration.py``), and :data:`UNITS_PER_SECOND` is half of that rate,
so the budget normally runs out within about half of ``T``. The wall clock stays as a backstop at :data:`CLOCK_FACTOR` times ``T``: when it stops a
search first (a machine over four times slower than the reference, or a step whose work is not
counted), the result says so (status ``clock-limit``), because it is not reproducible.

One :class:`Budget` serves every solve of one pair (a document's start within sentences, the
alignment, a fine-grained aspect's re-solve), so a pair's work is bounded as a whole.
"""

from __future__ import annotations

import math
import time

UNITS_PER_SECOND = 500_000_000
"""Work units one second of ``--timeout`` buys (half of what a quiet reference machine does in a second)."""
CLOCK_FACTOR = 2.0
"""The wall-clock backstop: ``CLOCK_FACTOR * timeout`` seconds after the pair's alignment starts."""


class Budget:
    """Work units left for one pair and a wall-clock deadline (``time.perf_counter`` value).

    :meth:`spend` charges units; :meth:`exhausted` says whether to stop: units spent (reproducible),
    or the clock past the deadline, which sets :attr:`clocked` (the result depends on the machine).
    :meth:`affords` asks before a step of known cost and sets :attr:`refused` when it cannot be paid.
    An unlimited budget (no ``--timeout``) never stops anything.
    """

    __slots__ = ("clocked", "deadline", "limit", "refused", "used")

    def __init__(self, units: float = math.inf, deadline: float = math.inf) -> None:
        if units < 0:
            raise ValueError("a budget needs a non-negative number of units")
        self.limit = float(units)
        self.used = 0.0
        self.deadline = deadline
        self.clocked = False
        self.refused = False

    @classmethod
    def of(cls, timeout: float | None) -> Budget:
        """The budget of ``timeout`` seconds (None: unlimited), its clock starting now."""
        if timeout is None or math.isinf(timeout):
            return cls()
        if timeout <= 0:
            raise ValueError("timeout must be positive")
        return cls(units_of(timeout), time.perf_counter() + CLOCK_FACTOR * timeout)

    @property
    def limited(self) -> bool:
        """True when this budget can stop a search."""
        return math.isfinite(self.limit) or math.isfinite(self.deadline)

    @property
    def left(self) -> float:
        """Units left (``inf`` without a limit, 0 once spent)."""
        return max(self.limit - self.used, 0.0)

    def spend(self, units: float) -> None:
        """Charge ``units`` of work."""
        self.used += units

    def exhausted(self) -> bool:
        """True when the units are spent or the clock has passed the deadline (then :attr:`clocked`)."""
        if self.used >= self.limit:
            return True
        if self.deadline != math.inf and time.perf_counter() >= self.deadline:
            self.clocked = True
            return True
        return False

    def affords(self, units: float) -> bool:
        """True when ``units`` more can be spent and the clock has not passed the deadline (asked
        before a step of that cost); False sets :attr:`refused`."""
        if self.used + units <= self.limit and not self.exhausted():
            return True
        self.refused = True
        return False

    def share(self, fraction: float) -> Budget:
        """A budget of ``fraction`` of the units left and the same deadline, for one step to spend
        on its own; :meth:`absorb` charges what it spent back here."""
        return Budget(fraction * self.left, self.deadline)

    def absorb(self, part: Budget) -> None:
        """Charge what ``part`` (from :meth:`share`) spent, and how it stopped."""
        self.used += part.used
        self.clocked |= part.clocked
        self.refused |= part.refused

    def seconds_left(self) -> float:
        """Seconds to the deadline (``inf`` without one; 0 when past): a library's own time limit, as a backstop."""
        return math.inf if self.deadline == math.inf else max(self.deadline - time.perf_counter(), 0.0)


PASS_BASE = 20_000
"""Units of any pass over a problem, whatever its size (the fixed cost of a few array operations)."""
PASS_ELEMENT = 40
"""Units per candidate, link and node of one pass over a problem."""


SETUP_PASSES = 10
"""Indexing a problem, its potentials, line bound and greedy start cost this many passes."""
BUILD_PASSES = 15
"""Building a problem (counting, joining, merging links) costs this many passes over what it holds."""


def pass_units(candidates: int, links: int, nodes: int = 0) -> float:
    """Units of one pass over a problem: a climb step, a third of an elimination round."""
    return float(PASS_BASE + PASS_ELEMENT * (candidates + 2 * links + nodes))


def units_of(timeout: float) -> float:
    """The work units of ``timeout`` seconds (a whole number, so a signature can name it)."""
    return float(math.ceil(timeout * UNITS_PER_SECOND))

