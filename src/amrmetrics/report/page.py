"""What a command prints for people, as blocks (tables, notes, signatures) rendered whole in one format.

``text`` is for the terminal: each table under its title (rich), then one line per note and per
signature. ``markdown`` and ``latex`` are pasted into a README or a paper, so the whole output
must survive the paste, not only the tables: blocks are separated by a blank line (a line right
under a Markdown table is one of its rows), every text is escaped (:mod:`amrmetrics.report.escape`),
and a signature is code (a ``|`` inside it never splits anything).

Blocks are named tuples, not dataclasses: this module is on every command's start-up path, and a
dataclass costs about ten times as much to define.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Union

from amrmetrics.report import grid
from amrmetrics.report.escape import latex_code, latex_text, markdown_code, markdown_text

if TYPE_CHECKING:
    from rich.console import Console


class Table(NamedTuple):
    """A header and rows of cells; ``title`` is printed above it in text (Markdown and LaTeX tables stand alone)."""

    header: Sequence[str]
    rows: Sequence[Sequence[str]]
    title: str = ""
    left: int = 1
    """How many leading columns are labels (left-aligned)."""


class Note(NamedTuple):
    """One line of plain text that explains a table."""

    text: str


class Signature(NamedTuple):
    """A metric's signature (``smatch|std:smatch|...``), printed as ``signature: ...``."""

    text: str


Block = Union[Table, Note, Signature]
PASTED = ("markdown", "latex")
"""Formats rendered as one text (:func:`render`) rather than drawn to a terminal."""


def notes(lines: Sequence[str]) -> list[Note]:
    """Lines of text as notes."""
    return [Note(line) for line in lines]


def signatures(texts: Sequence[str]) -> list[Signature]:
    """Signatures as blocks."""
    return [Signature(text) for text in texts]


def _markdown(block: Block) -> str:
    if isinstance(block, Table):
        return grid.render_markdown(block.header, block.rows, block.left)
    if isinstance(block, Note):
        return markdown_text(block.text)
    return "signature: " + markdown_code(block.text)


def _latex(block: Block) -> str:
    if isinstance(block, Table):
        return grid.render_latex(block.header, block.rows, block.left)
    if isinstance(block, Note):
        return latex_text(block.text)
    return "signature: " + latex_code(block.text)


def render(blocks: Sequence[Block], fmt: str) -> str:
    """The blocks as one Markdown or LaTeX text: each a paragraph (or a table) of its own."""
    if fmt not in PASTED:
        raise ValueError(f"render: {fmt!r} is not one of {', '.join(PASTED)}")
    one = _markdown if fmt == "markdown" else _latex
    return "\n\n".join(one(block) for block in blocks)


def show(blocks: Sequence[Block], fmt: str, console: Console | None = None) -> None:
    """Print the blocks in ``fmt`` to ``console`` (default: stdout); in text, tables are drawn with rich."""
    if fmt in PASTED:
        print(render(blocks, fmt), file=sys.stdout if console is None else console.file)
        return
    if console is None:
        from rich.console import Console

        console = Console()
    for block in blocks:
        if isinstance(block, Table):
            grid.render_rich(console, block.header, block.rows, block.title, block.left)
        else:
            print(block.text if isinstance(block, Note) else f"signature: {block.text}", file=console.file)
    console.file.flush()
