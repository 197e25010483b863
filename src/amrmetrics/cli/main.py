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
)
"""Modules that each register one subcommand with ``add_parser(subparsers)``."""


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser."""
    parser = argparse.ArgumentParser(
        prog="amrmetrics",
        description="Exact, fast, deterministic metrics for AMR and other PENMAN graphs.",
    )
    parser.add_argument("--version", action="version", version=f"amrmetrics {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for module in SUBCOMMANDS:
        importlib.import_module(module).add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    from amrmetrics.metrics.registry import MetricSpecError
    from amrmetrics.read import CorpusError, GraphError
    from amrmetrics.run import MetricError

    args = build_parser().parse_args(argv)
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
