"""``amrmetrics score PRED GOLD``: corpus scores of one or more metrics, in one pass."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from amrmetrics.cli import common
from amrmetrics.engine.run import CorpusRun
from amrmetrics.report import aspects, page
from amrmetrics.report.tables import certification, metric_label, table
from amrmetrics.stats.aggregate import MetricReport
from amrmetrics.words import counted


def add_parser(subparsers: Any) -> None:
    """Register the ``score`` subcommand."""
    parser = subparsers.add_parser(
        "score",
        help="score a test (parser output) file against a gold file",
        description="Score every test graph against the gold graph at the same position (or with the same id).",
    )
    parser.add_argument("test", help="test graphs (parser output): PENMAN, or UMR (a .umr file or a folder of them)")
    parser.add_argument("gold", help="gold graphs: PENMAN, or UMR (a .umr file or a folder of them)")
    common.add_metric_options(parser)
    common.add_reading_options(parser)
    common.add_run_options(parser)
    common.add_bootstrap_option(parser)
    common.add_output_options(parser)
    parser.set_defaults(handler=run)


def notes(run: CorpusRun, reports: list[MetricReport]) -> list[str]:
    """Plain-language facts printed under the table."""
    lines = []
    if run.reading is not None:
        lines.append(run.reading.describe())
    if run.errors:
        what = f"{run.zeroed} pair(s) scored against an empty graph" if run.on_error == "zero" else f"{run.skipped} pair(s) left out"
        lines.append(f"on-error {run.on_error}: {len(run.errors)} malformed graph(s), {what}")
    for report in reports:
        label = metric_label(report.spec)
        certified = certification(label, report)
        if certified:
            lines.append(certified)
        for note in report.notes:
            lines.append(f"{label}: {note}")
        for fact in report.summary.get("facts", ()):
            lines.append(f"{label}: {fact}")
        if report.intervals is not None:
            if report.intervals.get("reason"):
                lines.append(f"{label}: {report.intervals['reason']}")
            else:
                lines.append(
                    f"{label}: 95% intervals by the percentile bootstrap, "
                    f"{report.intervals['resamples']} resamples of pairs, seed {report.intervals['seed']}"
                )
    return lines


def print_reports(run: CorpusRun, reports: list[MetricReport], args: argparse.Namespace, title: str) -> None:
    """Print reports in the chosen format."""
    if args.format == "json":
        common.dump_json({**common.run_header(run, args.test, args.gold), "metrics": [r.as_dict() for r in reports]})
        return
    flat = [r for r in reports if not aspects.is_multi_aspect(r)]  # multi-aspect reports get a table each
    blocks: list[page.Block] = [table(flat, title, args.digits)] if flat else []
    for report in reports:
        if aspects.is_multi_aspect(report):
            blocks += aspects.blocks(report, args.digits)
    blocks += page.notes(notes(run, reports)) + page.signatures([r.signature for r in reports])
    page.show(blocks, args.format)


def run(args: argparse.Namespace) -> int:
    """Score and report; returns the exit status."""
    metrics = common.metrics_from_args(args)
    result = common.score_files(args.test, args.gold, metrics, args)
    common.warn_errors(result.run)
    title = f"{counted(result.run.pairs, 'pair')}: {args.test} vs {args.gold} (scores x100)"
    print_reports(result.run, result.reports, args, title)
    sys.stdout.flush()
    return 0
