"""Metrics by name, with parameters in the name: ``smatch``, ``smatch:std=smatchpp-amr``, ``sembleu:n=2``.

A ``--metric`` value is a comma-separated list of specs; a piece with ``=`` but no ``:`` continues
the parameters of the previous spec, so ``s2match:tau=0.6,diffsense=0.5,smatch`` is two metrics.
A parameter without a value is a flag (``smatch:fine`` = ``smatch:fine=yes``).
"""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from amrmetrics.metrics.base import Metric

METRICS: dict[str, str] = {
    "smatch": "amrmetrics.metrics.smatch:Smatch",
    "s2match": "amrmetrics.metrics.s2match:S2match",
    "smatch-fine": "amrmetrics.metrics.fine:FineSmatch",
    "rematch": "amrmetrics.metrics.rematch:Rematch",
    "sembleu": "amrmetrics.metrics.sembleu:SemBLEU",
    "sema": "amrmetrics.metrics.sema:Sema",
    "simple": "amrmetrics.metrics.simple:Simple",
    "wlk": "amrmetrics.metrics.wlk:WLK",
    "wwlk": "amrmetrics.metrics.wwlk:WWLK",
    "xsmatch": "amrmetrics.metrics.crosslingual:XSmatch",
    "xsembleu": "amrmetrics.metrics.crosslingual:XSemBLEU",
    "xs2match": "amrmetrics.metrics.crosslingual:XS2match",
}
"""Registry name -> ``module:Class`` (imported only when used, so unused metrics cost nothing)."""

ALIASES: dict[str, str] = {"smatch:fine": "smatch-fine"}
"""A flag that turns a metric into another registered one: ``smatch:fine`` is ``smatch-fine``."""


class MetricSpecError(ValueError):
    """A ``--metric`` value that names no metric or gives it a bad parameter."""


def metric_class(name: str) -> type[Metric]:
    """The class registered under ``name``."""
    try:
        target = METRICS[name]
    except KeyError:
        raise MetricSpecError(f"unknown metric {name!r}; known metrics: {', '.join(sorted(METRICS))}") from None
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)


def split_specs(text: str) -> list[tuple[str, dict[str, str]]]:
    """Split a ``--metric`` value into (name, raw parameters) items."""
    items: list[tuple[str, dict[str, str]]] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if ":" not in piece and "=" in piece:
            if not items:
                raise MetricSpecError(f"parameter {piece!r} comes before any metric name")
            key, _, value = piece.partition("=")
            items[-1][1][key.strip()] = value.strip()
            continue
        name, _, rest = piece.partition(":")
        params: dict[str, str] = {}
        if rest:
            key, eq, value = rest.partition("=")
            params[key.strip()] = value.strip() if eq else "yes"
        items.append((name.strip(), params))
    return items


def _coerce(cls: type, key: str, raw: str, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if raw.lower() in ("none", "") and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _coerce(cls, key, raw, inner[0]) if len(inner) == 1 else raw
    if origin is Literal:
        if raw not in args:
            raise MetricSpecError(f"{cls.name}: {key} must be one of {', '.join(map(str, args))}, not {raw!r}")
        return raw
    try:
        if hint is bool:
            low = raw.lower()
            if low in ("1", "yes", "true", "on"):
                return True
            if low in ("0", "no", "false", "off"):
                return False
            raise ValueError(raw)
        if hint in (int, float, str):
            return hint(raw)
    except ValueError:
        raise MetricSpecError(f"{cls.name}: {key}={raw!r} is not a valid {hint.__name__}") from None
    return raw


def build_metric(name: str, params: Mapping[str, str], defaults: Mapping[str, Any] | None = None) -> Metric:
    """Build a metric from its name and raw string parameters.

    ``defaults`` (e.g. from CLI options such as ``--timeout``) apply to the metrics that have
    a parameter of that name and do not set it themselves.
    """
    flags = [k for k in params if f"{name}:{k}" in ALIASES and params[k].lower() not in ("0", "no", "false", "off")]
    if flags:
        name, params = ALIASES[f"{name}:{flags[0]}"], {k: v for k, v in params.items() if k != flags[0]}
    cls = metric_class(name)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}  # type: ignore[arg-type]
    hints = typing.get_type_hints(cls)
    unknown = [k for k in params if k not in fields]
    if unknown:
        known = ", ".join(fields) or "none"
        raise MetricSpecError(f"{name}: unknown parameter(s) {', '.join(unknown)}; parameters: {known}")
    kwargs: dict[str, Any] = {k: v for k, v in (defaults or {}).items() if k in fields}
    kwargs.update({k: _coerce(cls, k, v, hints[k]) for k, v in params.items()})
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as err:
        raise MetricSpecError(f"{name}: {err}") from None


def parse_metrics(specs: str | Iterable[str], defaults: Mapping[str, Any] | None = None) -> list[Metric]:
    """Metrics from one or more ``--metric`` values."""
    texts = [specs] if isinstance(specs, str) else list(specs)
    return [build_metric(n, p, defaults) for text in texts for n, p in split_specs(text)]
