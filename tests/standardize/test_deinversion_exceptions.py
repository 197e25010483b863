"""``:consist-of``, ``:prep-out-of`` and ``:prep-on-behalf-of`` end in ``-of`` but are not inverted
roles (AMR guidelines; smatch 1.0.4's list): every reading of roles that de-inverts must keep them,
while ``:ARG0-of`` and friends are turned round. Expected triples and counts are written by hand."""

from __future__ import annotations

import pytest

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import decode
from amrmetrics.standardize import DEINVERSION_EXCEPTIONS, STEPS, get_preset, is_inverted

EXCEPTIONS = (":consist-of", ":prep-out-of", ":prep-on-behalf-of")


def stats(spec: str, test: str, gold: str) -> tuple[float, ...]:
    metric = parse_metrics(spec)[0]
    return tuple(metric.pair(metric.prepare(decode(test)), metric.prepare(decode(gold))).stats)


def test_the_exception_list_is_the_three_amr_roles():
    assert DEINVERSION_EXCEPTIONS == frozenset(EXCEPTIONS)


@pytest.mark.parametrize("role", EXCEPTIONS)
def test_an_exception_is_not_inverted_in_any_case(role):
    assert not is_inverted(role) and not is_inverted(role.upper())


@pytest.mark.parametrize("role", [":ARG0-of", ":arg1-OF", ":part-of", ":mod-of", ":consist-of-of", ":prep-of"])
def test_other_of_roles_are_inverted(role):
    assert is_inverted(role)


@pytest.mark.parametrize("role", [":ARG0", ":consist", ":of", ":prep-out"])
def test_roles_without_of_are_not_inverted(role):
    assert not is_inverted(role)


@pytest.mark.parametrize("role", EXCEPTIONS)
def test_deinvert_step_keeps_the_exceptions_and_turns_the_others(role):
    graph = decode(f"(t / team {role} (p / player) :ARG0-of (w / win-01))")
    assert STEPS["deinvert"](graph).relations == (("t", role, "p"), ("w", ":ARG0", "t"))


@pytest.mark.parametrize("preset", ["smatch", "smatch-classic"])
@pytest.mark.parametrize("role", EXCEPTIONS)
def test_smatch_presets_keep_the_exceptions(preset, role):
    graph = get_preset(preset)(decode(f"(t / team {role} (p / player) :ARG0-of (w / win-01))"))
    assert ("t", role, "p") in graph.relations and ("w", ":arg0", "t") in {(s, r.lower(), o) for s, r, o in graph.relations}
    assert not any(r.lower() == role[:-3] for _, r, _ in graph.relations)


@pytest.mark.parametrize("role", EXCEPTIONS)
def test_smatch_does_not_match_an_exception_with_its_stem_turned_round(role):
    # 2 instances + TOP + 1 relation on each side; the relations differ, everything else matches
    assert stats("smatch", f"(t / team {role} (p / player))", f"(p / player {role[:-3]} (t / team))")[:3] == (2.0, 4.0, 4.0)
    assert stats("smatch", f"(t / team {role} (p / player))", f"(t / team {role} (p / player))")[:3] == (4.0, 4.0, 4.0)
    # while an inverted role does equal its stem turned round (3 of 4, the roots differ)
    assert stats("smatch", "(t / team :ARG0-of (p / player))", "(p / player :ARG0 (t / team))")[:3] == (3.0, 4.0, 4.0)


@pytest.mark.parametrize("role", EXCEPTIONS)
def test_sema_and_simple_keep_the_exceptions(role):
    # SEMA: roots differ and (team, role, player) is not (player, stem, team): nothing matches
    assert stats("sema", f"(t / team {role} (p / player))", f"(p / player {role[:-3]} (t / team))")[:3] == (0.0, 3.0, 3.0)
    assert stats("sema", f"(t / team {role} (p / player))", f"(t / team {role} (p / player))")[:3] == (3.0, 3.0, 3.0)
    # SIMPLE: {team, player, role} against {team, player, stem}
    assert stats("simple", f"(t / team {role} (p / player))", f"(p / player {role[:-3]} (t / team))") == (2.0, 4.0)
    assert stats("simple", "(t / team :ARG0-of (p / player))", "(p / player :ARG0 (t / team))") == (3.0, 3.0)
