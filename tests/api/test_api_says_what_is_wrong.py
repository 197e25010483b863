"""The Python API says what is wrong in Python's terms: an unknown keyword argument is a TypeError
naming it (with the closest valid one), a mistyped score attribute names the scores, and error
messages name settings as keyword arguments (``on_error="zero"``), never as command-line options."""

from __future__ import annotations

import copy
import json
import pickle
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES
from hypothesis import given
from hypothesis import strategies as st

import amrmetrics
from amrmetrics.cli.main import main
from amrmetrics.errors import UsageError, message, option, spoken
from amrmetrics.read import CorpusError

PAIR = ("(w / want-01 :ARG0 (b / boy))", "(w / want-01 :ARG0 (g / girl))")
TESTS, GOLDS = [PAIR[0], "(c / cat)"], [PAIR[1], "(d / dog)"]
PRED, GOLD = EXAMPLES / "pred.amr", EXAMPLES / "gold.amr"

TYPOS: list[tuple[str, Callable[[], Any], str, str | None]] = [
    ("Scorer", lambda: amrmetrics.Scorer("smatch", stdd="smatchpp"), "stdd", "std"),
    ("Scorer", lambda: amrmetrics.Scorer("smatch", on_eror="zero"), "on_eror", "on_error"),
    ("score_corpus", lambda: amrmetrics.score_corpus(TESTS, GOLDS, bootstrapp=1000), "bootstrapp", "bootstrap"),
    ("score", lambda: amrmetrics.score(TESTS, GOLDS, "smatch", tmeout=5), "tmeout", "timeout"),
    ("score", lambda: amrmetrics.score(*PAIR, "sembleu", nn=2), "nn", "n"),
    ("smatch", lambda: amrmetrics.smatch(TESTS, GOLDS, job=2), "job", "jobs"),
    ("smatch", lambda: amrmetrics.smatch(*PAIR, restart=2), "restart", "restarts"),
    ("compare", lambda: amrmetrics.compare(TESTS, GOLDS, GOLDS, trails=10), "trails", "trials"),
    ("explain", lambda: amrmetrics.explain(TESTS, GOLDS, fien=False), "fien", "fine"),
    ("matrix", lambda: amrmetrics.matrix(TESTS, "wlk", kk=3), "kk", "k"),
]


@pytest.mark.parametrize(("caller", "call", "typo", "meant"), TYPOS, ids=[f"{t[0]}-{t[2]}" for t in TYPOS])
def test_an_unknown_keyword_is_a_type_error_naming_it_and_the_valid_ones(caller, call, typo, meant) -> None:
    with pytest.raises(TypeError) as raised:
        call()
    said = str(raised.value)
    assert said.startswith(f"{caller}() got an unexpected keyword argument {typo!r}")
    assert f"(did you mean {meant!r}?)" in said and "; valid: " in said
    assert re.search(rf"\b{meant}\b", said.partition("; valid: ")[2])


def test_every_unknown_keyword_is_named_at_once() -> None:
    with pytest.raises(TypeError, match=r"unexpected keyword arguments 'stdd' \(did you mean 'std'\?\), 'on_eror' \(did you mean 'on_error'\?\)"):
        amrmetrics.Scorer("smatch", stdd="smatchpp", on_eror="zero")


def test_an_option_is_valid_when_one_metric_of_the_call_has_it_and_sets_only_that_one() -> None:
    scored = amrmetrics.score(*PAIR, "smatch,sembleu", timeout=30, n=2)
    assert set(scored) == {"smatch:timeout=30", "sembleu:n=2"}
    with pytest.raises(TypeError, match=r"score\(\) got an unexpected keyword argument 'timeout'; valid: cache; the parameters of sembleu: n, "):
        amrmetrics.score(*PAIR, "sembleu", timeout=30)


def test_options_reach_smatch_on_pairs_and_corpora() -> None:
    legacy = amrmetrics.smatch(TESTS, GOLDS, solver="hillclimb", restarts=1, seed=3)
    assert "restarts:1|seed:3" in legacy.signature


def test_a_corpus_keyword_on_one_pair_says_so() -> None:
    with pytest.raises(TypeError, match=r"smatch\(\) got keyword argument 'jobs', for corpora only"):
        amrmetrics.smatch(*PAIR, jobs=2)
    with pytest.raises(TypeError, match=r"score\(\) got keyword arguments 'on_error', 'bootstrap', for corpora only"):
        amrmetrics.score(*PAIR, "smatch", on_error="zero", bootstrap=100)


