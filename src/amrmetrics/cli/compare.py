"""``amrmetrics compare PRED_A PRED_B GOLD``: is parser A better than parser B, and by how much?"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from amrmetrics.cli import common
from amrmetrics.cli.checks import add_output
from amrmetrics.defaults import TIE_TOLERANCE
from amrmetrics.read import distinct_errors
from amrmetrics.stats.bootstrap import DEFAULT_RESAMPLES
from amrmetrics.stats.significance import DEFAULT_TRIALS
from amrmetrics.version import __version__
from amrmetrics.words import counted


def add_parser(subparsers: Any) -> None:
    """Register the ``compare`` subcommand."""
    parser = subparsers.add_parser(
        "compare",
        help="compare two parsers on the same gold file: difference, paired bootstrap interval, p-value, pair wins",
        description=(
            "Score PRED_A and PRED_B against GOLD in one pass (gold read and standardized once) and, for each "
            "metric, report both corpus scores, their difference A-B with a paired bootstrap interval, a "
            "two-sided approximate-randomization p-value, and how many pairs each system wins."
        ),
    )
    parser.add_argument("test_a", metavar="PRED_A", help="graphs of system A, PENMAN")
    parser.add_argument("test_b", metavar="PRED_B", help="graphs of system B, PENMAN")
    parser.add_argument("gold", metavar="GOLD", help="gold graphs, PENMAN")
    common.add_metric_options(parser)
    common.add_reading_options(parser)
    common.add_run_options(parser)
    group = parser.add_argument_group("significance")
    group.add_argument(
        "--bootstrap",
        type=int,
        default=DEFAULT_RESAMPLES,
        metavar="N",
        help=f"paired bootstrap resamples for the interval of A-B (default {DEFAULT_RESAMPLES})",
    )
    group.add_argument(
        "--trials",
        type=int,
        default=DEFAULT_TRIALS,
        metavar="N",
        help=f"approximate-randomization trials for the p-value (default {DEFAULT_TRIALS}; exact test when 2^pairs <= N)",
    )
    common.add_output_options(parser)
    add_output(
        parser.add_argument_group("report"),
        "--html",
        metavar="FILE",
        help="also write an offline HTML report: per-pair A vs B, and each pair's three graphs with both alignments",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Score both systems, compare them and report; returns the exit status."""
    from amrmetrics.engine.corpus import compare_corpora
    from amrmetrics.engine.paired import PairedSystems
    from amrmetrics.report import compare as table
    from amrmetrics.report import page
    from amrmetrics.report.aspects import headline_rows
    from amrmetrics.report.tables import metric_label

    metrics = common.metrics_from_args(args)
    explained = None
    if args.html:
        from amrmetrics.explaining.build import explained_metric
        from amrmetrics.explaining.collect import Explained

        explained = explained_metric(metrics)
        metrics[explained] = Explained(metrics[explained])  # type: ignore[arg-type]
    adapters = [PairedSystems(m) for m in metrics]
    inputs = (args.test_a, args.test_b, args.gold)
    streamed = args if explained is None else argparse.Namespace(per_pair=None)  # with --html, written plain below
    with (
        common.per_pair_output(streamed, adapters) as on_record,
        common.stage_progress(not args.no_progress) as progress,
        common.executor(args) as executor,
    ):
        done = compare_corpora(
            *inputs, metrics, common.run_options(args, executor), trials=args.trials, progress=progress,
            on_record=on_record, keep_records=explained is not None,
        )
    result = done.run
    common.note_workers(result)
    common.warn_errors(result)
    if explained is not None:
        from amrmetrics.explaining.build import explain_comparison, plain_run
        from amrmetrics.report.perpair import per_pair_file

        explain_comparison(done, explained, inputs).to_html(args.html)
        result = plain_run(result)
        if args.per_pair:
            with per_pair_file(args.per_pair, result.metrics, timings=args.timings) as write:
                for record in result.records:
                    write(record)
    compared, reports = [], []
    for m in done.metrics:
        label = metric_label(m.metric.spec())
        rows = tuple(headline_rows(label, m.metric.score_names, m.metric.headline))
        compared.append(table.ComparedMetric(label, m.signature, m.comparison, rows))
        reports.append((m.a, m.b))

    if args.format == "json":
        head = common.run_header(result, args.test_a, args.gold)
        head.pop("test")
        payload = {"amrmetrics": __version__, "a": args.test_a, "b": args.test_b, **head}
        payload["metrics"] = [
            {
                "metric": metric.spec(),
                "signature": m.signature,
                "rows": [{"label": label, "score": key} for label, key in m.rows],
                "a": ra.as_dict(),
                "b": rb.as_dict(),
                "comparison": m.comparison.as_dict(),
            }
            for metric, m, (ra, rb) in zip(metrics, compared, reports)
        ]
        common.dump_json(payload)
        return 0

    title = f"A = {args.test_a}, B = {args.test_b}, gold = {args.gold}: {counted(result.pairs, 'pair')} (scores x100)"
    blocks: list[page.Block] = [page.Table(table.HEADER, table.rows(compared, args.digits), title, left=2)]
    if result.errors:
        malformed = len(distinct_errors(result.errors))
        blocks.append(page.Note(f"on-error {result.on_error}: {malformed} malformed graph(s); see the list above"))
    blocks += page.notes(table.notes(compared, reports, TIE_TOLERANCE)) + page.signatures([m.signature for m in compared])
    page.show(blocks, args.format)
    if args.html:
        print(f"wrote {args.html}", file=sys.stderr)
    sys.stdout.flush()
    return 0
