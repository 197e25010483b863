"""The ``amrmetrics`` command: argument parsing only; every subcommand calls the library."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from amrmetrics import __version__

SUBCOMMANDS = (
    "amrmetrics.cli.score",
    "amrmetrics.cli.matrix",
    "amrmetrics.cli.smatch_compat",
    "amrmetrics.cli.compare",
    "amrmetrics.cli.fine",
    "amrmetrics.cli.meta",
    "amrmetrics.cli.bamboo",
    "amrmetrics.cli.probe",
    "amrmetrics.cli.perturb",
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


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    from amrmetrics.metrics.registry import MetricSpecError
    from amrmetrics.read import CorpusError, GraphError
    from amrmetrics.run import MetricError

    argv = sys.argv[1:] if argv is None else list(argv)
    command = argv[0] if argv and not argv[0].startswith("-") else None
    args = build_parser(command).parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except BrokenPipeError:  # before OSError, of which it is a subclass: `... | head` is not an error
        return 0
    except CorpusError as err:
        print(f"amrmetrics: error: {err}", file=sys.stderr)
        return 1
    except (MetricSpecError, GraphError, MetricError, OSError, ValueError) as err:
        print(f"amrmetrics: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
