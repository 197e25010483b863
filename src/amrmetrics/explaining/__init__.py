"""Explaining scores: why each pair scored what it did, as a data model and an offline HTML report.

``build`` runs the corpus pipeline with an explained metric (``collect``), ``model`` holds the
result (:class:`~amrmetrics.explaining.model.Explanation`), ``html`` writes the self-contained page
from ``assets`` (our scripts and style, and the vendored dagre layout library, MIT).

The package is not called ``explain``: ``amrmetrics.explain`` is the API function
:func:`amrmetrics.api.explain`, and a submodule import would rebind that name to the package.
"""
