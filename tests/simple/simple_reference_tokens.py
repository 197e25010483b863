"""Test oracle: the label tokens of AMRParseEval's simple_metric.py (git 133ece1), from a graph's text.

The reference lowercases the graph text and then removes variables with two regular expressions:
an opening parenthesis followed by a name like ``x``, ``xv12`` (one or two letters, then digits),
and such a name standing between two spaces. What is left, split at ``( ) /`` and whitespace, is
the token set. So a variable right before ``)`` or right after another removed one survives
(leaks), a one- or two-letter concept (``i``, ``we``) is removed, quoted strings keep their quotes
and split at spaces, and ``:ARG0-of`` stays as written.
"""

from __future__ import annotations

import re

_NAME = r"[a-z][a-z]?[0-9]*"
_OPENING = re.compile(r"\(" + _NAME)
_STANDALONE = re.compile(" " + _NAME + " ")


def graph_text(block: str) -> str:
    """The graph lines of a blank-line separated block (comment lines dropped): ``jaccard_clean``'s reader."""
    return "\n".join(line for line in block.split("\n") if not line.startswith("#"))


def reference_tokens(text: str) -> set[str]:
    """The reference's token set of one graph text."""
    flat = " ".join(text.replace("\n", " ").split()).lower()
    flat = _STANDALONE.sub(" ", _OPENING.sub(" ", flat))
    for char in "()/":
        flat = flat.replace(char, " ")
    return set(flat.split())


def reference_jaccard(test_text: str, gold_text: str) -> float:
    """|A ∩ B| / |A ∪ B| of the two token sets, as the reference prints it."""
    a, b = reference_tokens(test_text), reference_tokens(gold_text)
    return len(a & b) / len(a | b)


def blocks(path) -> list[str]:
    """Graph texts of a file, one per blank-line separated block that has a graph line."""
    texts = [graph_text(b) for b in open(path, encoding="utf-8").read().split("\n\n")]
    return [t for t in texts if t.strip()]
