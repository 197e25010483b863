"""``amrmetrics meta parse-quality|similarity|structural``: which metric agrees with people, and with damage."""

from __future__ import annotations

import argparse
from typing import Any

from amrmetrics.cli import common
from amrmetrics.cli.checks import add_output
from amrmetrics.errors import UsageError
from amrmetrics.version import __version__


def add_parser(subparsers: Any) -> None:
    """Register the ``meta`` subcommand and its studies."""
    parser = subparsers.add_parser(
        "meta",
        help="meta-evaluation: agreement of metrics with human judgements, and with structural damage",
        description="Meta-evaluation of metrics against human judgements and structural damage (see docs/meta-evaluation.md).",
    )
    sub = parser.add_subparsers(dest="meta_command", metavar="STUDY")
    sub.required = True
    _add_parse_quality(sub)
    _add_similarity(sub)
    _add_structural(sub)


def add_meta_reading(parser: argparse.ArgumentParser) -> None:
    """``--on-error fail|zero`` (skipping pairs would misalign them with the human judgements)."""
    parser.add_argument(
        "--on-error",
        choices=("fail", "zero"),
        default="fail",
        help="malformed graph: fail (list all, exit 1) or zero (score it as an empty graph)",
    )


def add_meta_output(parser: argparse.ArgumentParser, formats: tuple[str, ...] = ("text", "json")) -> None:
    """``--format`` and ``--digits``."""
    group = parser.add_argument_group("output")
    group.add_argument("--format", "-f", choices=formats, default="text", help="output format (default text)")
    group.add_argument("--digits", type=int, default=2, help="decimals of x100 numbers in tables (default 2)")


def _add_parse_quality(sub: Any) -> None:
    parser = sub.add_parser(
        "parse-quality",
        help='the "Better Smatch = Better Parser?" study: which metric prefers the parse people prefer',
        description=(
            "For every sentence, two candidate parses (A, B) are scored against a reference; human labels say which "
            "is better and whether each is acceptable. Reports P, S, PA, AΔ (bootstrap intervals) and the "
            "inter-metric Spearman matrix."
        ),
    )
    graphs = parser.add_argument_group("graphs (either --a and --b, or --candidates)")
    graphs.add_argument("--a", metavar="A.amr", help="candidate parses A, one per sentence")
    graphs.add_argument("--b", metavar="B.amr", help="candidate parses B, one per sentence")
    graphs.add_argument(
        "--candidates", metavar="AB.amr", help="candidates interleaved A, B, A, B, ... in one file (the public release)"
    )
    graphs.add_argument(
        "--gold", required=True, metavar="GOLD.amr", help="references: one per sentence, or each repeated twice"
    )
    labels = parser.add_argument_group("labels")
    labels.add_argument("--labels", required=True, metavar="LABELS", help="human labels (our TSV or the public LABEL.txt)")
    labels.add_argument(
        "--labels-format", choices=("auto", "tsv", "parseeval"), default="auto", help="label file format (default auto)"
    )
    common.add_metric_options(parser)
    add_meta_reading(parser)
    common.add_run_options(parser)
    stats = parser.add_argument_group("statistics")
    stats.add_argument("--resamples", type=int, default=10_000, help="bootstrap resamples of sentences (default 10000)")
    stats.add_argument(
        "--confidence", type=float, default=0.90, help="central interval (default 0.90: 5th-95th percentiles, as the study)"
    )
    stats.add_argument(
        "--compat", action="store_true", help="reproduce the public evaluator's two quirks (named in the output)"
    )
    add_meta_output(parser)
    add_output(parser, "--plot", metavar="FILE.png", help="write a heatmap of the Spearman matrix (needs matplotlib)")
    parser.set_defaults(handler=run_parse_quality)


def _study_inputs(args: argparse.Namespace) -> tuple[list[Any], list[Any]]:
    from amrmetrics.meta.parse_quality_run import split_interleaved
    from amrmetrics.meta.scoring import read_entries

    if args.candidates and (args.a or args.b):
        raise UsageError("give either --candidates or --a and --b, not both")
    if args.candidates:
        return split_interleaved(read_entries(args.candidates))
    if not (args.a and args.b):
        raise UsageError("give --a and --b (one file per candidate) or --candidates (interleaved)")
    return read_entries(args.a), read_entries(args.b)


