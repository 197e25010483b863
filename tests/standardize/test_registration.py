"""Registering steps and presets, and building the dereification table: these run when the package
is imported, so their checks are exercised here on fresh registrations."""

from __future__ import annotations

import pytest

from amrmetrics.standardize import STEPS, get_preset, presets, steps
from amrmetrics.standardize.presets import Preset, register
from amrmetrics.standardize.reify import REIFICATIONS, dereification_table


def test_a_step_is_registered_once_under_its_name(monkeypatch):
    monkeypatch.setattr(steps, "STEPS", dict(STEPS))

    def identity(graph):
        return graph

    assert steps.step("identity-for-test")(identity) is identity
    assert steps.STEPS["identity-for-test"] is identity
    with pytest.raises(ValueError, match=r"^standardization step 'lowercase' registered twice$"):
        steps.step("lowercase")(identity)


def test_a_preset_names_only_known_steps():
    with pytest.raises(ValueError, match=r"^preset 'bad' names unknown steps: nope, nada$"):
        Preset("bad", ("lowercase", "nope", "nada"), "")
    assert Preset("good", ("lowercase", "dedup"), "").steps == ("lowercase", "dedup")


def test_a_preset_is_registered_once_under_its_name(monkeypatch):
    monkeypatch.setattr(presets, "PRESETS", dict(presets.PRESETS))
    extra = Preset("extra-for-test", ("lowercase",), "")
    assert register(extra) is extra and presets.PRESETS["extra-for-test"] is extra
    with pytest.raises(ValueError, match=r"^preset 'smatch' registered twice$"):
        register(Preset("smatch", ("lowercase",), ""))


def test_unknown_preset_lists_the_known_ones():
    with pytest.raises(ValueError) as err:
        get_preset("nope")
    assert str(err.value).startswith("unknown standardization preset 'nope'; known: smatch, smatch-classic, ")


def test_the_dereification_table_keeps_each_row_s_concepts():
    table = dereification_table(primary_only=False)
    assert table["have-03"].concepts == ("own-01", "have-03") == table["own-01"].concepts
    assert table["be-located-at-91"].role == ":location" and table["be-located-at-91"].concepts == ("be-located-at-91",)
    assert all(table[row.concepts[0]].concepts == row.concepts for row in REIFICATIONS)
