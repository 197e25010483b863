"""Fuzzing the reader: corpora built from real graphs, damaged the way files get damaged.

Every corpus is written as a test file and a gold file of the same graphs, each graph under a
unique ``# ::id m<k>`` header line, separated by blank lines; :func:`corpus_cases` then damages
graphs of either file (structural characters inserted, deleted or duplicated, unterminated
strings, unicode, NUL bytes, undecodable bytes, huge tokens, empty nodes, deep nesting, comment
lines, a header line without its ``#``, graphs replaced by garbage or dropped) and varies the
file (byte-order mark, CRLF, tabs, JAMR and repeated metadata keys). The header line with the id
is never damaged: it is the marker that tells which graph a position holds.

The oracles (:mod:`oracles`) check what issue 14 asks: every corpus scores or ends in located
errors, and no pair is ever scored against another graph's partner.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st

from amrmetrics.read import MAX_DEPTH

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example_graphs() -> list[str]:
    """The graph texts of the shipped examples (blocks between blank lines, comment lines dropped)."""
    graphs = []
    for name in ("gold.amr", "pred.amr"):
        for block in (EXAMPLES / name).read_text(encoding="utf-8").split("\n\n"):
            lines = [line for line in block.split("\n") if line.strip() and not line.lstrip().startswith("#")]
            if lines:
                graphs.append("\n".join(lines))
    return graphs


SEEDS = example_graphs()
STRUCTURAL = '()/:"~\\ \t\n#'
"""Characters that carry PENMAN's structure (whitespace and newlines included)."""
ODD = ["\u4e2d\u6587", "\u05e9\u05dc\u05d5\u05dd", "e\u0301", "\U0001f600", "\x00", "\u00a0", "\u2028", "\x0c", "\ufeff", "\r", "\udce9"]
"""CJK, right-to-left text, a combining mark, an emoji, NUL, a no-break space, line breaks that
only penman (not a text-mode file) splits at, a byte-order mark, a carriage return, and an
undecodable byte (written as the byte 0xE9)."""


def damage(text: str, rng: random.Random, most: int = 3, chars: str = STRUCTURAL + "".join(ODD)) -> str:
    """The text with 1 to ``most`` of ``chars`` inserted, characters deleted or duplicated, at random places
    (the compiled reader's comparisons and the sanitizer script's fuzzed corpus)."""
    out = list(text)
    for _ in range(rng.randint(1, most)):
        at = rng.randrange(len(out) + 1)
        action = rng.random()
        if action < 0.4:
            out.insert(at, rng.choice(chars))
        elif action < 0.7 and out:
            del out[min(at, len(out) - 1)]
        elif out:
            out.insert(at, out[min(at, len(out) - 1)])
    return "".join(out)


PLAIN_HEADERS = ["# ::snt a sentence (with parentheses)\n", "# a plain comment\n"]
JAMR = "# ::tok a b\n# ::node\t0\tx\t0-1\n# ::node\t0.0\ty\t1-2\n# ::root\t0\tx\n# ::edge\tx\tARG0\ty\t0\t0.0\n"
REPEATED = "# ::snt first\n# ::snt second\n# ::date 2020 ::snt third\n"
_SYMBOL = re.compile(r"(?<=/ )[^\s()\"]+")


def nested(levels: int, inner: str = "(z / leaf)") -> str:
    """``inner`` at the bottom of a chain of ``levels`` nodes."""
    return "".join(f"(d{k} / chain :ARG0 " for k in range(levels)) + inner + ")" * levels


@dataclass
class Damage:
    """What was done to one graph (for the report of a failing case)."""

    kind: str
    detail: str = ""


@st.composite
def damaged_graph(draw: st.DrawFn, text: str, huge: int) -> tuple[str, Damage]:
    """``text`` after one kind of damage a file meets (``huge``: length of an oversized token)."""
    kinds = ["insert", "delete", "duplicate", "odd", "token", "empty-node", "deep", "comment", "header", "garbage", "drop", "tabs"]
    kind = draw(st.sampled_from(kinds))
    if kind in ("insert", "odd"):
        pos = draw(st.integers(0, len(text)))
        char = draw(st.sampled_from(STRUCTURAL)) if kind == "insert" else draw(st.sampled_from(ODD))
        return text[:pos] + char + text[pos:], Damage(kind, f"{char!r} at {pos}")
    if kind in ("delete", "duplicate"):
        places = [i for i, ch in enumerate(text) if ch in STRUCTURAL]
        pos = draw(st.sampled_from(places))
        detail = f"{text[pos]!r} at {pos}"
        if kind == "delete":
            return text[:pos] + text[pos + 1:], Damage(kind, detail)
        return text[:pos] + text[pos] + text[pos:], Damage(kind, detail)
    if kind == "token":
        return _SYMBOL.sub("x" * huge, text, count=1), Damage(kind, f"{huge} characters")
    if kind == "empty-node":
        return text[:-1] + " :ARG9 ())", Damage(kind)
    if kind == "deep":
        levels = draw(st.sampled_from([MAX_DEPTH - 8, MAX_DEPTH + 1, 3000]))
        return nested(levels, text), Damage(kind, f"{levels} levels around")
    if kind == "comment":
        lines = text.split("\n")
        at = draw(st.integers(1, len(lines)))
        return "\n".join([*lines[:at], "   # a comment", *lines[at:]]), Damage(kind, f"after line {at}")
    if kind == "header":
        return "::snt a header line that lost its '#'\n" + text, Damage(kind)
    if kind == "garbage":
        return "not a graph at all", Damage(kind)
    if kind == "drop":
        return "", Damage(kind)
    return re.sub(r"(?m)^ +", "\t", text), Damage(kind)