def run_parse_quality(args: argparse.Namespace) -> int:
    """Run the parse-quality study and print it."""
    from amrmetrics.meta.labels import read_labels
    from amrmetrics.meta.parse_quality_run import run_study
    from amrmetrics.meta.scoring import read_entries
    from amrmetrics.meta.tables import spearman_table, study_notes, study_table

    if not 0 < args.confidence < 1:
        raise UsageError("--confidence must be between 0 and 1")
    labels = read_labels(args.labels, args.labels_format)
    a, b = _study_inputs(args)
    metrics = common.metrics_from_args(args)
    with common.stage_progress(not args.no_progress) as progress, common.executor(args) as executor:
        result = run_study(
            a, b, read_entries(args.gold), labels, metrics,
            compat=args.compat, resamples=args.resamples, seed=args.seed, confidence=args.confidence,
            on_error=args.on_error, jobs=args.jobs, executor=executor, progress=progress,
        )
    if args.plot:
        from amrmetrics.meta.plot import plot_correlations

        plot_correlations(result.spearman, [m.spec for m in result.metrics], args.plot,
                          f"Spearman over {2 * result.sentences} candidates")
    if args.format == "json":
        inputs = {"a": args.a, "b": args.b, "candidates": args.candidates, "gold": args.gold, "labels": args.labels}
        common.dump_json({"amrmetrics": __version__, "study": "parse-quality", "inputs": inputs, **result.as_dict()})
        return 0
    from amrmetrics.report import page

    blocks: list[page.Block] = [
        page.Table(*study_table(result, args.digits), f"Parse quality: {result.sentences} sentences (S and PA x100, AΔ in ranks)"),
        *page.notes(study_notes(result)),
    ]
    if len(result.metrics) > 1:
        title = f"Spearman's rho between metrics over {2 * result.sentences} candidates"
        blocks.append(page.Table(*spearman_table(result, args.digits), title))
    page.show(blocks + page.signatures([m.signature for m in result.metrics]), args.format)
    return 0


def _add_similarity(sub: Any) -> None:
    parser = sub.add_parser(
        "similarity",
        help="agreement of metric scores with human similarity ratings (Pearson, Spearman, RMSE)",
        description="Score graph i of A against graph i of B and compare with human score i.",
    )
    parser.add_argument("--a", required=True, metavar="A.amr", help="first graphs (scored as test)")
    parser.add_argument("--b", required=True, metavar="B.amr", help="second graphs (scored as gold)")
    parser.add_argument("--human", required=True, metavar="SCORES", help="human scores, one row per pair (tab-separated)")
    parser.add_argument("--column", type=int, default=0, help="0-based tab-separated column of the score (default 0)")
    parser.add_argument("--header", action="store_true", help="the scores file starts with a header line")
    parser.add_argument(
        "--scale", nargs=2, type=float, metavar=("WORST", "BEST"),
        help="human scale for normalising to [0, 1] (default: observed min and max)",
    )
    common.add_metric_options(parser)
    add_meta_reading(parser)
    common.add_run_options(parser)
    stats = parser.add_argument_group("statistics")
    stats.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples of pairs (default 1000)")
    stats.add_argument("--confidence", type=float, default=0.95, help="central interval (default 0.95)")
    add_meta_output(parser)
    parser.set_defaults(handler=run_similarity)


def run_similarity(args: argparse.Namespace) -> int:
    """Correlate metric scores with human scores and print the table."""
    from amrmetrics.meta.scoring import read_entries
    from amrmetrics.meta.similarity import read_human_scores
    from amrmetrics.meta.similarity import run_similarity as run
    from amrmetrics.meta.tables import similarity_table

    if not 0 < args.confidence < 1:
        raise UsageError("--confidence must be between 0 and 1")
    human = read_human_scores(args.human, column=args.column, header=args.header)
    metrics = common.metrics_from_args(args)
    with common.stage_progress(not args.no_progress) as progress, common.executor(args) as executor:
        rows = run(
            read_entries(args.a), read_entries(args.b), human, metrics,
            scale=tuple(args.scale) if args.scale else None, resamples=args.resamples, seed=args.seed,
            confidence=args.confidence, on_error=args.on_error, jobs=args.jobs, executor=executor, progress=progress,
        )
    if args.format == "json":
        inputs = {"a": args.a, "b": args.b, "human": args.human, "column": args.column, "header": args.header}
        common.dump_json({
            "amrmetrics": __version__, "study": "similarity", "inputs": inputs,
            "normalisation": {"scale": args.scale or "observed min-max"},
            "bootstrap": {"resamples": args.resamples, "seed": args.seed, "confidence": args.confidence},
            "metrics": [r.as_dict() for r in rows],
        })
        return 0
    from amrmetrics.report import page

    scale = f"scale {args.scale[0]:g} to {args.scale[1]:g}" if args.scale else "observed range"
    note = (
        f"Human scores min-max normalised to [0, 1] ({scale}); "
        f"RMSE against metric scores as fractions. Intervals: percentile bootstrap, {args.resamples} resamples of pairs, "
        f"seed {args.seed}."
    )
    table = page.Table(*similarity_table(rows, args.digits), f"Agreement with {len(human)} human scores (x100)")
    page.show([table, page.Note(note), *page.signatures([r.signature for r in rows])], args.format)
    return 0


