"""The compiled reader (:mod:`amrmetrics._native`) for regular PENMAN texts.

It reads exactly the texts :func:`amrmetrics.read.decode._parse_regular` reads with its string-method
tokenizer (plain ASCII, no escapes or alignment markers) into the same graph; for every other text
it returns None and the Python reader decides, so penman stays the authority on errors.
"""

from __future__ import annotations

from amrmetrics import _native
from amrmetrics.graph import Graph

if _native.CORE is not None:
    _native.CORE.configure(Graph)


def parse_natively(text: str) -> Graph | None:
    """The graph of a regular text, or None (no compiled core, or a text the Python reader must decide)."""
    core = _native.CORE
    return None if core is None else core.parse_regular(text)
