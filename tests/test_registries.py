"""Every lookup by name goes through one lazy registry, and every registry's entries load and agree with their names."""

from __future__ import annotations

import argparse
import typing

import pytest

from amrmetrics.align.solve import SOLVERS, SolverName, make_solver
from amrmetrics.cli.main import SUBCOMMANDS
from amrmetrics.embed.backends import EMBEDDERS
from amrmetrics.errors import UsageError
from amrmetrics.metrics.registry import METRICS, MetricSpecError
from amrmetrics.registry import Registry
from amrmetrics.standardize import PRESETS, STEPS
from amrmetrics.translate import BACKENDS


def test_an_entry_is_imported_once_and_an_unknown_name_lists_the_known_ones() -> None:
    registry = Registry("thing", {"join": "os.path:join"})
    assert registry["join"] is registry["join"] and registry.target("join") == "os.path:join"
    with pytest.raises(UsageError, match="unknown thing 'split'; known: join"):
        registry["split"]
    registry["join"] = "posixpath:dirname"
    assert registry["join"].__name__ == "dirname"


def test_metric_names_are_the_classes_names() -> None:
    for name in METRICS:
        assert METRICS[name].name == name
    with pytest.raises(MetricSpecError):
        METRICS["no-such-metric"]


def test_presets_and_steps_load_and_agree() -> None:
    for name in PRESETS:
        preset = PRESETS[name]
        assert preset.name == name and all(callable(STEPS[s]) for s in preset.steps)
    assert all(callable(STEPS[name]) for name in STEPS)


def test_solver_names_are_one_list() -> None:
    assert set(typing.get_args(SolverName)) == set(SOLVERS)
    assert {type(make_solver(name)).__name__ for name in SOLVERS} == {"ExactSolver", "HillClimbSolver"}


def test_backends_load() -> None:
    assert all(callable(BACKENDS[name]) for name in BACKENDS)
    assert callable(EMBEDDERS["st"])


def test_each_command_registers_the_name_it_is_listed_under() -> None:
    for name in SUBCOMMANDS:
        subparsers = argparse.ArgumentParser().add_subparsers()
        SUBCOMMANDS[name](subparsers)
        assert list(subparsers.choices) == [name]
