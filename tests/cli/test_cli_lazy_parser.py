"""The start-up parser that holds only the command in use behaves like the full parser."""

from __future__ import annotations

import argparse

import pytest

from amrmetrics.cli.main import SUBCOMMANDS, build_parser, main


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices


FULL = _commands(build_parser())


def test_every_module_registers_a_command_found_by_its_name() -> None:
    assert len(FULL) == len(SUBCOMMANDS)
    for name in FULL:
        assert list(_commands(build_parser(name))) == [name]


@pytest.mark.parametrize("name", sorted(FULL))
def test_single_command_parser_has_the_same_help(name: str) -> None:
    assert _commands(build_parser(name))[name].format_help() == FULL[name].format_help()


def test_unknown_command_gets_the_full_parser(capsys) -> None:
    assert list(_commands(build_parser("no-such-command"))) == list(FULL)
    assert main(["no-such-command"]) == 2
    err = capsys.readouterr().err
    assert "unknown command 'no-such-command'" in err and all(name in err for name in FULL)
