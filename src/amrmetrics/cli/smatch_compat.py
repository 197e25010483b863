"""``amrmetrics smatch -f TEST GOLD``: smatch.py's command line and output, computed exactly."""

from __future__ import annotations

import argparse
from typing import Any

from amrmetrics.cli import common
from amrmetrics.metrics.base import prf


def add_parser(subparsers: Any) -> None:
    """Register the ``smatch`` subcommand (smatch 1.0.4's flags and output layout)."""
    parser = subparsers.add_parser(
        "smatch",
        help="drop-in for smatch.py: same flags and output, exact alignment",
        description=(
            "smatch.py's interface. Scores are exact (certified optimal alignment) with the 'smatch' "
            "preset (deduplicated, parser bugs fixed); -r only matters with --solver hillclimb."
        ),
    )
    parser.add_argument("-f", nargs=2, required=True, metavar=("TEST", "GOLD"), help="test file and gold file")
    parser.add_argument("-r", type=int, default=4, help="hill-climbing restarts (only with --solver hillclimb)")
    parser.add_argument("--significant", type=int, default=2, help="decimals to print (default 2)")
    parser.add_argument("--ms", action="store_true", help="one score per pair instead of the corpus score")
    parser.add_argument("--pr", action="store_true", help="also print precision and recall")
    parser.add_argument("--std", default="smatch", help="standardization preset (default smatch)")
    parser.add_argument("--solver", choices=("exact", "hillclimb"), default="exact", help="alignment solver")
    parser.add_argument("--timeout", type=float, metavar="SECONDS", help="time limit per pair (exact solver)")
    common.add_reading_options(parser)
    common.add_run_options(parser)
    parser.set_defaults(handler=run)


def _print(p: float, r: float, f: float, args: argparse.Namespace) -> None:
    fmt = f"%.{args.significant}f"
    if args.pr:
        print("Precision: " + fmt % p)
        print("Recall: " + fmt % r)
    print("F-score: " + fmt % f)


def run(args: argparse.Namespace) -> int:
    """Score like smatch.py and print its layout."""
    args.metric = [f"smatch:std={args.std}"]
    args.default_metric = "smatch"
    args.restarts = args.r
    test, gold = args.f
    result = common.score_files(test, gold, common.metrics_from_args(args), args)
    common.warn_errors(result)
    stats = result.stats(0)
    if args.ms:
        for row in stats:
            scores = prf(row[0], row[1], row[2])
            _print(float(scores["P"]), float(scores["R"]), float(scores["F"]), args)
    else:
        pooled = stats.sum(axis=0) if len(stats) else [0.0, 0.0, 0.0]
        scores = prf(pooled[0], pooled[1], pooled[2])
        _print(float(scores["P"]), float(scores["R"]), float(scores["F"]), args)
    return 0
