"""Which table words a corpus can ask for, found cheaply from the raw text (no parsing).

A vectors file is scanned once for a known set of words, so the command line first collects
every key any metric could look up for any label of the two files: a superset is harmless (a
word that is never asked costs one vector), a missing word would cost a second scan.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

_TOKEN = re.compile(r'"[^"\n]*"|[^\s()"]+')
_SENSE = re.compile(r"-\d+")
_CONCEPT = re.compile(r'/\s*([^\s()"/]+)')


def label_keys(label: str) -> set[str]:
    """Every key a metric may look up for one node label, role or constant.

    The lower-cased label with and without quotes, colons and apostrophes; its sense-stripped
    form; its ``-`` and ``_`` parts; the part before its last ``-`` and that part + ``s`` (S2match's
    predicate rule); and the digits of a number (WWLK's digit rule).
    """
    base = label.lower()
    forms = {base, base.strip('"'), base.replace('"', "")}
    forms |= {f.lstrip(":") for f in forms}
    forms |= {f.replace("'", "") for f in forms}
    forms |= {_SENSE.sub("", f) for f in forms}
    keys: set[str] = set()
    for form in forms:
        keys.add(form)
        keys.update(form.split("-"))
        keys.update(form.split("_"))
        keys.update(form.split())
        if form.endswith("-of"):
            keys.add(form[:-3])
        head = form.rpartition("-")[0]
        if head:
            keys.update((head, head + "s"))
        if any(ch.isdigit() for ch in form):
            keys.update(ch for ch in form if ch.isdigit())
    keys.discard("")
    return {k for k in keys if not any(ch.isspace() for ch in k)}


def _keys_of_tokens(tokens: Iterable[str]) -> set[str]:
    keys: set[str] = set()
    for token in tokens:
        if token != "/":
            keys |= label_keys(token)
    return keys


def text_vocabulary(text: str) -> set[str]:
    """Keys of every token of PENMAN text (concepts, roles, constants; variables too, harmlessly)."""
    return _keys_of_tokens(set(_TOKEN.findall(text)))


def file_labels(paths: Iterable[str | Path]) -> tuple[set[str], list[str]]:
    """The keys of every token of several files (:func:`text_vocabulary`; comment and metadata
    lines skipped) and their lower-cased concepts (every token after a ``/``, sorted), in one pass.

    Found from the raw text, so a token after a ``/`` inside a string can slip into the concepts:
    a superset is harmless (callers only precompute per-concept data).
    """
    tokens: set[str] = set()
    concepts: set[str] = set()
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if not line.lstrip().startswith("#"):
                    tokens.update(_TOKEN.findall(line))
                    if "/" in line:
                        concepts.update(_CONCEPT.findall(line.lower()))
    return _keys_of_tokens(tokens), sorted(concepts)


def file_vocabulary(paths: Iterable[str | Path]) -> set[str]:
    """:func:`text_vocabulary` of several files (comment and metadata lines skipped)."""
    return file_labels(paths)[0]
