"""Join consecutive sentence graphs into document graphs, to stress-test parsers and scorers on long graphs.

A document is one PENMAN graph: a ``multi-sentence`` root ``m`` with ``:snt1 ... :sntN`` edges to
the sentence graphs, each sentence's variables prefixed with ``s<K>`` (``x2`` of sentence 3
becomes ``s3x2``, the DocAMR style), so no two sentences share a variable. Each sentence keeps its
written layout (penman's tree, roles and order as written). Documents of this form are what
``bench/doc_bench.py`` measures and what document Smatch (``smatch:doc=sentence``) reads.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

import penman

from amrmetrics.read.corpus import CorpusError, iter_entries
from amrmetrics.read.split import Block, split_blocks
from amrmetrics.words import counted

ROOT_VARIABLE = "m"
ROOT_CONCEPT = "multi-sentence"


def join_trees(trees: Sequence[penman.Tree]) -> penman.Tree:
    """One ``multi-sentence`` tree over ``trees``, sentence K's variables prefixed with ``s<K>``.

    Raises :class:`ValueError` if two renamed variables coincide (a variable that starts with a digit
    could make ``s1`` + ``1x`` equal ``s11`` + ``x``).
    """
    branches: list[tuple[str, object]] = [("/", ROOT_CONCEPT)]
    seen: set[str] = {ROOT_VARIABLE}
    for k, tree in enumerate(trees, 1):
        variables = {var for var, _ in tree.nodes()}
        renamed = {var: f"s{k}{var}" for var in variables}
        clash = seen.intersection(renamed.values())
        if clash:
            raise ValueError(f"sentence {k}: renamed variable {min(clash)} already used by another sentence")
        seen.update(renamed.values())
        branches.append((f":snt{k}", _renamed(tree.node, renamed)))
    return penman.Tree((ROOT_VARIABLE, branches))


def _renamed(node: tuple, renamed: dict[str, str]) -> tuple:
    """A tree node with every variable (definitions and references) renamed."""
    var, branches = node
    out = []
    for role, target in branches:
        if isinstance(target, tuple):
            target = _renamed(target, renamed)
        elif role != "/" and target in renamed:
            target = renamed[target]
        out.append((role, target))
    return (renamed[var], out)


def _metadata(number: int, blocks: Sequence[Block]) -> str:
    """The comment lines of document ``number``: its id and, when every sentence has one, the joined text."""
    lines = [f"# ::id doc{number}"]
    texts = [b.metadata.get("snt") for b in blocks]
    if all(texts):
        lines.append("# ::snt " + " ".join(t for t in texts if t))
    return "\n".join(lines)


def _checked_blocks(path: str | os.PathLike[str]) -> list[Block]:
    """The graph blocks of a file; a file with a malformed graph is an error listing every one."""
    errors = [str(e.error) for e in iter_entries(path) if e.error is not None]
    if errors:
        head = f"{counted(len(errors), 'malformed graph')}, no document written:"
        raise CorpusError("\n".join([head] + [f"  {e}" for e in errors[:50]]))
    with open(path, encoding="utf-8") as handle:
        return list(split_blocks(handle))


def join_file(path: str | os.PathLike[str], sentences: int, *, step: int = 1) -> Iterator[str]:
    """The documents of a sentence corpus as PENMAN text: every ``step``-th graph (1 = all), ``sentences``
    at a time (the last document may be shorter), each with ``# ::id docN`` and the joined ``# ::snt``.
    """
    if sentences < 1 or step < 1:
        raise ValueError("sentences and step must be at least 1")
    blocks = _checked_blocks(path)[::step]
    for number, start in enumerate(range(0, len(blocks), sentences), 1):
        group = blocks[start : start + sentences]
        try:
            tree = join_trees([penman.parse(b.text) for b in group])
        except ValueError as err:
            raise CorpusError(f"{os.fspath(path)}: document {number} (graphs {group[0].number}-{group[-1].number}): {err}") from None
        yield _metadata(number, group) + "\n" + penman.format(tree)
