"""``amrmetrics explain PRED GOLD -o report.html``: an offline HTML report of why each pair scored what it did."""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from amrmetrics.cli import common
from amrmetrics.cli.checks import add_output
from amrmetrics.errors import UsageError
from amrmetrics.report import grid
from amrmetrics.stats.aggregate import MetricReport
from amrmetrics.stats.bootstrap import DEFAULT_RESAMPLES
from amrmetrics.words import counted


def add_parser(subparsers: Any) -> None:
    """Register the ``explain`` subcommand."""
    parser = subparsers.add_parser(
        "explain",
        help="write an offline HTML report: corpus scores, every pair's graphs, alignment and matched triples",
        description=(
            "Score PRED against GOLD as 'score' does (same reading, presets, error policy, jobs, seed and "
            "signature) and write one self-contained HTML file: corpus scores with bootstrap intervals, the "
            "fine-grained aspects, a sortable table of pairs, and for each pair both graphs drawn with the "
            "certified alignment, every triple colored as matched, only in test or only in gold, and what "
            "standardization changed. The file opens from disk and makes no network request."
        ),
    )
    parser.add_argument("test", help="test graphs (parser output): PENMAN, or UMR (.umr file or folder: explained with umr by default)")
    parser.add_argument("gold", help="gold graphs: PENMAN, or UMR (.umr file or folder)")
    add_output(parser, "--output", "-o", required=True, metavar="FILE", help="the HTML file to write")
    common.add_metric_options(parser)
    group = parser.add_argument_group("report")
    group.add_argument(
        "--no-fine",
        action="store_true",
        help="leave out the fine-grained aspects (smatch:fine solves more alignments: a 50-sentence document takes about 4x as long)",
    )
    group.add_argument(
        "--bootstrap",
        type=int,
        default=DEFAULT_RESAMPLES,
        metavar="N",
        help=f"95%% percentile bootstrap intervals from N resamples (default {DEFAULT_RESAMPLES}, seeded by --seed)",
    )
    common.add_reading_options(parser)
    common.add_run_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Score, explain and write the report; returns the exit status."""
    from amrmetrics.engine.sources import is_umr
    from amrmetrics.explaining.build import explain_corpora, explained_metric
    from amrmetrics.report.tables import metric_label

    if args.metric is None and is_umr(args.test) and is_umr(args.gold):
        args.metric = ["umr"]  # UMR documents: the document metric, every sentence under its alignment
    metrics = common.metrics_from_args(args)
    if len(metrics) != 1:
        raise UsageError(f"explain takes one metric, not {len(metrics)} ({', '.join(m.spec() for m in metrics)})")
    explained_metric(metrics)
    with common.stage_progress(not args.no_progress) as progress:
        if metrics[0].unit == "document":  # UMR documents: every sentence and the document layer
            from amrmetrics.explaining.umr import explain_umr

            explanation = explain_umr(args.test, args.gold, metrics[0], common.run_options(args), progress=progress)  # type: ignore[arg-type]
        else:
            explanation = explain_corpora(
                args.test, args.gold, metrics[0], common.run_options(args), fine=not args.no_fine, progress=progress
            )
    if explanation.errors:
        policy = explanation.on_error
        what = f"{policy['zeroed']} scored against an empty graph" if policy["policy"] == "zero" else f"{policy['skipped']} left out"
        print(f"amrmetrics: {len(explanation.errors)} malformed graph(s); pairs {what}:", file=sys.stderr)
        for error in explanation.errors:
            print(f"  {error}", file=sys.stderr)
    path = explanation.to_html(args.output)
    print(f"wrote {path}: {counted(len(explanation.pairs), 'pair')}, {path.stat().st_size / 1e6:.2f} MB", file=sys.stderr)
    report = explanation.systems[0].report
    print(f"{metric_label(report.spec)}: micro {micro_scores(report)} (x100)")
    print(f"signature: {report.signature}")
    sys.stdout.flush()
    return 0


def micro_scores(report: MetricReport) -> str:
    """``P 93.62, R 89.80, F 91.67``: the report's micro scores x100, a score that does not exist (a
    document's coreference score when no document merges a node) as ``n/a``, as in the score tables."""
    return ", ".join(
        f"{name} {grid.NOT_APPLICABLE if math.isnan(report.micro[name]) else grid.pct(report.micro[name], 2)}"
        for name in report.score_names
    )
