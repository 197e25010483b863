"""A header and rows of cells rendered as a rich table, GitHub Markdown or a LaTeX ``tabular``.

Used by the tables that are not the one-row-per-metric score table (comparisons, fine-grained
aspects), so every table of the tool looks alike in every format.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from amrmetrics.report.escape import latex_text, markdown_cell

if TYPE_CHECKING:  # rich is imported only when a table is drawn (JSON output never pays for it)
    from rich.console import Console

DASH = "–"
NOT_APPLICABLE = "n/a"


def pct(value: float | None, digits: int, *, signed: bool = False) -> str:
    """A fraction as x100 text with ``digits`` decimals; NaN/None give a dash."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return DASH
    return f"{100 * value:+.{digits}f}" if signed else f"{100 * value:.{digits}f}"


def print_title(console: Console, title: str) -> None:
    """A table's title on a line of its own: never wrapped at the table's width, never read as markup."""
    from rich.text import Text

    console.print(Text(title), soft_wrap=True)


def render_rich(console: Console, header: Sequence[str], rows: Sequence[Sequence[str]], title: str, left: int = 1) -> None:
    """Print the title (if any) and the table to a rich console; the first ``left`` columns are left-aligned."""
    from rich.console import Console
    from rich.measure import Measurement
    from rich.table import Table

    if title:
        print_title(console, title)
    table = Table()
    for i, col in enumerate(header):
        table.add_column(col, justify="left" if i < left else "right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    width = Measurement.get(console, console.options.update_width(10_000), table).maximum
    if width > console.width and not console.is_terminal:
        console = Console(file=console.file, width=width)  # never truncate numbers in a file or a pipe
    console.print(table)


def render_markdown(header: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> str:
    """The table as GitHub Markdown (every cell escaped: a ``|`` in a label is text, not a column)."""
    align = ["---"] * left + ["---:"] * (len(header) - left)
    lines = ["| " + " | ".join(markdown_cell(h) for h in header) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(markdown_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def render_latex(header: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> str:
    """The table as a LaTeX ``tabular`` (booktabs)."""
    spec = "l" * left + "r" * (len(header) - left)
    lines = [rf"\begin{{tabular}}{{{spec}}}", r"\toprule", " & ".join(latex_text(h) for h in header) + r" \\", r"\midrule"]
    lines += [" & ".join(latex_text(c) for c in row) + r" \\" for row in rows]
    lines += [r"\bottomrule", r"\end{tabular}"]
    return "\n".join(lines)