def test_a_mistyped_score_attribute_names_the_scores() -> None:
    pair = amrmetrics.smatch(*PAIR)
    with pytest.raises(AttributeError, match=r"smatch has no score 'f' \(did you mean 'F'\?\); its scores: P, R, F"):
        pair.f  # noqa: B018
    with pytest.raises(AttributeError, match=r"wlk has no score 'scroe' \(did you mean 'score'\?\); its scores: score"):
        amrmetrics.score(*PAIR, "wlk").scroe  # noqa: B018
    assert not hasattr(pair, "G") and pair.F == pair.scores["F"]
    assert pickle.loads(pickle.dumps(pair)) == pair == copy.deepcopy(pair)


def _bad_corpus(tmp_path: Path) -> str:
    bad = tmp_path / "bad.amr"
    bad.write_text("(a / alpha\n\n(b / beta)\n", encoding="utf-8")
    return str(bad)


def test_api_errors_name_keyword_arguments_and_the_command_line_its_options(tmp_path: Path, capsys) -> None:
    bad, short = _bad_corpus(tmp_path), tmp_path / "short.amr"
    short.write_text("(a / alpha)\n", encoding="utf-8")
    cases = [
        (lambda: amrmetrics.score_corpus(Path(bad), Path(bad)), ["score", bad, bad], 'on_error="zero"', "--on-error zero"),
        (lambda: amrmetrics.score_corpus(short, GOLD), ["score", str(short), str(GOLD)], "pair_by_id=True", "--pair-by-id"),
        (lambda: amrmetrics.score_corpus(short, GOLD, pair_by_id=True), ["score", str(short), str(GOLD), "--pair-by-id"],
         "pair_by_id=True", "--pair-by-id"),
        (lambda: amrmetrics.score_corpus(PRED, GOLD, scheduler="tcp://127.0.0.1:1"),
         ["score", str(PRED), str(GOLD), "--scheduler", "tcp://127.0.0.1:1"], 'executor="dask"', "--executor dask"),
    ]
    for call, argv, python, cli in cases:
        with pytest.raises((CorpusError, UsageError)) as raised:
            call()
        assert python in str(raised.value) and "--" not in str(raised.value), str(raised.value)
        assert main([*argv, "--no-progress"]) in (1, 2)
        err = capsys.readouterr().err
        assert cli in err and python not in err, err


identifiers = st.from_regex(r"[a-z][a-z_]{0,12}", fullmatch=True)
texts = st.text(st.characters(blacklist_characters="\x1d\x1e\x1f"))
"""Message text: anything but the three control characters that delimit a setting."""


@given(before=texts, name=identifiers, value=st.one_of(st.just(True), st.integers(), identifiers), after=texts)
def test_a_setting_is_written_for_each_caller_and_nothing_else_changes(before, name, value, after) -> None:
    text = f"{before}{option(name, value)}{after}"
    flag = "--" + name.replace("_", "-")
    python = f"{name}=True" if value is True else f'{name}="{value}"' if isinstance(value, str) else f"{name}={value}"
    cli = flag if value is True else f"{flag} {value}"
    assert spoken(text, cli=False) == str(UsageError(text)) == before + python + after
    assert spoken(text, cli=True) == message(UsageError(text)) == before + cli + after


def test_a_setting_whose_option_has_another_name() -> None:
    text = f"use {option('fmt', metavar='FORMAT', flag='--labels-format')}"
    assert (spoken(text, cli=False), spoken(text, cli=True)) == ("use fmt=FORMAT", "use --labels-format FORMAT")


@pytest.mark.parametrize("seed", [7, 2024])
def test_compare_seeds_its_metrics_as_the_command_line_does(seed, capsys):
    """``compare(seed=s)`` seeds a hill-climbing metric as ``amrmetrics compare --seed s`` does: the
    same metrics (their specs name the seed) for the same settings, from Python and the command line."""
    spec = "smatch:solver=hillclimb"
    from_python = set(amrmetrics.compare(PRED, PRED, GOLD, spec, seed=seed, resamples=0))
    assert main(["compare", str(PRED), str(PRED), str(GOLD), "-m", spec, "--seed", str(seed), "--format", "json"]) == 0
    from_cli = {m["metric"] for m in json.loads(capsys.readouterr().out)["metrics"]}
    assert from_python == from_cli and all(f"seed={seed}" in name for name in from_python)
