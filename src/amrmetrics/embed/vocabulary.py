"""Which table words a corpus can ask for, from its graphs' labels.

A vectors file is scanned once for a known set of words, so a run first collects every key any
metric could look up for any label of the corpora: a superset is harmless (a word that is never
asked costs one vector), a missing word would cost a second scan.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from operator import itemgetter

from amrmetrics.graph import Graph

_SENSE = re.compile(r"-\d+")
_SECOND, _THIRD = itemgetter(1), itemgetter(2)


def _every_form(base: str) -> set[str]:
    """A lower-cased label with and without quotes, leading colons and apostrophes, and sense-stripped."""
    forms = {base, base.strip('"'), base.replace('"', "")}
    forms |= {f.lstrip(":") for f in forms}
    forms |= {f.replace("'", "") for f in forms}
    return forms | {_SENSE.sub("", f) for f in forms}


def _forms(base: str) -> set[str]:
    """:func:`_every_form`, cheaply for a plain label (most concepts): one with no quote, apostrophe
    or leading colon has just itself and its sense-stripped form."""
    if '"' in base or "'" in base or base.startswith(":"):
        return _every_form(base)
    return {base, _SENSE.sub("", base)}


def label_keys(label: str) -> set[str]:
    """Every key a metric may look up for one node label, role or constant.

    The lower-cased label with and without quotes, colons and apostrophes; its sense-stripped
    form; its ``-`` and ``_`` parts; the part before its last ``-`` and that part + ``s`` (S2match's
    predicate rule); and the digits of a number (WWLK's digit rule). No key holds whitespace.
    Each rule is applied only where it can add a key (a form without ``-`` is its only ``-`` part).
    """
    base = label.lower()
    spaced = base.split() != [base]  # whitespace, or empty: only then can a key hold whitespace
    digits = any(ch.isdigit() for ch in base)  # the forms leave characters out, never add them
    keys: set[str] = set()
    for form in _forms(base):
        keys.add(form)
        if "-" in form:
            keys.update(form.split("-"))
            if form.endswith("-of"):
                keys.add(form[:-3])
            head = form.rpartition("-")[0]
            if head:
                keys.update((head, head + "s"))
        if "_" in form:
            keys.update(form.split("_"))
        if spaced:
            keys.update(form.split())
        if digits:
            keys.update(ch for ch in form if ch.isdigit())
    keys.discard("")
    return {k for k in keys if not any(ch.isspace() for ch in k)} if spaced else keys


def graph_labels(graphs: Iterable[Graph]) -> tuple[set[str], list[str]]:
    """The keys of every concept, role and constant of ``graphs`` (:func:`label_keys`) and their
    lower-cased concepts (sorted), for announcing a corpus to an embedder before scoring.
    """
    labels: set[str] = set()
    written: set[str] = set()  # the concepts as written: each distinct one is lower-cased once
    for graph in graphs:
        written.update(map(_SECOND, graph.instances))
        labels.update(map(_SECOND, graph.attributes))
        labels.update(map(_THIRD, graph.attributes))
        labels.update(map(_SECOND, graph.relations))
    concepts = {concept.lower() for concept in written}
    keys: set[str] = set()
    for label in labels | concepts:
        keys |= label_keys(label)
    return keys, sorted(concepts)

