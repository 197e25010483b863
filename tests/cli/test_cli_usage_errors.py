"""Bad option values are refused with one line on stderr and exit status 2, before anything is read."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES

from amrmetrics.cli.checks import is_language_code
from amrmetrics.cli.main import main

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")


def refused(capsys, *argv: str) -> str:
    """Run the command; it must exit 2 with exactly one ``amrmetrics: error:`` line and no output."""
    code = main([*argv, "--no-progress"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("amrmetrics: error: ")
    return err


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["-m", ""], "--metric '' names no metric"),
        (["-m", " , "], "--metric ' , ' names no metric"),
        (["--jobs", "0"], "--jobs must be at least 1, not 0"),
        (["-j", "-3"], "--jobs must be at least 1, not -3"),
        (["--bootstrap", "0"], "--bootstrap must be at least 1, not 0"),
        (["--digits", "-2"], "--digits must be at least 0, not -2"),
        (["-m", "smatch,sembleu,smatch"], "metric 'smatch' is given twice"),
        (["-m", "smatch", "-m", "smatch:std=smatch"], "metric 'smatch' is given twice"),
        (["-m", "sembleu:n=2,sembleu:n=2"], "metric 'sembleu:n=2' is given twice"),
        (["-m", "xsmatch"], "xsmatch needs the language of the non-English side: --source-lang LANG"),
        (["-m", "smatch,xs2match"], "xs2match needs the language of the non-English side"),
        (["-m", "xsembleu", "--source-lang", "qq"], "xsembleu: source language 'qq' (--source-lang) is not a known ISO 639 code"),
        (["-m", "xsmatch:source_lang=spanish"], "xsmatch: source language 'spanish'"),
    ],
)
def test_score_refuses(capsys, options: list[str], says: str) -> None:
    assert says in refused(capsys, "score", PRED, GOLD, *options)


def test_every_command_checks_jobs_and_digits(capsys) -> None:
    assert "--jobs" in refused(capsys, "smatch", "-f", PRED, GOLD, "--jobs", "0")
    assert "--jobs" in refused(capsys, "compare", PRED, PRED, GOLD, "-j", "0")
    assert "--digits" in refused(capsys, "fine", PRED, GOLD, "--digits", "-1")
    assert "--bootstrap" in refused(capsys, "compare", PRED, PRED, GOLD, "--bootstrap", "0")
    assert "--resamples" in refused(capsys, "meta", "similarity", "--a", PRED, "--b", GOLD, "--human", GOLD, "--resamples", "0")
    assert "--column must be at least 0, not -1" in refused(
        capsys, "meta", "similarity", "--a", PRED, "--b", GOLD, "--human", GOLD, "--column", "-1"
    )
    assert "--runs" in refused(capsys, "probe", PRED, GOLD, "--runs", "0")


def test_matrix_json_needs_an_output_file(capsys) -> None:
    assert "--format json needs -o FILE" in refused(capsys, "matrix", GOLD, "--format", "json")


def test_probe_refuses_unknown_principles(capsys) -> None:
    assert "--principles 'symmetry,beauty': choose from symmetry," in refused(
        capsys, "probe", PRED, GOLD, "--principles", "symmetry,beauty"
    )


def test_a_known_source_language_is_accepted(capsys) -> None:
    code = main(["score", PRED, GOLD, "-m", "xsmatch", "--source-lang", "zh-TW", "--format", "json", "--no-progress"])
    assert code == 0 and '"signature": "xsmatch|' in capsys.readouterr().out


@pytest.mark.parametrize("code", ["es", "de", "zh", "fa", "ko", "pt_BR", "ZH-tw", "yue"])
def test_language_codes_of_cross_lingual_amr_data_are_known(code: str) -> None:
    assert is_language_code(code)


@pytest.mark.parametrize("code", ["", "xx", "spanish", "e", "C", "utf-8"])
def test_other_strings_are_not_language_codes(code: str) -> None:
    assert not is_language_code(code)
