"""``amrmetrics perturb GOLD --levels 0,0.1,...,1 --seed S -o DIR``: structurally damaged copies of gold graphs."""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from typing import Any

from amrmetrics.cli.checks import add_output

LEVELS = "0,0.1,...,1"


def parse_levels(text: str) -> list[float]:
    """Damage levels from ``0,0.25,1`` or an arithmetic series ``first,second,...,last``."""
    items = [t.strip() for t in text.split(",") if t.strip()]
    try:
        if "..." in items:
            if len(items) != 4 or items[2] != "...":
                raise ValueError
            first, second, last = float(items[0]), float(items[1]), float(items[3])
            step = second - first
            if step <= 0 or last < second:
                raise ValueError
            count = int(round((last - first) / step)) + 1
            levels = [round(first + k * step, 10) for k in range(count)]
        else:
            levels = [float(t) for t in items]
    except ValueError:
        raise ValueError(f"--levels: expected numbers like 0,0.5,1 or a series like {LEVELS}, not {text!r}") from None
    if not levels or any(not 0.0 <= v <= 1.0 for v in levels) or levels != sorted(set(levels)):
        raise ValueError(f"--levels: need increasing, distinct numbers in [0, 1], not {text!r}")
    return levels


def level_file(level: float) -> str:
    """The name of the file holding the copies at damage ``level``."""
    return f"level-{level:g}.amr"


DAMAGE = "damage.tsv"
"""The name of the damage table in the output folder."""


def written(args: argparse.Namespace) -> list[str]:
    """The names ``perturb`` writes in its output folder (each level's copies and the damage table)."""
    return [level_file(level) for level in parse_levels(args.levels)] + [DAMAGE]


def add_parser(subparsers: Any) -> None:
    """Register the ``perturb`` subcommand."""
    parser = subparsers.add_parser(
        "perturb",
        help="write copies of gold graphs with a growing share of relation edges rewired (structural damage)",
        description=(
            "For every graph of GOLD and every damage level p, write a copy in which the share p of its relation "
            "edges is rewired (one end moved to another node of the graph; the graph stays connected). Copies are "
            "nested (a higher level keeps the lower levels' rewirings) and deterministic for a seed; "
            "DIR/level-<p>.amr holds graph i's copy at level p as graph i, DIR/damage.tsv the actual damage. "
            "See docs/meta-evaluation.md."
        ),
    )
    parser.add_argument("gold", metavar="GOLD", help="gold graphs, PENMAN")
    add_output(
        parser, "-o", "--output", required=True, metavar="DIR", inside=written, help="folder for the copies (created if needed)"
    )
    parser.add_argument("--levels", default=LEVELS, help=f"damage levels in [0, 1] (default {LEVELS})")
    parser.add_argument("--seed", type=int, default=12345, help="seed of the rewiring (default 12345)")
    parser.add_argument("--format", "-f", choices=("text", "json"), default="text", help="summary format on stdout")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Read the gold graphs, write every level's copies and the damage table; returns the exit status."""
    from amrmetrics.meta.perturb import perturb, to_penman
    from amrmetrics.read import CorpusError, format_errors, iter_entries
    from amrmetrics.writing import output_file, write_failed

    levels = parse_levels(args.levels)
    entries = list(iter_entries(args.gold))
    errors = [e.error for e in entries if e.error is not None]
    if errors:
        raise CorpusError(format_errors(errors))
    try:
        os.makedirs(args.output, exist_ok=True)
    except OSError as err:
        raise write_failed(args.output, err) from err
    copies = [perturb(e.graph, levels, args.seed, e.number) for e in entries]
    for k, level in enumerate(levels):
        with output_file(os.path.join(args.output, level_file(level))) as out:
            for entry, graph_copies in zip(entries, copies):
                copy = graph_copies[k]
                metadata = {
                    "id": entry.id or str(entry.number), "level": f"{level:g}",
                    "rewired": f"{copy.rewired}/{copy.relations}", "seed": str(args.seed),
                }
                out.write(to_penman(copy.graph, metadata) + "\n\n")
    with output_file(os.path.join(args.output, DAMAGE), newline="") as out:
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(["graph", "id", "level", "relations", "rewired", "damage"])
        for entry, graph_copies in zip(entries, copies):
            for c in graph_copies:
                writer.writerow([entry.number, entry.id or "", f"{c.level:g}", c.relations, c.rewired, repr(c.damage)])
    mean = [sum(c[k].damage for c in copies) / len(copies) if copies else 0.0 for k in range(len(levels))]
    if args.format == "json":
        summary = {"graphs": len(entries), "levels": levels, "seed": args.seed, "output": args.output, "mean_damage": mean}
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
    else:
        print(f"{len(entries)} graphs x {len(levels)} levels written to {args.output} (seed {args.seed})")
        print("mean damage: " + ", ".join(f"{level:g} -> {d:.3f}" for level, d in zip(levels, mean)))
    return 0
