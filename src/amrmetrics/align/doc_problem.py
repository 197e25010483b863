"""The alignment problem of two documents, optionally restricted to the node pairs a compatibility allows.

Document Smatch (``smatch:doc=sentence``) keeps nodes within their sentences: a node pair that is not
allowed earns nothing, alone or in a link. :func:`~amrmetrics.align.problem.build_problem` applies the
restriction while it counts and builds (per concept, attribute and label, only the allowed groups of
sentences meet), so the unrestricted pairs and links are never made, and two documents of 60,000
nodes make a problem of their sentences' size.
"""

from __future__ import annotations

from amrmetrics.align.budget import Budget
from amrmetrics.align.problem import AlignmentProblem, Duplicates, build_problem
from amrmetrics.align.restrict import Compatibility
from amrmetrics.graph import Graph


def build_document_problem(
    test: Graph, gold: Graph, *, duplicates: Duplicates = "min", allowed: Compatibility | None = None, budget: Budget | None = None
) -> AlignmentProblem:
    """The problem of ``build_problem(test, gold, duplicates=..., budget=...)``, restricted to ``allowed`` pairs when given."""
    return build_problem(test, gold, duplicates=duplicates, allowed=allowed, budget=budget)
