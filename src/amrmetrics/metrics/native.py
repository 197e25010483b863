"""The compiled core's fused statistics of SemBLEU and rematch (:mod:`amrmetrics._native`).

Each call reads a pair given as two PENMAN texts with the compiled reader and returns the pair's
sufficient statistics (integers) in the metric's default mode, exactly what its :meth:`prepare` and
:meth:`pair` give on the graphs the Python path reads; None wherever the compiled reader declines a
text (non-ASCII, an error to locate) or the core is switched off, and the Python path decides.
"""

from __future__ import annotations

from amrmetrics import _native


def core_active() -> bool:
    """True when the compiled core is built and switched on (the functions here may answer)."""
    return _native.CORE is not None


def sembleu_texts_natively(test: str, gold: str, n: int) -> tuple[int, ...] | None:
    """SemBLEU's ``m1, c1, ..., mn, cn, len_test, len_gold`` (default mode, ``label_graph``), or None."""
    core = _native.CORE
    return None if core is None else core.sembleu_texts(test, gold, n)


def rematch_texts_natively(test: str, gold: str, steps: tuple[str, ...]) -> tuple[int, int] | None:
    """rematch's ``intersection, union`` of the motif sets of the graphs prepared with ``steps`` (no
    ``classes`` table), or None."""
    core = _native.CORE
    return None if core is None else core.rematch_texts(test, gold, steps)
