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
from amrmetrics.version import __version__


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
