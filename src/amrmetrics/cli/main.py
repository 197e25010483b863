"""The ``amrmetrics`` command: argument parsing only; every subcommand calls the library."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from amrmetrics.version import __version__

SUBCOMMANDS = (
    "amrmetrics.cli.score",
    "amrmetrics.cli.matrix",
    "amrmetrics.cli.smatch_compat",
    "amrmetrics.cli.compare",
    "amrmetrics.cli.fine",
    "amrmetrics.cli.meta",
    "amrmetrics.cli.bamboo",
    "amrmetrics.cli.probe",
    "amrmetrics.cli.metrics",
)
"""Modules that each register one subcommand with ``add_parser(subparsers)``."""


def _modules_for(command: str) -> list[str]:
    """The subcommand modules named like ``command`` (``smatch`` -> ``smatch_compat``)."""
    return [m for m in SUBCOMMANDS if (m.rsplit(".", 1)[1] + "_").startswith(command.replace("-", "_") + "_")]


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The full argument parser, or (``command`` given) one holding just that subcommand.

    Importing only the module of the command in use keeps start-up short; a command that no
    module named like it registers gets the full parser (so its error lists every command).
    """
    if command is not None:
        parser, registered = _parser(_modules_for(command))
        if command in registered:
            return parser
    return _parser(SUBCOMMANDS)[0]


def _parser(modules: Sequence[str]) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The top-level parser with the subcommands of ``modules``, and those subcommands by name."""
    parser = argparse.ArgumentParser(
        prog="amrmetrics",
        description="Exact, fast, deterministic metrics for AMR and other PENMAN graphs.",
    )
    parser.add_argument("--version", action="version", version=f"amrmetrics {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for module in modules:
        importlib.import_module(module).add_parser(subparsers)
    return parser, subparsers.choices


def _subcommand(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of subcommand ``name`` inside the top-level ``parser``."""
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[name]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status (0 ok, 1 data error, 2 usage error)."""
    from amrmetrics.cli.checks import check_options
    from amrmetrics.errors import AmrMetricsError, exit_status, message

    argv = sys.argv[1:] if argv is None else list(argv)
    command = argv[0] if argv and not argv[0].startswith("-") else None
    parser = build_parser(command)
    args, extras = parser.parse_known_args(argv)
    if extras:  # argparse leaves a subcommand's unknown arguments to the top level: show the subcommand's usage
        _subcommand(parser, args.command).error(f"unrecognized arguments: {' '.join(extras)}")
    try:
        check_options(args)
        return int(args.handler(args) or 0)
    except BrokenPipeError:  # before OSError, of which it is a subclass: `... | head` is not an error
        return 0
    except (AmrMetricsError, OSError, ValueError) as err:
        print(f"amrmetrics: error: {message(err)}", file=sys.stderr)
        return exit_status(err)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
