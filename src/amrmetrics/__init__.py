"""amrmetrics: exact, fast, deterministic metrics for AMR and other PENMAN graphs.

The Python API mirrors the command line::

    import amrmetrics
    amrmetrics.smatch("(a / cat)", "(b / cat)").F                      # one pair
    amrmetrics.smatch(Path("pred.amr"), Path("gold.amr")).micro["F"]   # a corpus
    amrmetrics.read_graphs("gold.amr")                                  # list of Graph
    amrmetrics.read_umr("doc.umr").sentences[0].graph                   # a UMR document
    amrmetrics.compare(Path("a.amr"), Path("b.amr"), Path("gold.amr"))  # A vs B, per metric
    amrmetrics.explain(Path("pred.amr"), Path("gold.amr")).to_html("report.html")  # why each pair scored so
    scorer = amrmetrics.Scorer("smatch")                                # warm, for training loops
    scorer.one_to_many(candidates, gold)                                # k candidates vs one reference

Errors: ``TypeError`` for an unknown keyword argument; :class:`DataError` (bad input, e.g.
:class:`GraphError`, :class:`CorpusError`), :class:`UsageError` (bad metric or parameter) and
:class:`BackendMissing` (an optional package to install; also an ``ImportError``), all
:class:`AmrMetricsError`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from amrmetrics.version import __version__

if TYPE_CHECKING:
    from amrmetrics.api import (
        CorpusScore,
        PairScore,
        Scorer,
        compare,
        explain,
        matrix,
        score,
        score_corpus,
        smatch,
        to_graph,
    )
    from amrmetrics.errors import AmrMetricsError, BackendMissing, DataError, UsageError
    from amrmetrics.graph import Graph
    from amrmetrics.read import CorpusError, GraphError, decode, read_graphs

_HOMES = {
    **dict.fromkeys(
        ("CorpusScore", "PairScore", "Scorer", "compare", "explain", "matrix", "score", "score_corpus", "smatch", "to_graph"),
        "amrmetrics.api",
    ),
    **dict.fromkeys(("AmrMetricsError", "BackendMissing", "DataError", "UsageError"), "amrmetrics.errors"),
    "Graph": "amrmetrics.graph",
    **dict.fromkeys(("CorpusError", "GraphError", "decode", "read_graphs"), "amrmetrics.read"),
}
"""Where each name of the API lives: loaded on first use (PEP 562), so that the command line can set up
the process (see :func:`amrmetrics.cli.main.run`) before numpy loads, and ``import amrmetrics`` costs
nothing until a name is used."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'amrmetrics' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})


def read_umr(path, *, on_error="fail"):  # type: ignore[no-untyped-def]
    """Read one UMR document (a ``.umr`` file): see :func:`amrmetrics.read.umr.read_umr` (loaded on first use)."""
    from amrmetrics.read.umr import read_umr as read

    return read(path, on_error=on_error)

__all__ = [
    "AmrMetricsError",
    "BackendMissing",
    "CorpusError",
    "CorpusScore",
    "DataError",
    "Graph",
    "GraphError",
    "PairScore",
    "Scorer",
    "UsageError",
    "__version__",
    "compare",
    "decode",
    "explain",
    "matrix",
    "read_graphs",
    "read_umr",
    "score",
    "score_corpus",
    "smatch",
    "to_graph",
]
