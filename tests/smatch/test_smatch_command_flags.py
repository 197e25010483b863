"""``amrmetrics smatch``: every smatch.py 1.0.4 flag, its output layout, and its own usage errors.

Expected scores are counted by hand on two small pairs:

* pair 1: test ``(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :polarity -))``, gold the
  same with ``go-01`` and no polarity. Instances 3 vs 3, 2 match (go-02 vs go-01); attributes
  TOP + polarity vs TOP, 1 match; relations 3 vs 3, all match. All: 6 of 8 test, 7 gold triples.
* pair 2: ``(c / cat)`` vs ``(d / dog)``: instances 0 of 1; TOP matches (1 of 1); no relations.
"""

from __future__ import annotations

import pytest

from amrmetrics.cli.main import main

TEST = """(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :polarity -))

(c / cat)
"""
GOLD = """(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))

(d / dog)
"""


@pytest.fixture()
def files(tmp_path):
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text(TEST, encoding="utf-8")
    gold.write_text(GOLD, encoding="utf-8")
    return str(test), str(gold)


def smatch(capsys, files, *flags: str) -> tuple[int, list[str], str]:
    code = main(["smatch", "-f", *files, *flags])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def prf_lines(matched: int, n_test: int, n_gold: int, digits: int = 2) -> list[str]:
    p, r = matched / n_test, matched / n_gold
    f = 2 * p * r / (p + r) if p + r else 0.0
    return [f"Precision: {p:.{digits}f}", f"Recall: {r:.{digits}f}", f"F-score: {f:.{digits}f}"]


def test_default_prints_the_corpus_f_score_only(capsys, files):
    code, out, err = smatch(capsys, files)
    assert code == 0 and err == ""
    assert out == prf_lines(6 + 1, 8 + 2, 7 + 2)[2:]


@pytest.mark.parametrize("digits", [0, 2, 5])
def test_pr_and_significant(capsys, files, digits):
    _, out, _ = smatch(capsys, files, "--pr", "--significant", str(digits))
    assert out == prf_lines(7, 10, 9, digits)


def test_ms_prints_one_score_per_pair_and_no_corpus_score(capsys, files):
    _, out, _ = smatch(capsys, files, "--ms", "--pr", "--significant", "4")
    assert out == prf_lines(6, 8, 7, 4) + prf_lines(1, 2, 2, 4)


@pytest.mark.parametrize(
    ("flag", "counts"),
    [("--justinstance", (2 + 0, 3 + 1, 3 + 1)), ("--justattribute", (1 + 1, 2 + 1, 1 + 1)), ("--justrelation", (3, 3, 3))],
)
def test_just_flags_align_and_count_one_kind_of_triple(capsys, files, flag, counts):
    _, out, _ = smatch(capsys, files, flag, "--pr", "--significant", "4")
    assert out == prf_lines(*counts, 4)


def test_justrelation_per_pair_scores_two_relation_free_graphs_zero(capsys, files):
    _, out, _ = smatch(capsys, files, "--justrelation", "--ms")
    assert out == ["F-score: 1.00", "F-score: 0.00"]  # no triple of the kind on either side earns nothing, as in smatch.py


def test_justinstance_alignment_differs_from_the_full_one(capsys, tmp_path):
    """Concepts alone favour a -> y, relations alone favour a -> x: each flag finds its own optimum."""
    test, gold = tmp_path / "t.amr", tmp_path / "g.amr"
    test.write_text("(a / p :ARG0 (b / q))\n", encoding="utf-8")
    gold.write_text("(x / r :ARG0 (y / p))\n", encoding="utf-8")
    files = (str(test), str(gold))
    assert smatch(capsys, files, "--justinstance", "--pr")[1] == prf_lines(1, 2, 2)
    assert smatch(capsys, files, "--justrelation", "--pr")[1] == prf_lines(1, 1, 1)
    assert smatch(capsys, files, "--justattribute", "--pr")[1] == prf_lines(1, 1, 1)


def test_r_and_hillclimb_solver_are_accepted(capsys, files):
    _, out, _ = smatch(capsys, files, "-r", "0", "--solver", "hillclimb", "--pr")
    assert out == prf_lines(7, 10, 9)


def test_v_traces_triples_and_alignment_on_stderr_only(capsys, files):
    code, out, err = smatch(capsys, files, "-v")
    assert code == 0 and out == prf_lines(7, 10, 9)[2:]
    assert err.startswith("AMR pair 1\n" + "=" * 44 + "\nInstance triples of AMR 1: 3\n")
    assert "Attribute triples of AMR 1: 2\n" in err and "Relation triples of AMR 2: 3\n" in err
    assert "best match number 6\n" in err
    assert "Best node mapping alignment: w(want-01)-w(want-01) b(boy)-b(boy) g(go-02)-g(go-01)\n" in err
    assert "AMR pair 2\n" in err and "Best node mapping alignment: c(cat)-d(dog)\n" in err
    assert err.endswith("total triple number in AMR 2:\n7 10 9\n" + "-" * 81 + "\n")
    assert "solver:" not in err


def test_vv_adds_the_solver_certificate(capsys, files):
    _, out, err = smatch(capsys, files, "--vv")
    assert out == prf_lines(7, 10, 9)[2:]
    assert err.count("solver: optimal, lower bound ") == 2
    assert "lower bound 6, upper bound 6," in err and "lower bound 1, upper bound 1," in err


def test_v_marks_unmapped_nodes_null(capsys, tmp_path):
    test, gold = tmp_path / "t.amr", tmp_path / "g.amr"
    test.write_text("(a / p :ARG0 (b / q))\n", encoding="utf-8")
    gold.write_text("(x / p)\n", encoding="utf-8")
    _, _, err = smatch(capsys, (str(test), str(gold)), "-v")
    assert "Best node mapping alignment: a(p)-x(p) b(q)-Null\n" in err


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--prr"], "unrecognized arguments: --prr"),
        (["--justinstance", "--justrelation"], "argument --justrelation: not allowed with argument --justinstance"),
        (["--significant", "-1"], "argument --significant: must be >= 0"),
        (["-r", "x"], "argument -r: invalid"),
        (["--std", "nope"], "argument --std: invalid choice"),
    ],
)
def test_usage_errors_are_one_line_naming_the_smatch_help(capsys, files, flags, message):
    assert main(["smatch", "-f", *files, *flags]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"amrmetrics: error: {message}") and err.endswith("; see 'amrmetrics smatch --help'\n")


def test_missing_f_names_the_smatch_help(capsys):
    assert main(["smatch", "--pr"]) == 2
    err = capsys.readouterr().err
    assert err == "amrmetrics: error: the following arguments are required: -f; see 'amrmetrics smatch --help'\n"
