"""Comparing two systems by position: standard input may stand for one file only; each system is
checked against the gold file for a pairing left in doubt (with the advice to pair by id), and
guessed boundaries of the gold file alone never stop two clean systems."""

from __future__ import annotations

import pytest

from amrmetrics.engine.paired import pair_systems
from amrmetrics.errors import UsageError
from amrmetrics.read import CorpusError

CLEAN = "(a / s1)\n\n(b / s2)\n\n(c / s3)\n\n(d / s4)\n\n(e / s5)\n"


def write(path, text: str):
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("sides", [("-", "f", "-"), ("f", "-", "-"), ("-", "-", "f")])
@pytest.mark.parametrize("pair_by_id", [False, True])
def test_standard_input_stands_for_one_file_only(tmp_path, sides, pair_by_id):
    f = str(write(tmp_path / "f.amr", "# ::id x\n(a / s1)\n"))
    paths = [f if side == "f" else side for side in sides]
    with pytest.raises(UsageError, match="only one of the files can be '-'"):
        pair_systems(*paths, pair_by_id=pair_by_id)


def test_a_gold_file_s_guessed_boundaries_alone_leave_nothing_in_doubt(tmp_path):
    # graphs 3 and 5 of the gold file may continue the unclosed graphs before them: the gold file
    # may hold fewer graphs, never more; with as many in each file, every pair is in its place
    a = write(tmp_path / "a.amr", CLEAN)
    gold = write(tmp_path / "gold.amr", CLEAN.replace("(b / s2)", "(b / s2 :ARG0").replace("(d / s4)", "(d / s4 :ARG0"))
    total, pairs = pair_systems(a, a, gold)
    assert total == 5
    assert [(p.test.number, p.gold.error is None) for p in pairs] == [(1, True), (2, False), (3, True), (4, False), (5, True)]


@pytest.mark.parametrize("system", ["a", "b"])
def test_each_system_in_doubt_is_refused_with_the_advice_to_pair_by_id(tmp_path, system):
    clean = write(tmp_path / "clean.amr", CLEAN)
    doubtful = write(tmp_path / "doubtful.amr", CLEAN.replace("(b / s2)", "(b / s2 :ARG0"))
    gold = write(tmp_path / "gold.amr", CLEAN.replace("(d / s4)", "(d / s4 :ARG0"))
    a, b = (doubtful, clean) if system == "a" else (clean, doubtful)
    with pytest.raises(CorpusError) as err:
        pair_systems(a, b, gold)
    assert str(err.value).split("\n")[-1] == (
        f"so graph 3 of {doubtful} (line 5) and graph 3 of {gold} (line 5) may not be the same sentence. "
        "Fix the malformed graphs, or give the files '# ::id' lines and use pair_by_id=True."
    )


def test_a_position_malformed_in_both_systems_names_both_errors_and_one_file_given_twice_once(tmp_path):
    a = write(tmp_path / "a.amr", "(a / s1)\n\n(b :ARG0 (x / y))\n\n(c / s3)\n")
    b = write(tmp_path / "b.amr", "(a / s1)\n\n(b / s2 :ARG0 )\n\n(c / s3)\n")
    gold = write(tmp_path / "gold.amr", "(a / s1)\n\n(b / s2)\n\n(c / s3)\n")
    _, pairs = pair_systems(a, b, gold)
    assert [str(p.test.error) if p.test.error else None for p in pairs] == [
        None,
        f"{a}: graph 2 (line 3): node 'b' has no concept; and {b}: graph 2 (line 3): role :ARG0 of node 'b' has no target",
        None,
    ]
    _, pairs = pair_systems(a, a, gold)
    assert [str(p.test.error) if p.test.error else None for p in pairs] == [None, f"{a}: graph 2 (line 3): node 'b' has no concept", None]
