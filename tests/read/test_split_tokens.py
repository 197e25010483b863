"""The string-method tokenizer of plain texts gives exactly the regex's tokens, or steps aside.

``_split_tokens`` answers for ASCII texts without escapes, alignments or penman's extra line
breaks; every other text must get None, so the regex (:data:`_TOKEN`) stays the definition.
"""

from __future__ import annotations

import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_texts

from amrmetrics.read.recent import forget_recent

decode_module = importlib.import_module("amrmetrics.read.decode")
split_tokens = decode_module._split_tokens
regex_tokens = decode_module._TOKEN.findall

ALPHABET = ' \t\n\r\x0b\x0c\x1c\x1f"()/:~\\ab0-_.é\u2028#'
"""Every character either tokenizer treats specially, a few ordinary ones and a non-ASCII one."""


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=40))
def test_any_text_gets_the_regex_tokens_or_none(text: str) -> None:
    tokens = split_tokens(text)
    assert tokens is None or tokens == regex_tokens(text)


@settings(max_examples=200, deadline=None)
@given(graph_texts(max_nodes=8))
def test_generated_graphs_take_the_fast_path(text: str) -> None:
    tokens = split_tokens(text)
    assert tokens is not None
    assert tokens == regex_tokens(text)


@pytest.mark.parametrize(
    "text",
    [
        '(n / name :op1 "John" :op2 "Smith")',
        '(n / name :op1"John")',
        '(n / name :op1 "" :op2 "a (b) / c: d")',
        "(w / url-entity :value http://x.org/a)",
        "(a / b\n   :ARG0 (c / d))\n",
        "(a / b:ARG0 c:ARG1(d / e))",
        "  (a / b)  ",
        '(n/name:op1 "A":op2"B"/c)',  # with strings: '/' and ':' touching a symbol outside them
    ],
)
def test_plain_texts_are_split_like_the_regex(text: str) -> None:
    tokens = split_tokens(text)
    assert tokens == regex_tokens(text)


@pytest.mark.parametrize(
    "text",
    [
        '(n / name :op1 "John)',  # an unterminated string
        '(n / name :op1 "Jo\nhn")',  # a line break inside a string ends it for penman
        '(n / name :op1 "Jo\\"hn")',  # an escaped quote
        '(n / name :op1 "a\\"b\\"c")',  # escaped quotes, an even number of them
        "(a / b~e.1)",  # an alignment marker
        "(a / b\r:ARG0 c)",  # one of penman's extra line breaks
        "(a / b\x1f)",  # whitespace to str.split, a symbol character to penman
        "(a / café)",  # not ASCII
    ],
)
def test_other_texts_are_left_to_the_regex(text: str) -> None:
    assert split_tokens(text) is None


class _CountingRegex:
    """:data:`_TOKEN` with a count of its ``findall`` calls."""

    def __init__(self) -> None:
        self.calls = 0

    def findall(self, text: str) -> list[str]:
        self.calls += 1
        return regex_tokens(text)


@pytest.mark.parametrize(
    ("plain", "aligned"),
    [
        ("(a / b :ARG0 (c / d))", "(a / b~e.1 :ARG0 (c / d))"),
        ('(n / name :op1 "John" :op2 "Smith")', '(n / name :op1 "John"~e.2 :op2 "Smith")'),
    ],
)
def test_a_plain_graph_is_read_without_the_regex(plain: str, aligned: str, monkeypatch: pytest.MonkeyPatch) -> None:
    forget_recent()
    counting = _CountingRegex()
    monkeypatch.setattr(decode_module, "_TOKEN", counting)
    graph = decode_module.decode(plain)
    assert counting.calls == 0
    assert len(graph.instances) >= 1
    assert decode_module.decode(aligned) == graph  # an alignment marker needs the regex
    assert counting.calls == 1
