"""``amrmetrics probe A.amr B.amr``: symmetry, determinacy, identity, duplicate edges and bias of metrics."""

from __future__ import annotations

import argparse
from typing import Any

from amrmetrics.cli import common
from amrmetrics.cli.meta import add_meta_output
from amrmetrics.errors import UsageError
from amrmetrics.version import __version__
from amrmetrics.words import counted


def add_parser(subparsers: Any) -> None:
    """Register the ``probe`` subcommand."""
    from amrmetrics.meta.probe import DEFAULT_COPIES, DEFAULT_RUNS, PRINCIPLES

    parser = subparsers.add_parser(
        "probe",
        help="measure metric principles (symmetry, determinacy, identity, duplicate edges, bias) on graph pairs",
        description="Probe every metric on the pairs (graph i of A, graph i of B); see docs/meta-evaluation.md.",
    )
    parser.add_argument("a", metavar="A.amr", help="first graphs")
    parser.add_argument("b", metavar="B.amr", help="second graphs")
    common.add_metric_options(parser)
    common.add_reading_options(parser)
    common.add_run_options(parser)
    group = parser.add_argument_group("probes")
    group.add_argument(
        "--principles", default=",".join(PRINCIPLES), metavar="LIST",
        help=f"comma-separated subset of {','.join(PRINCIPLES)} (default all)",
    )
    group.add_argument("--runs", type=int, default=DEFAULT_RUNS, help=f"runs for determinacy (default {DEFAULT_RUNS})")
    group.add_argument(
        "--copies", type=int, default=DEFAULT_COPIES,
        help=f"copies of an edge in the duplicate attack (default {DEFAULT_COPIES})",
    )
    add_meta_output(parser)
    parser.set_defaults(handler=run)


def _graph_pairs(args: argparse.Namespace) -> tuple[list[Any], Any]:
    """The (A, B) graph pairs under the reading options, and the run settings for signatures."""
    from amrmetrics.engine.signature import RunSettings
    from amrmetrics.graph import EMPTY_GRAPH
    from amrmetrics.read import CorpusError, format_errors, pair_files

    _, pairs = pair_files(args.a, args.b, pair_by_id=args.pair_by_id)
    kept, errors, affected = [], [], 0
    for pair in pairs:
        bad = [e.error for e in (pair.test, pair.gold) if e.error is not None]
        errors += bad
        if bad:
            affected += 1
            if args.on_error != "zero":
                continue
        kept.append((pair.test.graph or EMPTY_GRAPH, pair.gold.graph or EMPTY_GRAPH))
    if errors and args.on_error == "fail":
        raise CorpusError(format_errors(errors))
    return kept, RunSettings(on_error=args.on_error, affected=affected, pair_by_id=args.pair_by_id)


def run(args: argparse.Namespace) -> int:
    """Probe and print one row per metric."""
    from amrmetrics.meta.probe import PRINCIPLES, run_probe
    from amrmetrics.meta.tables import probe_notes, probe_table
    from amrmetrics.report import page

    principles = [p.strip() for p in args.principles.split(",") if p.strip()]
    unknown = [p for p in principles if p not in PRINCIPLES]
    if unknown or not principles:
        raise UsageError(f"--principles {args.principles!r}: choose from {','.join(PRINCIPLES)}")
    pairs, settings = _graph_pairs(args)
    metrics = common.metrics_from_args(args)
    with common.stage_progress(not args.no_progress) as progress, common.executor(args) as executor:
        probes = run_probe(
            pairs, metrics, principles=principles, runs=args.runs, copies=args.copies, jobs=args.jobs,
            executor=executor, progress=progress, settings=settings,
        )
    if args.format == "json":
        common.dump_json({
            "amrmetrics": __version__, "probe": {"a": args.a, "b": args.b, "pairs": len(pairs), "runs": args.runs,
                                                  "copies": args.copies, "principles": principles},
            "metrics": [p.as_dict() for p in probes],
        })
        return 0
    note = (
        "svr: % of pairs with |m(A,B) - m(B,A)| > 0.01 points; msv: mean |m(A,B) - m(B,A)| over all pairs; det. std: "
        "standard deviation of the corpus score over runs (seeded: a different seed per run); identity: % of graphs "
        "with m(G,G) = 1; dup. gain: largest gain from appending copies of one edge to a test graph; root/leaf loss: "
        "mean score loss when the root / a leaf concept is replaced by an unseen one."
    )
    table = page.Table(*probe_table(probes, args.digits), f"Metric principles on {counted(len(pairs), 'pair')} (scores in points, x100)")
    blocks = [table, page.Note(note), *page.notes(probe_notes(probes)), *page.signatures([p.signature for p in probes])]
    page.show(blocks, args.format)
    return 0
