"""amrmetrics: exact, fast, deterministic metrics for AMR and other PENMAN graphs.

The Python API mirrors the command line::

    import amrmetrics
    amrmetrics.smatch("(a / cat)", "(b / cat)").F                      # one pair
    amrmetrics.smatch(Path("pred.amr"), Path("gold.amr")).micro["F"]   # a corpus
    amrmetrics.read_graphs("gold.amr")                                  # list of Graph
    amrmetrics.compare(Path("a.amr"), Path("b.amr"), Path("gold.amr"))  # A vs B, per metric
    amrmetrics.explain(Path("pred.amr"), Path("gold.amr")).to_html("report.html")  # why each pair scored so
"""

from amrmetrics.api import CorpusScore, PairScore, compare, explain, score, score_corpus, smatch, to_graph
from amrmetrics.graph import Graph
from amrmetrics.read import CorpusError, GraphError, decode, read_graphs
from amrmetrics.version import __version__

__all__ = [
    "CorpusError",
    "CorpusScore",
    "Graph",
    "GraphError",
    "PairScore",
    "__version__",
    "compare",
    "decode",
    "explain",
    "read_graphs",
    "score",
    "score_corpus",
    "smatch",
    "to_graph",
]
