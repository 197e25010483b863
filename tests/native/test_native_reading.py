"""The compiled reader and standardizer against the Python path: the same graphs, field by field
(layout records and metadata included), on every shared graph, tricky and damaged texts and generated graphs."""

from __future__ import annotations

import glob
import importlib
import random

import pytest
from conftest import DATA, EXAMPLES, SHARED, requires_shared
from fuzz.reader_cases import ODD, STRUCTURAL, damage
from hypothesis import given, settings
from hypothesis import strategies as st
from native.native_helpers import CORE, CORPUS_PRESETS, FULL, compares_paths, examples, path, sample
from strategies import graph_texts

from amrmetrics.graph import Graph
from amrmetrics.read import split_blocks
from amrmetrics.standardize import PRESETS, get_preset
from amrmetrics.standardize.native import standardize_natively

pytestmark = compares_paths

decode_module = importlib.import_module("amrmetrics.read.decode")

TRICKY = [
    "(a/b:ARG0(c/d:ARG1 a):polarity -)",
    '(a / b :op1 "x y (z)" :op2 "" :op3 "a:b" :time "12:30")',
    '(a / "quoted" :ARG0 (b / c :ARG1 a) :mod b)',
    "(a / b :ARG0 (c / d :ARG0 (e / f)) :ARG1 (g / h) :ARG2 e)",
    "(a / b : c)",
    "(a / b :ARG0 c)",
    "(a / b :: c)",
    "(a / b\t:ARG0\n(c / d))",
    "(a / b :ARG0 (c / d) :ARG1 (c / e))",
    "(a / b :ARG0 )",
    "(a / b",
    "(a / b))",
    "(a / b) (c / d)",
    '(a / b :op1 "unterminated)',
    '(a / b :op1 "two\nlines")',
    "(a :ARG0 (b / c))",
    "((a / b))",
    "(a / b :ARG0 (/ c))",
    "(a / (b))",
    "( a / b )",
    "(a / b :~ c)",
    "(a / b :ARG0 #c)",
    '(a / b :ARG0 "x"y)',
    "(x / y :name (n / name :op1 \"New\" :op2 \"York\"))",
    "(a / b~e.2 :ARG0 (c / d))",
    "(a / b :ARG0 (c / d\\x))",
    "(a / b\r\n:ARG0 (c / d))",
    "(A / B :ARG0-of (C / D :MOD A))",
    "(a / b" + " :ARG0 (c / d" * 199 + ")" * 200,
    "(a / b" + " :ARG0 (c / d" * 200 + ")" * 201,
    "",
    "   ",
    "(",
    ")",
]


def fields(graph: Graph | None) -> tuple | None:
    """Every field of a graph, the ones equality leaves out included."""
    if graph is None:
        return None
    return (graph.instances, graph.attributes, graph.relations, graph.root, dict(graph.metadata), graph.tree_edges, graph.last_branches)


def python_parse(text: str) -> tuple | None:
    return fields(decode_module._parse_regular(text))


def assert_reads_alike(text: str) -> None:
    compiled = CORE.parse_regular(text)
    assert compiled is None or fields(compiled) == python_parse(text), text


def shared_blocks() -> list[str]:
    """A fixed sample of the blocks of every shared corpus file (all of them under ``AMRMETRICS_NATIVE_FULL=1``)."""
    files = sorted(glob.glob(str(SHARED / "data" / "**" / "*.amr"), recursive=True))
    files += sorted(glob.glob(str(SHARED / "data" / "**" / "*.umr"), recursive=True))
    texts = []
    for name in files:
        with open(name, encoding="utf-8", errors="surrogateescape") as handle:
            blocks = sample([block.text for block in split_blocks(handle)])
        assert blocks, name
        texts += blocks
    return texts


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_texts_read_alike(text) -> None:
    assert_reads_alike(text)


def test_regular_texts_are_read_by_the_compiled_reader() -> None:
    """Not vacuous: what the Python reader reads with its fast path, the compiled one reads too."""
    for text in TRICKY:
        if python_parse(text) is not None and text.isascii() and "~" not in text and "\\" not in text and "\r" not in text:
            assert CORE.parse_regular(text) is not None, text


@settings(max_examples=examples(150), deadline=None)
@given(graph_texts(mixed_case=True, duplicates=True), st.integers(0, 2**32 - 1))
def test_generated_and_damaged_texts_read_alike(text, seed) -> None:
    assert CORE.parse_regular(text) is not None
    assert_reads_alike(text)
    assert_reads_alike(damage(text, random.Random(seed)))


def test_the_examples_and_test_data_read_alike() -> None:
    names = [*EXAMPLES.glob("*.amr"), *DATA.rglob("*.amr")]
    assert names
    for name in names:
        with open(name, encoding="utf-8", errors="surrogateescape") as handle:
            for block in split_blocks(handle):
                assert_reads_alike(block.text)


@requires_shared
def test_every_shared_graph_reads_alike() -> None:
    read = regular = 0
    for text in shared_blocks():
        compiled, python = CORE.parse_regular(text), python_parse(text)
        regular += python is not None
        if compiled is not None:
            read += 1
            assert fields(compiled) == python
    assert read > 0.99 * regular  # the compiled reader is the one that runs (not on the few non-ASCII graphs)


@requires_shared
def test_damaged_shared_graphs_read_alike() -> None:
    rng = random.Random(14)
    texts = shared_blocks()
    for text in rng.sample(texts, 3000 if FULL else 600):
        assert_reads_alike(damage(text, rng))


def standardized(graph: Graph, preset: str) -> tuple[tuple | None, tuple]:
    """(compiled or None, Python) results of a preset on a graph."""
    steps = get_preset(preset).steps
    with path(True):
        compiled = standardize_natively(graph, steps)
    with path(False):
        python = get_preset(preset)(graph)
    return fields(compiled), fields(python)


@settings(max_examples=examples(120), deadline=None)
@given(graph_texts(mixed_case=True, duplicates=True), st.sampled_from(sorted(PRESETS)))
def test_generated_graphs_standardize_alike(text, preset) -> None:
    with path(False):
        graph = decode_module.decode(text)
    compiled, python = standardized(graph, preset)
    assert compiled is None or compiled == python
    if preset == "smatch":
        assert compiled is not None


def test_odd_labels_standardize_alike() -> None:
    graph = Graph(
        (("a", "Want-01"), ("b", "\u0130stanbul"), ("c", "K")),
        (("a", ":MOD", '"X"'), ("a", ":Wiki", "-"), ("b", ":op1", '"'), ("b", ":op1", '""')),
        (("a", ":ARG0-OF", "b"), ("b", ":Mod", "c"), ("c", ":consist-OF", "a"), ("a", ":mod-of", "c"), ("a", ":ARG0-OF", "b")),
        "a",
    )
    for preset in sorted(PRESETS):
        compiled, python = standardized(graph, preset)
        assert compiled is None or compiled == python
    ascii_graph = graph.evolve(instances=(("a", "Want-01"), ("b", "Istanbul"), ("c", "K")))
    compiled, python = standardized(ascii_graph, "smatch")
    assert compiled == python


@requires_shared
@pytest.mark.parametrize("preset", sorted(PRESETS) if FULL else CORPUS_PRESETS)
def test_every_shared_graph_standardizes_alike(preset) -> None:
    for text in shared_blocks():
        try:
            with path(False):
                graph = decode_module.decode(text)
        except ValueError:
            continue
        compiled, python = standardized(graph, preset)
        assert compiled is None or compiled == python
