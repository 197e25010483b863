"""``amrmetrics smatch -f TEST GOLD``: every flag of smatch.py 1.0.4 and its output, computed exactly.

Scores go to stdout exactly as smatch.py prints them (``Precision: ``, ``Recall: ``, ``F-score: ``
with ``--significant`` decimals); ``-v``/``--vv`` write their trace to stderr, as smatch.py does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from amrmetrics.align.solve import SOLVERS
from amrmetrics.cli import common
from amrmetrics.metrics.base import MatchMetric, prf

if TYPE_CHECKING:
    from amrmetrics.engine.run import CorpusRun
    from amrmetrics.graph import Graph

JUST_FLAGS = {"justinstance": "instances", "justattribute": "attributes", "justrelation": "relations"}
"""smatch.py's flags that score one kind of triple -> the kind."""
RULE = "=" * 44


def _count(text: str) -> int:
    """A non-negative integer argument (decimals, restarts)."""
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, not {value}")
    return value


def add_parser(subparsers: Any) -> None:
    """Register the ``smatch`` subcommand (smatch 1.0.4's flags and output layout)."""
    from amrmetrics.standardize.presets import PRESETS

    parser = subparsers.add_parser(
        "smatch",
        help="drop-in for smatch.py: same flags and output, exact alignment",
        description=(
            "smatch.py 1.0.4's interface and output. Scores are exact (certified optimal alignment) with "
            "the 'smatch' preset (deduplicated, parser bugs fixed); -r only matters with --solver hillclimb. "
            "Two graphs without any triple of the scored kind (e.g. --justrelation on single-node graphs) "
            "score 0, as in smatch.py."
        ),
    )
    parser.add_argument("-f", nargs=2, required=True, metavar=("TEST", "GOLD"), help="test file and gold file")
    parser.add_argument("-r", type=_count, default=4, help="hill-climbing restarts (only with --solver hillclimb)")
    parser.add_argument("--significant", type=_count, default=2, help="decimals to print (default 2)")
    parser.add_argument("-v", action="store_true", help="verbose: each pair's triples, best match and alignment on stderr")
    parser.add_argument("--vv", action="store_true", help="very verbose: -v plus each pair's solver bounds, status and time")
    parser.add_argument("--ms", action="store_true", help="one score per pair instead of the corpus score")
    parser.add_argument("--pr", action="store_true", help="also print precision and recall")
    just = parser.add_mutually_exclusive_group()
    for flag, kind in JUST_FLAGS.items():
        just.add_argument(f"--{flag}", action="store_true", help=f"align and score the {kind[:-1]} triples only")
    parser.add_argument("--std", default="smatch", choices=sorted(PRESETS), help="standardization preset (default smatch)")
    parser.add_argument("--solver", choices=list(SOLVERS), default="exact", help="alignment solver")
    parser.add_argument("--timeout", type=float, metavar="SECONDS", help="work budget per pair for the exact solver, in seconds (reproducible; the wall clock stops a pair at twice it, status clock-limit)")
    common.add_reading_options(parser)
    common.add_run_options(parser)
    parser.set_defaults(handler=run)


def _metric(args: argparse.Namespace) -> MatchMetric:
    """Smatch, or Smatch on one kind of triple when a --just* flag is given."""
    from amrmetrics.metrics.smatch import Smatch
    from amrmetrics.metrics.smatch_parts import SmatchPart

    params: dict[str, Any] = {"std": args.std, "solver": args.solver, "timeout": args.timeout, "restarts": args.r, "seed": args.seed}
    kinds = [kind for flag, kind in JUST_FLAGS.items() if getattr(args, flag)]
    return SmatchPart(**params, triples=kinds[0]) if kinds else Smatch(**params)


def _print(stats: Sequence[float], args: argparse.Namespace) -> None:
    """smatch.py's score lines for (matched, |test|, |gold|)."""
    scores = prf(stats[0], stats[1], stats[2])
    fmt = f"%.{args.significant}f"
    if args.pr:
        print("Precision: " + fmt % float(scores["P"]))
        print("Recall: " + fmt % float(scores["R"]))
    print("F-score: " + fmt % float(scores["F"]))


def _triples(graph: Graph) -> dict[str, list[tuple[str, str, str]]]:
    """The triples of each kind, instances written ``(variable, :instance, concept)``."""
    return {
        "Instance": [(v, ":instance", c) for v, c in graph.instances],
        "Attribute": list(graph.attributes),
        "Relation": list(graph.relations),
    }


def _alignment(test: Graph, gold: Graph, mapping: Sequence[Sequence[str]]) -> str:
    """``var(concept)-var(concept)`` for every test node, ``-Null`` when unmapped (smatch.py's layout)."""
    to_gold = dict(mapping)
    gold_concepts = gold.concepts
    return " ".join(
        f"{v}({c})-" + (f"{to_gold[v]}({gold_concepts[to_gold[v]]})" if v in to_gold else "Null") for v, c in test.instances
    )


def _number(value: float) -> str:
    """A count without a trailing ``.0``."""
    return f"{value:g}"


def _trace(test_file: str, gold_file: str, metric: MatchMetric, run: CorpusRun, args: argparse.Namespace) -> None:
    """The -v/--vv report on stderr: each scored pair's triples, best match and alignment, then the totals."""
    from amrmetrics.graph import EMPTY_GRAPH
    from amrmetrics.read import pair_files

    out = sys.stderr
    records = {record.index: record for record in run.records}
    _, pairs = pair_files(test_file, gold_file, pair_by_id=args.pair_by_id)
    for pair in pairs:
        record = records.get(pair.index)
        if record is None:
            continue
        test, gold = (metric.prepare(e.graph if e.graph is not None else EMPTY_GRAPH) for e in (pair.test, pair.gold))
        result = record.results[0]
        print(f"AMR pair {pair.index + 1}", file=out)
        print(RULE, file=out)
        for side, graph in (("1", test), ("2", gold)):
            for kind, triples in _triples(graph).items():
                print(f"{kind} triples of AMR {side}: {len(triples)}", file=out)
                print(triples, file=out)
        print(f"best match number {_number(result.stats[0])}", file=out)
        print(f"Best node mapping alignment: {_alignment(test, gold, result.details['alignment'])}", file=out)
        if args.vv:
            d = result.details
            print(
                f"solver: {d['status']}, lower bound {_number(d['lower'])}, upper bound {_number(d['upper'])}, "
                f"{d['solver_seconds']:.4f} s",
                file=out,
            )
    totals = run.stats(0).sum(axis=0) if run.records else [0.0, 0.0, 0.0]
    print("Total match number, total triple number in AMR 1, and total triple number in AMR 2:", file=out)
    print(" ".join(_number(x) for x in totals[:3]), file=out)
    print("-" * 81, file=out)


def run(args: argparse.Namespace) -> int:
    """Score like smatch.py and print its layout."""
    metric = _metric(args)
    test, gold = args.f
    result = common.score_files(test, gold, [metric], args, keep_records=args.v or args.vv).run
    common.warn_errors(result)
    if args.v or args.vv:
        _trace(test, gold, metric, result, args)
    stats = result.stats(0)
    if args.ms:
        for row in stats:
            _print(row, args)
    else:
        _print(stats.sum(axis=0) if len(stats) else [0.0, 0.0, 0.0], args)
    return 0
