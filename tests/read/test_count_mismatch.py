"""When two files hold different numbers of graphs, the reading errors that explain it come first
(issue 30): a binary file, a huge line of junk, graphs run together on one line."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from conftest import ROOT

from amrmetrics.engine.paired import pair_systems
from amrmetrics.read import CorpusError, pair_files

FIVE = "(a / a)\n\n(b / b)\n\n(c / c)\n\n(d / d)\n\n(e / e)\n"


def refusal(test: Path, gold: Path) -> list[str]:
    with pytest.raises(CorpusError) as err:
        pair_files(test, gold)
    return str(err.value).split("\n")


def test_five_graphs_on_one_line_are_five_graphs(tmp_path):
    (tmp_path / "one-line.amr").write_text("(a / a) (b / b) (c / c) (d / d) (e / e)\n", encoding="utf-8")
    (tmp_path / "gold.amr").write_text(FIVE, encoding="utf-8")
    n, pairs = pair_files(tmp_path / "one-line.amr", tmp_path / "gold.amr")
    assert n == 5 and all(p.test.graph == p.gold.graph for p in pairs)


def test_a_png_file_says_it_is_not_utf8_before_the_counts(tmp_path):
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + zlib.compress(b"\x00" * 64)
    (tmp_path / "plot.png").write_bytes(png)
    (tmp_path / "gold.amr").write_text(FIVE, encoding="utf-8")
    lines = refusal(tmp_path / "plot.png", tmp_path / "gold.amr")
    assert lines[0].endswith("malformed graph:") or lines[0].endswith("malformed graphs:")
    assert lines[1] == f"  {tmp_path / 'plot.png'}: graph 1 (line 1): not UTF-8: byte 0x89 at column 1"
    assert lines[-1].startswith(f"{tmp_path / 'plot.png'} has ") and lines[-1].count(" but ") == 1


def test_the_graphs_that_made_an_extra_position_are_listed_then_the_counts(tmp_path):
    (tmp_path / "test.amr").write_text("(a / a)\n\n(b / b\n\n(x / y)\n\n(c / c) extra\n", encoding="utf-8")
    (tmp_path / "gold.amr").write_text("(a / a)\n\n(b / b)\n\n(c / c)\n", encoding="utf-8")
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    assert refusal(test, gold) == [
        "2 malformed graphs:",
        f"  {test}: graph 2 (line 3): unbalanced parentheses: 1 '(' not closed",
        f"  {test}: graph 4 (line 7): unexpected text after the graph: 'extra'",
        f"{test} has 4 graphs but {gold} has 3: the files must pair one to one (use pair_by_id=True to pair by '# ::id')",
    ]


def test_one_graph_is_one_graph_in_the_message(tmp_path):
    (tmp_path / "one.amr").write_text("(a / a)\n", encoding="utf-8")
    (tmp_path / "gold.amr").write_text(FIVE, encoding="utf-8")
    lines = refusal(tmp_path / "one.amr", tmp_path / "gold.amr")
    assert lines == [f"{tmp_path / 'one.amr'} has 1 graph but {tmp_path / 'gold.amr'} has 5: the files must pair one to one (use pair_by_id=True to pair by '# ::id')"]


def test_three_files_list_their_reading_errors_first(tmp_path):
    for name, text in (("a.amr", FIVE), ("b.amr", "(a / a) (b / b) (c / c)\n\n(d / d\n"), ("gold.amr", FIVE)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError) as err:
        pair_systems(tmp_path / "a.amr", tmp_path / "b.amr", tmp_path / "gold.amr")
    assert str(err.value).split("\n") == [
        "1 malformed graph:",
        f"  {tmp_path / 'b.amr'}: graph 4 (line 3): unbalanced parentheses: 1 '(' not closed",
        f"A, B and gold must pair one to one, but {tmp_path / 'a.amr'} has 5, {tmp_path / 'b.amr'} has 4, "
        f"{tmp_path / 'gold.amr'} has 5 graphs (use pair_by_id=True to pair by '# ::id')",
    ]


def test_three_files_whose_guesses_leave_a_pair_in_doubt_are_refused(tmp_path):
    for name, text in (
        ("a.amr", "(a / s1)\n\n(b / s2)\n\n(c / s3)\n\n(d / s4)\n"),
        ("b.amr", "(a / s1 :op1\n\n(b / s2))\n\n(c / s3)\n\n(d / s4\n\n  (e / s5)\n"),
        ("gold.amr", "(a / s1)\n\n(c / s3)\n\n(d / s4)\n\n(e / s5)\n"),
    ):
        (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError, match=rf"so graph 3 of {tmp_path / 'b.amr'} \(line 5\) and graph 3 of {tmp_path / 'gold.amr'} \(line 5\)"):
        pair_systems(tmp_path / "a.amr", tmp_path / "b.amr", tmp_path / "gold.amr")


def test_a_fifty_megabyte_line_of_junk_is_reported_at_once(tmp_path):
    """Reading a line in pieces must not copy again what it has read (it was quadratic)."""
    rnd = random.Random(5)
    junk = tmp_path / "junk.amr"
    piece = "".join(rnd.choices('abcdefghij klmnop:/"', k=1_000_000))
    with open(junk, "w", encoding="ascii") as handle:
        for _ in range(50):
            handle.write(piece)
        handle.write("\n")
    (tmp_path / "gold.amr").write_text(FIVE, encoding="utf-8")
    with open(tmp_path / "out", "w") as out, open(tmp_path / "err", "w") as err:
        child = subprocess.Popen(
            [sys.executable, "-m", "amrmetrics", "score", str(junk), str(tmp_path / "gold.amr")],
            stdout=out,
            stderr=err,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        )
        _, status, usage = os.wait4(child.pid, 0)  # this child's own CPU time and peak memory
        child.returncode = os.waitstatus_to_exitcode(status)
    assert child.returncode == 1 and (tmp_path / "out").read_text() == ""
    lines = (tmp_path / "err").read_text().split("\n")
    assert lines[0] == "amrmetrics: error: 1 malformed graph:"
    assert lines[1].startswith(f"  {junk}: graph 1 (line 1): text outside any graph: ")
    assert lines[2].startswith(f"{junk} has 1 graph but ")
    cpu = usage.ru_utime + usage.ru_stime
    assert cpu < 4, f"{cpu:.1f} s of CPU"  # generous: 0.7 s here, 6.3 s when it was quadratic
    assert usage.ru_maxrss < 1_000_000, f"{usage.ru_maxrss} KB"  # about 130 MB here
