"""Multi-sentence documents for tests: graphs of a PENMAN file joined under one ``multi-sentence`` root.

What ``bench/smatch_bench.py`` does with Little Prince, for the small files in ``tests/data``:
sentence k becomes ``:sntk``, its variables renamed apart (``s{k}`` prefix).
"""

from __future__ import annotations

from pathlib import Path

import penman

from amrmetrics.read import split_blocks


def join_document(path: Path, copies: int = 1, first: int | None = None) -> str:
    """The ``first`` graphs of ``path`` (all when None), ``copies`` times over, as one document graph (PENMAN)."""
    with open(path, encoding="utf-8") as handle:
        trees = [penman.parse(block.text) for block in split_blocks(handle)][:first] * copies
    children = []
    for k, tree in enumerate(trees, 1):
        variables = {var for var, _ in tree.nodes()}
        children.append((f":snt{k}", _rename(tree.node, f"s{k}", variables)))
    return penman.format(penman.Tree(("m", [("/", "multi-sentence")] + children))) + "\n"


def _rename(node: tuple, prefix: str, variables: set[str]) -> tuple:
    var, branches = node
    renamed = []
    for role, target in branches:
        if isinstance(target, tuple):
            target = _rename(target, prefix, variables)
        elif role != "/" and target in variables:
            target = f"{prefix}{target}"
        renamed.append((role, target))
    return (f"{prefix}{var}", renamed)
