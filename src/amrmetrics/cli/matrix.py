"""``amrmetrics matrix GRAPHS -o sims.npy``: the symmetric all-pairs similarity matrix of one corpus."""

from __future__ import annotations

import argparse
import csv
import sys
import time
from typing import Any

from amrmetrics.cli import common
from amrmetrics.cli.checks import add_output
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
    add_output(
        parser, "-o", "--output", metavar="FILE", help="write the matrix: .npy (numpy) or .tsv (with graph ids); default TSV on stdout"
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
    parser.add_argument(
        "--resume",
        action="store_true",
        help="save each finished tile in FILE.tiles/ (beside -o FILE) and, rerun with the same arguments, compute only "
        "the tiles not there; the folder is removed once the matrix is written",
    )
    parser.add_argument("--format", "-f", choices=("text", "json"), default="text", help="summary format (on stdout with -o, else on stderr); json needs -o")
    parser.set_defaults(handler=run)


def _labels(entries: list[Any]) -> list[str]:
    """Row names: each graph's ``# ::id``, or its 1-based number in the file."""
    return [entry.id or str(entry.number) for entry in entries]


def _write(path: str | None, matrix: Any, labels: list[str]) -> None:
    """The matrix as .npy or TSV to ``path`` (replaced only once complete), or as TSV to stdout."""
    from amrmetrics.writing import output_file

    if path is None:
        _write_tsv(sys.stdout, matrix, labels)
        return
    npy = path.endswith(".npy")
    with output_file(path, binary=npy, newline="") as handle:
        if npy:
            import numpy as np

            np.save(handle, matrix)
        else:
            _write_tsv(handle, matrix, labels)


def _write_tsv(handle: Any, matrix: Any, labels: list[str]) -> None:
    writer = csv.writer(handle, delimiter="\t", lineterminator="\n")
    writer.writerow(["graph"] + labels)
    for label, row in zip(labels, matrix.tolist()):
        writer.writerow([label] + [repr(v) for v in row])


def run(args: argparse.Namespace) -> int:
    """Read, score all pairs, write the matrix and a summary; returns the exit status."""
    from amrmetrics.engine.matrix import TILE, MatrixMetric, progress_units, similarity_matrix
    from amrmetrics.engine.signature import RunSettings, signature
    from amrmetrics.engine.tiles import TileStore, matrix_key
    from amrmetrics.graph import EMPTY_GRAPH
    from amrmetrics.read import CorpusError, format_errors, iter_entries
    from amrmetrics.version import __version__

    if args.output is not None and not args.output.endswith(OUTPUT_KINDS):
        raise UsageError(f"--output must end in {' or '.join(OUTPUT_KINDS)}: {args.output}")
    if args.format == "json" and args.output is None:
        raise UsageError("--format json needs -o FILE: without it, stdout holds the matrix (TSV)")
    if args.resume and args.output is None:
        raise UsageError("--resume needs -o FILE (finished tiles are kept in FILE.tiles/)")
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
    tiles = None
    if args.resume and not isinstance(metric, MatrixMetric):  # a whole-matrix method has no tiles to keep
        tiles = TileStore(f"{args.output}.tiles", matrix_key(metric, graphs, TILE), metric.score_range)
    resumed = tiles.count() if tiles else 0
    with (
        common.progress_bar(progress_units(metric, len(graphs)), not args.no_progress, "matrix") as advance,
        common.executor(args) as executor,
    ):
        matrix = similarity_matrix(metric, graphs, jobs=args.jobs, progress=advance, executor=executor, tiles=tiles)
    seconds = time.perf_counter() - start
    affected = len(errors) if args.on_error == "zero" else len(entries) - len(kept)
    signed = signature(metric, RunSettings(on_error=args.on_error, affected=affected))
    _write(args.output, matrix, _labels(kept))
    if tiles:
        tiles.remove()
    for error in errors:
        print(f"amrmetrics: {error} ({'empty graph' if args.on_error == 'zero' else 'left out'})", file=sys.stderr)
    summary = {
        "amrmetrics": __version__,
        "graphs": len(graphs),
        "metric": metric.spec(),
        "signature": signed,
        "output": args.output,
        "on_error": {"policy": args.on_error, "malformed": [str(e) for e in errors]},
        "resumed_tiles": resumed,
        "seconds": seconds,
    }
    stream = sys.stdout if args.output is not None else sys.stderr  # stdout may hold the matrix itself
    if args.format == "json":
        common.dump_json(summary, stream)
    else:
        where = f"written to {args.output}" if args.output else "written to stdout"
        print(f"{len(graphs)} x {len(graphs)} matrix of {metric.spec()} {where} ({seconds:.1f} s)", file=stream)
        if resumed:
            print(f"resumed: {resumed} tile(s) read from {args.output}.tiles", file=stream)
        print(f"signature: {signed}", file=stream)
    return 0
