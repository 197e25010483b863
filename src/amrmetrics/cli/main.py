"""The ``amrmetrics`` command: argument parsing only; every subcommand calls the library."""

from __future__ import annotations

import _signal  # the C module the interpreter loads at start-up: `signal` would add ~1 ms of enum building
import argparse
import gc
import os
import sys
import threading
from collections.abc import Iterator, MutableMapping, Sequence
from contextlib import contextmanager
from typing import NoReturn

from amrmetrics._native import describe
from amrmetrics.registry import Registry
from amrmetrics.version import __version__

SUBCOMMANDS = Registry(
    "command",
    {
        "score": "amrmetrics.cli.score:add_parser",
        "matrix": "amrmetrics.cli.matrix:add_parser",
        "smatch": "amrmetrics.cli.smatch_compat:add_parser",
        "compare": "amrmetrics.cli.compare:add_parser",
        "explain": "amrmetrics.cli.explain:add_parser",
        "fine": "amrmetrics.cli.fine:add_parser",
        "meta": "amrmetrics.cli.meta:add_parser",
        "bamboo": "amrmetrics.cli.bamboo:add_parser",
        "probe": "amrmetrics.cli.probe:add_parser",
        "perturb": "amrmetrics.cli.perturb:add_parser",
        "metrics": "amrmetrics.cli.metrics:add_parser",
        "documents": "amrmetrics.cli.documents:add_parser",
    },
)
"""Every subcommand: its name and the ``add_parser(subparsers)`` that registers it (one line per command)."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, whose mistakes (a bad value, a missing or unknown argument) are a
    :class:`~amrmetrics.errors.UsageError` reported as one line like every other error, naming the
    command's ``--help`` instead of printing its usage. Subcommands' parsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        from amrmetrics.errors import UsageError

        raise UsageError(f"{message}; see '{self.prog} --help'")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The full argument parser, or (``command`` given and known) one holding just that subcommand.

    Importing only the module of the command in use keeps start-up short; an unknown command gets
    the full parser (so its error lists every command).
    """
    return _parser([command] if command in SUBCOMMANDS else list(SUBCOMMANDS))


def _parser(commands: Sequence[str]) -> argparse.ArgumentParser:
    """The top-level parser with ``commands``."""
    parser = ArgumentParser(
        prog="amrmetrics",
        description="Exact, fast, deterministic metrics for AMR and other PENMAN graphs.",
    )
    parser.add_argument("--version", action="version", version=f"amrmetrics {__version__} ({describe()})")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for command in commands:
        SUBCOMMANDS[command](subparsers)
    return parser


def _subcommand(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of subcommand ``name`` inside the top-level ``parser``."""
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[name]


YOUNG_COLLECTION = 20_000
"""Allocations between two collections of the youngest generation while a command runs (Python's default is 700)."""


@contextmanager
def _few_collections() -> Iterator[None]:
    """Collect garbage less often while a command runs, then restore the collector.

    A run builds many small long-lived objects (graphs, motif sets, records) and little cyclic
    garbage, so the default collector spends its time re-scanning survivors: about a tenth of a
    rematch run on 1501 pairs. What exists before the command (modules, the parser) is frozen out of
    the scans, and the youngest generation is collected every :data:`YOUNG_COLLECTION` allocations.
    """
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread: a terminated command unwinds as an interrupted one does
    (worker processes ended, temporary files removed), then exits with :data:`TERMINATED`."""


INTERRUPTED, TERMINATED = 128 + 2, 128 + 15
"""Exit statuses after SIGINT (Ctrl-C) and SIGTERM, as a shell reports a command those signals end."""


def _terminate(signum: int, frame: object) -> None:
    _signal.signal(_signal.SIGTERM, _signal.SIG_IGN)  # a second SIGTERM must not cut the clean-up short
    raise Terminated


@contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """While a command runs, SIGTERM raises :class:`Terminated` (in the main thread, where signals arrive)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = _signal.signal(_signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        _signal.signal(_signal.SIGTERM, previous)


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    """The parsed command line; a mistake in it is a UsageError (an unknown command names the closest)."""
    command = argv[0] if argv and not argv[0].startswith("-") else None
    if command is not None and command not in SUBCOMMANDS:
        from amrmetrics.errors import UsageError

        raise UsageError(f"{SUBCOMMANDS.unknown(command)}; see 'amrmetrics --help'")
    parser = build_parser(command)
    args, extras = parser.parse_known_args(argv)
    if extras:  # argparse leaves a subcommand's unknown arguments to the top level: name the subcommand's help
        _subcommand(parser, args.command).error(f"unrecognized arguments: {' '.join(extras)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status (0 ok, 1 data error, 2 usage error,
    130 interrupted, 143 terminated)."""
    from amrmetrics.cli.checks import check_options
    from amrmetrics.errors import AmrMetricsError, exit_status, message

    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = _parse(argv)
        check_options(args)
        with _sigterm_as_interrupt(), _few_collections():
            return int(args.handler(args) or 0)
    except BrokenPipeError:  # before OSError, of which it is a subclass: `... | head` is not an error
        return 0
    except (AmrMetricsError, OSError, ValueError) as err:
        print(f"amrmetrics: error: {message(err)}", file=sys.stderr)
        return exit_status(err)
    except KeyboardInterrupt as err:
        return TERMINATED if isinstance(err, Terminated) else INTERRUPTED


def run() -> NoReturn:
    """The console script and ``python -m amrmetrics``: :func:`quiet_blas`, :func:`main`, then exit without
    a last collection.

    Python's shutdown collects every object still alive, the run's graphs and records included:
    about 23 ms after a rematch run of 1501 pairs, only to hand memory back that the OS reclaims
    anyway. Frozen objects are out of that collection's reach; files are closed by the commands
    themselves and standard streams are flushed at exit as always. :func:`main` itself leaves the
    collector as it found it, so in-process callers are unaffected.
    """
    quiet_blas()
    status = main()
    gc.freeze()
    sys.exit(status)


BLAS_THREADS = "OPENBLAS_NUM_THREADS"


def quiet_blas(environ: MutableMapping[str, str] = os.environ) -> None:
    """One OpenBLAS thread for the command line (and its worker processes), unless the user chose otherwise.

    numpy's OpenBLAS starts a thread per core when it loads, and each spins on its core for about a
    tenth of a second before it sleeps: 0.12 CPU-s of a 0.4 s run on two cores, more on bigger machines,
    for matrix products the metrics never make large (parallel work is ``--jobs``' processes). Set
    before numpy loads: ``import amrmetrics`` and this module do not load it.
    """
    environ.setdefault(BLAS_THREADS, "1")


if __name__ == "__main__":
    run()
