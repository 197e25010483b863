"""Errors found after penman's parse are located on the right line when strings come before them
(strings are masked, keeping every offset, before the variable's line is counted)."""

from __future__ import annotations

import pytest

from amrmetrics.read import GraphError, decode

LONG = '"' + "x" * 40 + '"'


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (f"(a / b :op1 {LONG}\n   :ARG0 (a / c)\n   :ARG1 (d / e)\n   :ARG2 (f / g)\n   :ARG3 (h / i))", 2, "variable 'a' is defined twice"),
        ('(a / b :op1 "" :op2 ""\n   :ARG0 (a / c)\n   :ARG1 (d / e))', 2, "variable 'a' is defined twice"),
        (f"(a / b :op1 {LONG} :op2 {LONG}\n   :ARG0 (d)\n   :ARG1 (e / f)\n   :ARG2 (g / h))", 2, "node 'd' has no concept"),
        (f"(a / b :op1 {LONG}\n   :ARG0 (d / e :ARG1)\n   :ARG1 (f / g)\n   :ARG2 (h / i))", 2, "role :ARG1 of node 'd' has no target"),
    ],
)
def test_a_string_before_the_error_does_not_move_its_line(text, line, message):
    with pytest.raises(GraphError) as caught:
        decode(text, file="f.amr", number=4, line=10)
    assert str(caught.value) == f"f.amr: graph 4 (line {9 + line}): {message}"
