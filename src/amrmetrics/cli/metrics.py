"""``amrmetrics metrics``: every registered metric with its parameters, their values and defaults.

The values come from each parameter's type: a choice, yes/no, or the names of a registry (presets,
solvers, embedding and translation backends); JSON also lists them (``choices``) when they are a closed set.
"""

from __future__ import annotations

import argparse
from typing import Any

from amrmetrics.cli import common


def add_parser(subparsers: Any) -> None:
    """Register the ``metrics`` subcommand."""
    parser = subparsers.add_parser(
        "metrics",
        help="list every metric with its parameters and defaults (what --metric accepts)",
        description=(
            "Every metric --metric accepts, read from the registry: one line of help, then each parameter with "
            "the values it takes and its default. Parameters go after ':' (-m s2match:tau=0.6,vectors=glove.txt)."
        ),
    )
    parser.add_argument("--format", "-f", choices=("text", "json"), default="text", help="output format (default text)")
    parser.set_defaults(handler=run)


def _option(parameter: str) -> str:
    """The command-line option that sets ``parameter`` for every metric having it, or ''."""
    return f"--{parameter.replace('_', '-')}" if parameter in common.OPTION_PARAMETERS else ""


def _as_dict(metric: Any) -> dict[str, Any]:
    parameters = [
        {
            "name": p.name,
            "values": p.kind,
            "choices": list(p.choices) if p.choices is not None else None,
            "default": p.default,
            "option": _option(p.name) or None,
        }
        for p in metric.parameters
    ]
    return {"name": metric.name, "help": metric.summary, "aliases": list(metric.aliases), "parameters": parameters}


def _lines(metric: Any) -> list[str]:
    """The metric's help line, then one aligned line per parameter: name, values, default, option."""
    also = f" (also {', '.join(metric.aliases)})" if metric.aliases else ""
    rows = [(p.name, p.kind, f"default {p.default}", _option(p.name)) for p in metric.parameters]
    widths = [max((len(row[i]) for row in rows), default=0) for i in range(3)]
    lines = [f"{metric.name}{also}: {metric.summary}"]
    lines += ["  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths + [0])).rstrip() for row in rows]
    return lines if rows else lines + ["  no parameters"]


def run(args: argparse.Namespace) -> int:
    """Print the metrics; returns the exit status."""
    from amrmetrics._native import STATUS, describe
    from amrmetrics.metrics.registry import describe_metrics
    from amrmetrics.version import __version__

    metrics = describe_metrics()
    if args.format == "json":
        common.dump_json({"amrmetrics": __version__, "native_core": STATUS, "metrics": [_as_dict(m) for m in metrics]})
        return 0
    print(f"amrmetrics {__version__} ({describe()})")
    print("--metric NAME[:PARAMETER=VALUE,...]; an option after a parameter sets it for every metric having it.")
    for metric in metrics:
        print()
        print("\n".join(_lines(metric)))
    return 0
