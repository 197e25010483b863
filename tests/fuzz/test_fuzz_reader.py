"""Fuzz the reader with damaged copies of the shipped examples (issue 14).

The quick profile runs with the suite (a few seconds); ``AMRMETRICS_FUZZ_LONG=1`` runs the long
one (``bench/fuzz_reader.py`` runs the same properties from the command line).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import check_case
from reader_cases import SEEDS, Case, Damage, Side, corpus_cases

from amrmetrics.read import CorpusError, decode, pair_files

LONG = os.environ.get("AMRMETRICS_FUZZ_LONG") == "1"
settings.register_profile("reader-quick", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("reader-long", max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
PROFILE = settings.get_profile("reader-long" if LONG else "reader-quick")


@PROFILE
@given(corpus_cases())
def test_damaged_corpora_score_or_fail_located_and_never_shift(case):
    check_case(case)


@settings(PROFILE, max_examples=max(4, PROFILE.max_examples // 10))
@given(corpus_cases(max_graphs=3), st.sampled_from(["fail", "zero", "skip"]))
def test_damaged_corpora_through_the_command_line(case, policy):
    check_case(case, cli_policy=policy)


@settings(PROFILE, max_examples=3 if not LONG else 30)
@given(corpus_cases(max_graphs=4))
def test_damaged_corpora_with_two_worker_processes(case):
    check_case(case, cli_policy="zero", jobs=2)


def test_a_one_megabyte_token_is_read_and_scored():
    huge = "x" * (1 << 20)
    seeds = SEEDS[:2]
    test = Side([seeds[0].replace("want-01", huge), seeds[1]], {0: Damage("token", "1 MB")}, headers=["", ""])
    case = Case(seeds, test, Side(list(seeds), headers=["", ""]))
    check_case(case)
    assert decode(case.test.graphs[0]).instances[0] == ("w", huge)


@PROFILE
@given(st.lists(st.sampled_from(range(len(SEEDS))), min_size=2, max_size=5), st.randoms(use_true_random=False))
def test_pairing_by_id_pairs_shuffled_files_and_names_a_repeated_id(picks, rnd):
    order = list(range(len(picks)))
    rnd.shuffle(order)
    with tempfile.TemporaryDirectory() as folder:
        test, gold = Path(folder, "t.amr"), Path(folder, "g.amr")
        gold.write_text("".join(f"# ::id m{k}\n{SEEDS[p]}\n\n" for k, p in enumerate(picks)), encoding="utf-8")
        test.write_text("".join(f"# ::id m{k}\n{SEEDS[picks[k]]}\n\n" for k in order), encoding="utf-8")
        _, pairs = pair_files(test, gold, pair_by_id=True)
        assert [(p.test.id, p.gold.id, p.test.graph == p.gold.graph) for p in pairs] == [(f"m{k}", f"m{k}", True) for k in order]
        test.write_text("".join(f"# ::id m{k}\n{SEEDS[picks[k]]}\n\n" for k in [*order, order[0]]), encoding="utf-8")
        with pytest.raises(CorpusError, match=rf"id 'm{order[0]}' is used by graphs 1 and {len(order) + 1}"):
            pair_files(test, gold, pair_by_id=True)
