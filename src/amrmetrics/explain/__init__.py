"""Explaining scores: why each pair scored what it did, as a data model and an offline HTML report.

``build`` runs the corpus pipeline with an explained metric (``collect``), ``model`` holds the
result (:class:`~amrmetrics.explain.model.Explanation`), ``html`` writes the self-contained page
from ``assets`` (our scripts and style, and the vendored dagre layout library, MIT).

Import submodules with ``from amrmetrics.explain.model import Explanation``: the package
attribute ``amrmetrics.explain`` is the API function :func:`amrmetrics.api.explain`.
"""