def _add_structural(sub: Any) -> None:
    parser = sub.add_parser(
        "structural",
        help="structural consistency: does the score fall as a growing share of edges is rewired?",
        description=(
            "Rewire a growing share of every gold graph's relation edges (as `amrmetrics perturb`), score each copy "
            "against its original, and report per metric Spearman's rho between score and damage (bootstrap interval "
            "over graphs) and how often the score does not fall when the damage rises."
        ),
    )
    parser.add_argument("gold", nargs="+", metavar="GOLD", help="gold graphs, PENMAN (several files are pooled)")
    parser.add_argument("--levels", default="0,0.1,...,1", help="damage levels in [0, 1] (default 0,0.1,...,1)")
    common.add_metric_options(parser)
    common.add_run_options(parser)
    stats = parser.add_argument_group("statistics")
    stats.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples of graphs (default 1000)")
    stats.add_argument("--confidence", type=float, default=0.95, help="central interval (default 0.95)")
    add_meta_output(parser, ("text", "json", "markdown"))
    add_output(parser, "--plot", metavar="FILE.png", help="plot mean score against damage, one line per metric (matplotlib)")
    parser.set_defaults(handler=run_structural)


def run_structural(args: argparse.Namespace) -> int:
    """Run the structural-consistency study and print its table."""
    from amrmetrics.cli.perturb import parse_levels
    from amrmetrics.meta.structural import run_structural as run
    from amrmetrics.meta.tables import structural_table
    from amrmetrics.read import CorpusError, format_errors, iter_entries
    from amrmetrics.report import page

    if not 0 < args.confidence < 1:
        raise ValueError("--confidence must be between 0 and 1")
    levels = parse_levels(args.levels)
    entries = [e for path in args.gold for e in iter_entries(path)]
    errors = [e.error for e in entries if e.error is not None]
    if errors:
        raise CorpusError(format_errors(errors))
    metrics = common.metrics_from_args(args)
    with common.stage_progress(not args.no_progress) as progress:
        result = run(
            [e.graph for e in entries], metrics, levels=levels, seed=args.seed, resamples=args.resamples,
            confidence=args.confidence, jobs=args.jobs, progress=progress,
        )
    if args.plot:
        from amrmetrics.meta.plot import plot_damage

        plot_damage(result, args.plot)
    if args.format == "json":
        common.dump_json({"amrmetrics": __version__, "study": "structural", "inputs": args.gold, **result.as_dict()})
        return 0
    title = f"Structural consistency: {result.graphs} graphs x {len(result.levels)} damage levels"
    note = (
        f"rho: Spearman of score and damage (share of relations rewired) over all copies, -100 = perfect; "
        f"{round(100 * result.confidence)}% percentile bootstrap over graphs ({result.resamples} resamples, seed "
        f"{result.seed}); violations: consecutive levels where the damage rises but the score does not fall. "
        f"Left out: {result.duplicates} repeated graphs, {result.without_relations} graphs without relations. "
        "Mean damage per level: " + ", ".join(f"{lv:g}: {d:.3f}" for lv, d in zip(result.levels, result.mean_damage))
    )
    blocks: list[page.Block] = [page.Table(*structural_table(result, args.digits), title), page.Note(note)]
    page.show(blocks + page.signatures([m.signature for m in result.metrics]), args.format)
    return 0
