"""``amrmetrics fine PRED GOLD``: fine-grained Smatch (Damonte et al. 2017), one row per aspect."""

from __future__ import annotations

import argparse
from typing import Any

from amrmetrics.align.solve import SOLVERS
from amrmetrics.cli import common


def add_parser(subparsers: Any) -> None:
    """Register the ``fine`` subcommand (``score --metric smatch:fine`` with its own options)."""
    parser = subparsers.add_parser(
        "fine",
        help="fine-grained Smatch: Unlabeled, No WSD, Concepts, Named Entities, Negation, Wikification, Reentrancies, SRL",
        description=(
            "Fine-grained Smatch scores (Damonte, Cohen & Satta 2017), each a micro P/R/F with its counts. "
            "Graph aspects are counted under the certified optimal alignment of the full graphs, or with "
            "--realign under each aspect's own optimal alignment. Same as 'score --metric smatch:fine'."
        ),
    )
    parser.add_argument("test", help="test graphs (parser output), PENMAN")
    parser.add_argument("gold", help="gold graphs, PENMAN")
    group = parser.add_argument_group("metric")
    group.add_argument("--std", default="smatch", help="standardization preset (default smatch)")
    group.add_argument(
        "--realign",
        action="store_true",
        help="align each aspect's (sub)graphs on their own instead of reusing the full graphs' alignment",
    )
    group.add_argument("--solver", choices=list(SOLVERS), help="alignment solver (default exact)")
    group.add_argument("--timeout", type=float, metavar="SECONDS", help="work budget per pair for the exact solver, in seconds (reproducible; the wall clock stops a pair at twice it, status clock-limit)")
    group.add_argument("--restarts", type=int, metavar="N", help="hill-climbing restarts (solver=hillclimb)")
    common.add_reading_options(parser)
    common.add_run_options(parser)
    common.add_bootstrap_option(parser)
    common.add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Score with ``smatch:fine`` and print the aspect table; returns the exit status."""
    from amrmetrics.cli import score

    args.metric = [f"smatch:fine,std={args.std}"]
    args.default_metric = "smatch:fine"
    args.metric_defaults = {"realign": True} if args.realign else {}
    return score.run(args)
