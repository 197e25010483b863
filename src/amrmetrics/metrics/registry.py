"""Metrics by name, with parameters in the name: ``smatch``, ``smatch:std=smatchpp-amr``, ``sembleu:n=2``.

A ``--metric`` value is a comma-separated list of specs; a piece with ``=`` but no ``:`` continues
the parameters of the previous spec, so ``s2match:tau=0.6,diffsense=0.5,smatch`` is two metrics.
A parameter without a value is a flag (``smatch:fine`` = ``smatch:fine=yes``).
:func:`describe_metrics` lists every registered metric with its parameters, for ``amrmetrics metrics``.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal

from amrmetrics.errors import BackendMissing, UsageError
from amrmetrics.metrics.base import Metric
from amrmetrics.registry import Names, Registry


class MetricSpecError(UsageError):
    """A ``--metric`` value that names no metric or gives it a bad parameter."""


METRICS = Registry(
    "metric",
    {
        "smatch": "amrmetrics.metrics.smatch:Smatch",
        "s2match": "amrmetrics.metrics.s2match:S2match",
        "smatch-fine": "amrmetrics.metrics.fine:FineSmatch",
        "docsmatch": "amrmetrics.metrics.docsmatch:DocSmatch",
        "rematch": "amrmetrics.metrics.rematch:Rematch",
        "sembleu": "amrmetrics.metrics.sembleu:SemBLEU",
        "sema": "amrmetrics.metrics.sema:Sema",
        "simple": "amrmetrics.metrics.simple:Simple",
        "wlk": "amrmetrics.metrics.wlk:WLK",
        "wwlk": "amrmetrics.metrics.wwlk:WWLK",
        "xsmatch": "amrmetrics.metrics.crosslingual:XSmatch",
        "xsembleu": "amrmetrics.metrics.crosslingual:XSemBLEU",
        "xs2match": "amrmetrics.metrics.crosslingual:XS2match",
        "umr": "amrmetrics.metrics.umr:UmrMetric",
        "ancast": "amrmetrics.metrics.ancast:Ancast",
        "jumach": "amrmetrics.metrics.jumach:Jumach",
    },
    MetricSpecError,
)
"""Registry name -> ``module:Class`` (imported only when used, so unused metrics cost nothing)."""

ALIASES: dict[str, str] = {"smatch:fine": "smatch-fine", "smatch:doc": "docsmatch"}
"""A flag that turns a metric into another registered one: ``smatch:fine`` is ``smatch-fine``; a
value other than yes goes to the target's parameter of that name (``smatch:doc=any`` is
``docsmatch:doc=any``)."""


def metric_class(name: str) -> type[Metric]:
    """The class registered under ``name``."""
    cls: type[Metric] = METRICS[name]
    return cls


def split_specs(text: str) -> list[tuple[str, dict[str, str]]]:
    """Split a ``--metric`` value into (name, raw parameters) items."""
    items: list[tuple[str, dict[str, str]]] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and (":" not in piece or piece.index("=") < piece.index(":")):
            # a parameter of the metric before it; its value may hold a colon (vectors=st:LaBSE)
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


@functools.cache
def _parameters(cls: type[Metric]) -> Mapping[str, Any]:
    """A metric class's parameters (its init fields, in order) and their resolved type hints.

    Computed once per class: ``typing.get_type_hints`` re-evaluates every annotation string and took
    about a third of the time of a loop of single-pair API calls.
    """
    hints = typing.get_type_hints(cls)
    return types.MappingProxyType({f.name: hints[f.name] for f in dataclasses.fields(cls) if f.init})  # type: ignore[arg-type]


def parameter_names(cls: type[Metric]) -> tuple[str, ...]:
    """The parameters of a metric class (what a spec or an option of that name sets), in order."""
    return tuple(_parameters(cls))


def build_metric(name: str, params: Mapping[str, str], defaults: Mapping[str, Any] | None = None) -> Metric:
    """Build a metric from its name and raw string parameters.

    ``defaults`` (e.g. from CLI options such as ``--timeout``) apply to the metrics that have
    a parameter of that name and do not set it themselves.
    """
    flags = [k for k in params if f"{name}:{k}" in ALIASES and params[k].lower() not in ("0", "no", "false", "off")]
    if flags:
        flag, value = flags[0], params[flags[0]]
        name, params = ALIASES[f"{name}:{flag}"], {k: v for k, v in params.items() if k != flag}
        if value.lower() not in ("1", "yes", "true", "on"):
            params[flag] = value
    cls = metric_class(name)
    hints = _parameters(cls)
    unknown = [k for k in params if k not in hints]
    if unknown:
        known = ", ".join(hints) or "none"
        raise MetricSpecError(f"{name}: unknown parameter(s) {', '.join(unknown)}; parameters: {known}")
    kwargs: dict[str, Any] = {k: v for k, v in (defaults or {}).items() if k in hints}
    kwargs.update({k: _coerce(cls, k, v, hints[k]) for k, v in params.items()})
    try:
        return cls(**kwargs)
    except BackendMissing:  # not a bad spec: the spec is right, a package is missing
        raise
    except (TypeError, ValueError) as err:
        raise MetricSpecError(f"{name}: {err}") from None


def parse_metrics(specs: str | Iterable[str], defaults: Mapping[str, Any] | None = None) -> list[Metric]:
    """Metrics from one or more ``--metric`` values."""
    texts = [specs] if isinstance(specs, str) else list(specs)
    return [build_metric(n, p, defaults) for text in texts for n, p in split_specs(text)]


@dataclasses.dataclass(frozen=True)
class ParameterInfo:
    """One parameter of a registered metric: name, the values it takes, default (as ``--metric`` writes
    them), and every value when they are a closed set (a choice, yes/no, the names of a registry)."""

    name: str
    kind: str
    default: str
    choices: tuple[str, ...] | None = None


@dataclasses.dataclass(frozen=True)
class MetricInfo:
    """A registered metric: name, the first line of its docstring, parameters, and the flags that name it too."""

    name: str
    summary: str
    parameters: tuple[ParameterInfo, ...]
    aliases: tuple[str, ...]


def describe_metrics() -> list[MetricInfo]:
    """Every metric of :data:`METRICS`, in registry order, read from its class (fields, type hints, docstring)."""
    out = []
    for name in METRICS:
        cls = metric_class(name)
        hints = typing.get_type_hints(cls, include_extras=True)
        parameters = tuple(
            ParameterInfo(f.name, _kind(hints[f.name]), _default(f), _choices(hints[f.name]))
            for f in dataclasses.fields(cls)  # type: ignore[arg-type]
            if f.init
        )
        summary = (cls.__doc__ or "").strip().partition("\n")[0].replace("``", "")
        aliases = tuple(alias for alias, target in ALIASES.items() if target == name)
        out.append(MetricInfo(name, summary, parameters, aliases))
    return out


def _names(hint: Any) -> Names | None:
    """The registry names an ``Annotated[str, Names(...)]`` parameter takes, else None."""
    return next((m for m in getattr(hint, "__metadata__", ()) if isinstance(m, Names)), None)


def _kind(hint: Any) -> str:
    """The values a parameter takes: ``int``, ``yes|no``, ``exact|hillclimb``, ``float or none``, a registry's names."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        names = _names(hint)
        return names.describe() if names else _kind(args[0])
    if origin in (typing.Union, types.UnionType):
        return " or ".join([_kind(a) for a in args if a is not type(None)] + (["none"] if type(None) in args else []))
    if origin is Literal:
        return "|".join(map(str, args))
    if hint is bool:
        return "yes|no"
    return getattr(hint, "__name__", str(hint))


def _choices(hint: Any) -> tuple[str, ...] | None:
    """Every value a parameter takes when they are a closed set (as ``--metric`` writes them), else None."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        names = _names(hint)
        return names.choices() if names else _choices(args[0])
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        closed = _choices(inner[0]) if len(inner) == 1 else None
        return None if closed is None else closed + (("none",) if type(None) in args else ())
    if origin is Literal:
        return tuple(map(str, args))
    return ("yes", "no") if hint is bool else None


def _default(field: dataclasses.Field[Any]) -> str:
    """The default as ``--metric`` writes it (``yes``/``no``, ``none``), or ``required``."""
    if field.default is not dataclasses.MISSING:
        value = field.default
    elif field.default_factory is not dataclasses.MISSING:
        value = field.default_factory()
    else:
        return "required"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)
