"""``amrmetrics documents CORPUS --sentences N``: join consecutive sentence graphs into document graphs."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from amrmetrics.cli.checks import add_output
from amrmetrics.errors import UsageError


def add_parser(subparsers: Any) -> None:
    """Register the ``documents`` subcommand."""
    parser = subparsers.add_parser(
        "documents",
        help="join every N consecutive sentence graphs into one document graph (multi-sentence root, :sntK)",
        description=(
            "Write the documents of a sentence-level corpus: each N consecutive graphs (the last document may "
            "be shorter) under a 'multi-sentence' root with :snt1 ... :sntN edges, sentence K's variables "
            "prefixed with sK. Join the parser output and the gold file the same way, then score the documents "
            "(--metric smatch, or smatch:doc=sentence to align nodes within their sentence as docSmatch does)."
        ),
    )
    parser.add_argument("corpus", help="sentence graphs, PENMAN")
    parser.add_argument("--sentences", "-n", type=int, required=True, metavar="N", help="sentences per document")
    parser.add_argument(
        "--step", type=int, default=1, metavar="K", help="take every K-th graph only, from the first (default 1: all)"
    )
    add_output(parser, "--output", "-o", metavar="FILE", help="write the documents here (default: standard output)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write the documents; returns the exit status."""
    from amrmetrics.read.documents import join_file

    if args.sentences < 1 or args.step < 1:
        raise UsageError("--sentences and --step must be at least 1")
    documents = list(join_file(args.corpus, args.sentences, step=args.step))
    text = "".join(d + "\n\n" for d in documents)
    if args.output:
        from amrmetrics.writing import write_text

        write_text(args.output, text)
    else:
        sys.stdout.write(text)
    return 0
