"""``amrmetrics matrix GRAPHS -o sims.npy``: the symmetric all-pairs similarity matrix of one corpus."""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from typing import Any

from amrmetrics.cli import common
from amrmetrics.errors import UsageError

OUTPUT_KINDS = (".npy", ".tsv")


def add_parser(subparsers: Any) -> None:
    """Register the ``matrix`` subcommand."""
    parser = subparsers.add_parser(
        "matrix",
        help="all-pairs similarity matrix of one corpus (for clustering or as an SVM kernel)",
        description=(
            "Score every graph of GRAPHS against every other with one metric and write the matrix: entry "
            "[i, j] is the score of graph i (test) against graph j (gold). Each graph is prepared once; WLK "
            "computes the whole matrix as one sparse product."
        ),
    )
    parser.add_argument("graphs", metavar="GRAPHS", help="graphs, PENMAN")
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="write the matrix: .npy (numpy) or .tsv (with graph ids); default TSV on stdout"
    )
    common.add_metric_options(parser, default="wlk")
    group = parser.add_argument_group("reading")
    group.add_argument(
        "--on-error",
        choices=("fail", "zero", "skip"),
        default="fail",
        help="malformed graph: fail (list all, exit 1), zero (an empty graph in its place), skip (leave it out of the matrix)",
    )
    common.add_run_options(parser)
    parser.add_argument("--format", "-f", choices=("text", "json"), default="text", help="summary format (on stdout with -o, else on stderr); json needs -o")
    parser.set_defaults(handler=run)


def _labels(entries: list[Any]) -> list[str]:
    """Row names: each graph's ``# ::id``, or its 1-based number in the file."""
    return [entry.id or str(entry.number) for entry in entries]


def _write(path: str | None, matrix: Any, labels: list[str]) -> None:
    import numpy as np

    if path is not None and path.endswith(".npy"):
        np.save(path, matrix)
        return
    handle = open(path, "w", encoding="utf-8", newline="") if path else sys.stdout
    try:
        writer = csv.writer(handle, delimiter="\t", lineterminator="\n")
        writer.writerow(["graph"] + labels)
        for label, row in zip(labels, matrix.tolist()):
            writer.writerow([label] + [repr(v) for v in row])
    finally:
        if path:
            handle.close()


def run(args: argparse.Namespace) -> int:
    """Read, score all pairs, write the matrix and a summary; returns the exit status."""
    from amrmetrics.engine.matrix import progress_units, similarity_matrix
    from amrmetrics.engine.signature import RunSettings, signature
    from amrmetrics.graph import EMPTY_GRAPH
    from amrmetrics.read import CorpusError, format_errors, iter_entries

    if args.output is not None and not args.output.endswith(OUTPUT_KINDS):
        raise UsageError(f"--output must end in {' or '.join(OUTPUT_KINDS)}: {args.output}")
    if args.format == "json" and args.output is None:
        raise UsageError("--format json needs -o FILE: without it, stdout holds the matrix (TSV)")
    metrics = common.metrics_from_args(args)
    if len(metrics) != 1:
        raise UsageError("matrix takes exactly one metric")
    metric = metrics[0]
    start = time.perf_counter()
    entries = list(iter_entries(args.graphs))
    errors = [e.error for e in entries if e.error is not None]
    if errors and args.on_error == "fail":
        raise CorpusError(format_errors(errors))
    kept = [e for e in entries if e.graph is not None or args.on_error == "zero"]
    graphs = [e.graph if e.graph is not None else EMPTY_GRAPH for e in kept]
    with common.progress_bar(progress_units(metric, len(graphs)), not args.no_progress, "matrix") as advance:
        matrix = similarity_matrix(metric, graphs, jobs=args.jobs, progress=advance)
    seconds = time.perf_counter() - start
    affected = len(errors) if args.on_error == "zero" else len(entries) - len(kept)
    signed = signature(metric, RunSettings(on_error=args.on_error, affected=affected))
    _write(args.output, matrix, _labels(kept))
    for error in errors:
        print(f"amrmetrics: {error} ({'empty graph' if args.on_error == 'zero' else 'left out'})", file=sys.stderr)
    summary = {
        "graphs": len(graphs),
        "metric": metric.spec(),
        "signature": signed,
        "output": args.output,
        "on_error": {"policy": args.on_error, "malformed": [str(e) for e in errors]},
        "seconds": seconds,
    }
    stream = sys.stdout if args.output is not None else sys.stderr  # stdout may hold the matrix itself
    if args.format == "json":
        stream.write(json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    else:
        where = f"written to {args.output}" if args.output else "written to stdout"
        print(f"{len(graphs)} x {len(graphs)} matrix of {metric.spec()} {where} ({seconds:.1f} s)", file=stream)
        print(f"signature: {signed}", file=stream)
    return 0