@dataclass
class Side:
    """One file of a case: its graph texts (damaged or not) and how the file is written."""

    graphs: list[str]
    damage: dict[int, Damage] = field(default_factory=dict)
    headers: list[str] = field(default_factory=list)
    bom: bool = False
    crlf: bool = False

    def text(self) -> str:
        """The file's text; an undecodable byte is still a surrogate here (see :meth:`data`)."""
        body = "".join(f"# ::id m{k}\n{self.headers[k]}{graph}\n\n" for k, graph in enumerate(self.graphs))
        return ("\ufeff" if self.bom else "") + body

    def data(self) -> bytes:
        """The file's bytes."""
        text = self.text()
        if self.crlf:
            text = text.replace("\n", "\r\n")
        return text.encode("utf-8", "surrogateescape")

    def as_read(self, text: str) -> str:
        """``text`` as written to the file and read back in text mode (universal newlines)."""
        if self.crlf:
            text = text.replace("\n", "\r\n")
        return text.replace("\r\n", "\n").replace("\r", "\n")

    def first_line(self, k: int) -> int:
        """The file line where graph ``k`` starts."""
        before = "".join(f"# ::id m{j}\n{self.headers[j]}{graph}\n\n" for j, graph in enumerate(self.graphs[:k]))
        return self.as_read(before + f"# ::id m{k}\n{self.headers[k]}").count("\n") + 1

    def forged(self, k: int) -> bool:
        """Damage that makes graph ``k`` say a new graph starts inside it: a line (as a text-mode
        file reads it) that is blank before more text, opens with '(' at column 0, or is a
        metadata line. No reader can tell such a line from a real boundary."""
        lines = self.as_read(self.graphs[k] + "\n").split("\n")
        lines = [line.lstrip("\ufeff") for line in lines]
        for j, line in enumerate(lines[1:], 1):
            if line.startswith("(") or re.match(r"\s*#.*::\S", line):
                return True
            if not line.strip() and any(rest.strip() for rest in lines[j + 1:]):
                return True
        return False


@dataclass
class Case:
    """A test file and a gold file of the same graphs (``seeds``), each possibly damaged."""

    seeds: list[str]
    test: Side
    gold: Side

    @property
    def size(self) -> int:
        """Graphs written to each file."""
        return len(self.test.graphs)

    def shifts_possible(self) -> bool:
        """True when some damage forged a boundary (then only the no-crash oracle applies)."""
        return any(side.forged(k) for side in (self.test, self.gold) for k in side.damage)

    def describe(self) -> str:
        """The damage, for a failure message."""
        parts = [f"{name} graph {k}: {d.kind} {d.detail}" for name, side in (("test", self.test), ("gold", self.gold)) for k, d in side.damage.items()]
        return "; ".join(parts) or "undamaged"


@st.composite
def sides(draw: st.DrawFn, seeds: list[str], huge: int, damaged: int) -> Side:
    """One file of ``seeds``, up to ``damaged`` graphs damaged, with drawn headers and layout."""
    graphs = list(seeds)
    damage = {}
    for k in draw(st.lists(st.integers(0, len(graphs) - 1), max_size=damaged, unique=True)):
        graphs[k], damage[k] = draw(damaged_graph(graphs[k], huge))
    headers = [draw(st.sampled_from(["", JAMR, REPEATED, *PLAIN_HEADERS])) for _ in graphs]
    return Side(graphs, damage, headers, bom=draw(st.booleans()), crlf=draw(st.booleans()))


@st.composite
def corpus_cases(draw: st.DrawFn, max_graphs: int = 5, huge: int = 1000, damaged: int = 2) -> Case:
    """A case of 1 to ``max_graphs`` graphs drawn from the examples (repeats allowed)."""
    seeds = draw(st.lists(st.sampled_from(SEEDS), min_size=1, max_size=max_graphs))
    return Case(seeds, draw(sides(seeds, huge, damaged)), draw(sides(seeds, huge, damaged)))
