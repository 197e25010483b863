"""``amrmetrics bamboo DIR``: the BAMBOO benchmark's 12-column table for every metric."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from amrmetrics.cli import common
from amrmetrics.cli.meta import add_meta_output, add_meta_reading
from amrmetrics.version import __version__


def add_parser(subparsers: Any) -> None:
    """Register the ``bamboo`` subcommand."""
    parser = subparsers.add_parser(
        "bamboo",
        help="run the BAMBOO similarity benchmark (12 columns + arithmetic mean)",
        description=(
            "Run every metric on a BAMBOO directory (<task>/<subset>/src|tgt.<split>.amr, <task>/orig.<split>.txt) "
            "and print Pearson x100 (main, reify, syno) and role-confusion accuracy x100, as the benchmark defines them."
        ),
    )
    parser.add_argument("directory", metavar="DIR", help="the BAMBOO directory (holds sts/, sick/, para/)")
    parser.add_argument("--split", default="test", help="which files to use: <name>.<split>.amr (default test)")
    common.add_metric_options(parser)
    add_meta_reading(parser)
    common.add_run_options(parser)
    add_meta_output(parser, ("text", "json", "markdown"))
    parser.set_defaults(handler=run)


def splits(directory: str) -> list[str]:
    """The splits a BAMBOO directory has human scores for (``<task>/orig.<split>.txt``)."""
    from amrmetrics.meta.bamboo import TASKS

    files = (path for task in TASKS for path in Path(directory, task.name).glob("orig.*.txt"))
    return sorted({path.name[len("orig.") : -len(".txt")] for path in files})


def check_split(directory: str, split: str) -> None:
    """A missing directory or split is a data error that says which splits there are."""
    from amrmetrics.read import CorpusError

    if not os.path.isdir(directory):
        raise CorpusError(f"{directory}: no such directory (expected a BAMBOO directory holding sts/, sick/, para/)")
    found = splits(directory)
    if split not in found:
        there = f"it has {', '.join(found)} (choose with --split)" if found else "it has none (expected <task>/orig.<split>.txt)"
        raise CorpusError(f"{directory}: no {split!r} split; {there}")


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print its table."""
    from amrmetrics.meta.bamboo import run_bamboo
    from amrmetrics.meta.tables import bamboo_table
    from amrmetrics.report import page

    check_split(args.directory, args.split)
    metrics = common.metrics_from_args(args)
    with common.stage_progress(not args.no_progress) as progress, common.executor(args) as executor:
        result = run_bamboo(
            args.directory, metrics, split=args.split, on_error=args.on_error, jobs=args.jobs, executor=executor,
            progress=progress,
        )
    if args.format == "json":
        common.dump_json({"amrmetrics": __version__, "benchmark": "bamboo", "directory": args.directory, **result.as_dict()})
        return 0
    note = (
        "Graphs scored with tgt as first and src as second argument; main/reify/syno: Pearson's r with min-max normalised "
        "human scores (STS's last graph, SICK's and PARA's first and last graphs left out); role: share of (foil, "
        "original) pairs with score(foil) < score(original), ties wrong; AMEAN: arithmetic mean of the 12 columns."
    )
    table = page.Table(*bamboo_table(result, args.digits), f"BAMBOO, {args.split} split (x100: Pearson's r; role: accuracy)")
    page.show([table, page.Note(note), *page.signatures(result.signatures)], args.format)
    return 0
