"""The corpus functions pass every run option on to the run: the caller's executor, the number of
jobs, progress, the error policy and the records (``score_corpora``, ``compare_corpora`` and
``run_entries``, which meta and perturb use). Found by the sixth mutation round: dropping any of
them left every other test passing."""

from __future__ import annotations

import pytest
from test_caller_executor import Concepts, InProcess, N, corpus

from amrmetrics.engine.corpus import (
    RunOptions,
    _read_facts,
    compare_corpora,
    run_entries,
    score_corpora,
)
from amrmetrics.engine.run import CorpusRun
from amrmetrics.read import pair_files
from amrmetrics.read.umr_corpus import UmrReading

CHUNKS = ["_run_chunk"] * 5  # N pairs in tasks of 32


def entries(tmp_path, bad: tuple[int, ...] = ()) -> list:
    corpus(tmp_path, bad)
    _, pairs = pair_files(tmp_path / "test.amr", tmp_path / "gold.amr")
    return [(pair.test, pair.gold) for pair in pairs]


def test_score_corpora_gives_the_pairs_to_the_caller_s_executor(tmp_path):
    corpus(tmp_path)
    executor = InProcess(width=1)
    result = score_corpora(str(tmp_path / "test.amr"), str(tmp_path / "gold.amr"), [Concepts()], RunOptions(executor=executor))
    assert executor.tasks == CHUNKS
    assert result.run.workers.elsewhere and result.run.pairs == N


def test_run_entries_gives_the_pairs_to_the_caller_s_executor_and_counts_progress(tmp_path):
    executor = InProcess(width=1)
    done: list[int] = []
    run = run_entries(entries(tmp_path), [Concepts()], RunOptions(executor=executor), progress=done.append)
    assert executor.tasks == CHUNKS
    assert sum(done) == N and run.pairs == N


def test_jobs_start_workers(tmp_path):
    """Start-up is declared free in the suite: two jobs asked for start workers on a corpus this size."""
    pairs = entries(tmp_path)
    assert score_corpora(str(tmp_path / "test.amr"), str(tmp_path / "gold.amr"), [Concepts()], RunOptions(jobs=2)).run.workers.elsewhere
    assert run_entries(pairs, [Concepts()], RunOptions(jobs=2)).workers.elsewhere
    assert not run_entries(pairs, [Concepts()], RunOptions(jobs=1)).workers.elsewhere


@pytest.mark.parametrize(("policy", "zeroed", "skipped"), [("zero", 1, 0), ("skip", 0, 1)])
def test_run_entries_applies_the_error_policy(tmp_path, policy, zeroed, skipped):
    run = run_entries(entries(tmp_path, bad=(3,)), [Concepts()], RunOptions(on_error=policy))
    assert (run.zeroed, run.skipped) == (zeroed, skipped)
    assert run.pairs == N - skipped


def test_compare_keeps_every_pair_s_record_unless_told(tmp_path):
    corpus(tmp_path)
    files = [str(tmp_path / name) for name in ("test.amr", "test.amr", "gold.amr")]
    compared = compare_corpora(*files, [Concepts()], RunOptions(bootstrap=10))
    assert [r.index for r in compared.run.records] == list(range(N))
    assert compare_corpora(*files, [Concepts()], RunOptions(bootstrap=10), keep_records=False).run.records == []


class _Paired(list):
    """Pairs as the UMR pairing gives them: a list that also says what reading found."""

    reading: UmrReading


@pytest.mark.parametrize("policy", ["zero", "skip"])
def test_sentences_handled_inside_documents_add_to_the_pairs_the_run_handled(policy):
    """The signature's ``on-error:skip(N)`` counts both: pairs the run left out (or zeroed) and the
    sentence pairs inside documents that reading already handled."""
    run = CorpusRun([Concepts()], on_error=policy, skipped=2 if policy == "skip" else 0, zeroed=2 if policy == "zero" else 0)
    pairs = _Paired()
    pairs.reading = UmrReading(affected=3)
    _read_facts(run, pairs)
    assert (run.zeroed, run.skipped) == ((5, 0) if policy == "zero" else (0, 5))
    assert run.reading is pairs.reading
