"""The metric interface: one (test, gold) pair in, sufficient statistics out.

As in sacreBLEU, a metric never reads files, prints or aggregates. It maps a standardized pair to
a small vector of sufficient statistics (for Smatch: matched, |test|, |gold|), and turns any such
vector (one pair's, or a corpus sum) into scores. Micro averaging (score of the pooled statistics),
macro averaging (mean of pair scores), bootstrap, comparison and parallel runs are written once,
against this interface, in :mod:`amrmetrics.stats` and :mod:`amrmetrics.engine.run`.

Metrics are frozen dataclasses: their fields are their parameters (``smatch:std=smatchpp``), so
a metric object is its own configuration and pickles to worker processes.
"""

from __future__ import annotations

import dataclasses
import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

import numpy as np

from amrmetrics.graph import Graph

T = TypeVar("T")


@dataclass(frozen=True)
class PairResult:
    """What a metric says about one pair: statistics (in ``stat_names`` order) and details.

    ``details`` is for per-pair output only (bounds, solver status, an alignment); aggregation
    never looks at it.
    """

    stats: tuple[float, ...]
    details: Mapping[str, Any] = field(default_factory=dict)


def pair_result(stats: tuple[float, ...], details: Mapping[str, Any]) -> PairResult:
    """``PairResult(stats, details)`` with its two fields written straight into the new object (the frozen
    dataclass's ``__init__`` sets each through ``object.__setattr__``): about a third of the cost, paid once a
    pair on the compiled paths. The object equals the one ``__init__`` makes."""
    made = object.__new__(PairResult)
    fields = made.__dict__
    fields["stats"] = stats
    fields["details"] = details
    return made


@functools.cache
def dict_maker(names: tuple[str, ...]) -> Callable[[Sequence[Any]], dict[str, float]]:
    """A function making ``{names[k]: float(values[k])}`` from ``len(names)`` values, written as one dict
    display (generated once per ``names``, as ``collections.namedtuple`` writes its methods): about four
    times faster than ``dict(zip(names, map(float, values)))``, which every per-pair score of the API paid
    for its statistics. The names are bound as values, never written into the code."""
    namespace: dict[str, Any] = {f"name{k}": name for k, name in enumerate(names)}
    display = ", ".join(f"name{k}: float(values[{k}])" for k in range(len(names)))
    exec(f"def make(values):\n    return {{{display}}}", namespace)  # noqa: S102 (generated from integers only)
    made: Callable[[Sequence[Any]], dict[str, float]] = namespace["make"]
    return made


class Metric(ABC):
    """Base class of every metric; subclasses are frozen dataclasses whose fields are parameters.

    The empty graph earns no credit: it stands for a graph that could not be read (``--on-error
    zero`` scores a pair with a malformed graph against it, and so does the warm scorer), so a
    pair with an empty side scores 0 on every score that applies, even when both sides are empty.
    ``tests/registry/test_malformed_earns_nothing.py`` holds every registered metric to this.
    """

    name: ClassVar[str]
    """Registry name, e.g. ``smatch``."""
    stat_names: ClassVar[tuple[str, ...]]
    """Names of the sufficient statistics returned by :meth:`pair`."""
    score_names: ClassVar[tuple[str, ...]] = ("P", "R", "F")
    """Names of the scores returned by :meth:`scores`; the last one is the headline score."""
    score_range: ClassVar[tuple[float, float]] = (0.0, 1.0)
    """The interval every score (a fraction) lies in, up to float rounding; a NaN means "does not apply"."""
    symmetric: ClassVar[bool] = True
    """True when swapping test and gold swaps P and R and keeps F (or the score)."""
    notes: ClassVar[tuple[str, ...]] = ()
    """Facts every report of this metric must state (e.g. that it is asymmetric)."""
    unit: ClassVar[str] = "graph"
    """What one pair is: two graphs, or (``document``) two UMR documents, read from ``.umr`` input."""
    process_local: ClassVar[frozenset[str]] = frozenset()
    """Cache keys (see :meth:`cached`) that stay in their process: a pickled metric leaves them out."""

    def cached(self, key: str, make: Callable[[], T]) -> T:
        """The cache entry ``key`` of this metric object, built by ``make`` on first use.

        The one cache of a metric (an opened embedder, a solver, precomputed weights): stored beside
        the frozen fields, never compared, pickled to worker processes unless ``key`` is in
        :attr:`process_local`.
        """
        cache = self.__dict__.setdefault("_cache", {})
        if key not in cache:
            cache[key] = make()
        return cache[key]

    def set_cached(self, key: str, value: Any) -> None:
        """Replace the cache entry ``key`` (a component plugged in from Python)."""
        self.__dict__.setdefault("_cache", {})[key] = value

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        if "_cache" in state:
            state["_cache"] = {k: v for k, v in state["_cache"].items() if k not in self.process_local}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def prepare(self, graph: Graph) -> Any:
        """Standardize one graph for this metric (done once per graph and :meth:`prepare_key`)."""
        return graph

    def prepare_key(self) -> Hashable:
        """Metrics with equal keys share prepared graphs, so a graph is standardized once."""
        return (type(self).__name__, self.parameters())

    @abstractmethod
    def pair(self, test: Any, gold: Any) -> PairResult:
        """Sufficient statistics of one prepared (test, gold) pair."""

    def text_scorer(self) -> Callable[[str, str], PairResult | None] | None:
        """A function that scores a pair given as two PENMAN texts without making graph objects (a compiled
        fused path), or None. It must answer exactly what :meth:`prepare` and :meth:`pair` answer on the
        decoded graphs, or None for a pair it leaves to them; the engine asks once per batch."""
        return None

    @abstractmethod
    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        """Scores (fractions) from statistics; ``stats[..., k]`` is statistic k, any leading shape."""

    def pair_scores(self, stats: Sequence[Sequence[float]]) -> list[dict[str, float]]:
        """Each pair's scores as a dict of floats, from each pair's statistics: what :meth:`scores` gives,
        row by row (per-pair results of the API; a metric may compute them without numpy where that is
        cheaper, with the same float operations)."""
        scores = self.scores(np.array(stats, dtype=np.float64).reshape(len(stats), -1))
        make = dict_maker(tuple(scores))
        return [make(row) for row in zip(*(np.asarray(values).reshape(-1).tolist() for values in scores.values()))]

    @property
    def headline(self) -> str:
        """The score a single number reports (F for Smatch)."""
        return self.score_names[-1]

    def micro(self, stats: np.ndarray) -> dict[str, float]:
        """Corpus score of the pooled statistics (``stats`` is ``(pairs, k)``)."""
        pooled = np.asarray(stats, dtype=np.float64).sum(axis=0)
        return {k: float(v) for k, v in self.scores(pooled).items()}

    def macro(self, stats: np.ndarray) -> dict[str, float]:
        """Mean over pairs of the pair scores (macro F is not the harmonic mean of macro P, R).

        A NaN pair score means "does not apply to this pair" (a fine-grained aspect neither graph
        has); such pairs are left out of that score's mean, which is NaN if no pair applies.
        """
        per_pair = self.scores(np.asarray(stats, dtype=np.float64))
        out = {}
        for k, v in per_pair.items():
            applies = ~np.isnan(v)
            out[k] = float(v[applies].mean()) if applies.any() else float("nan")
        return out

    def summary(self, stats: np.ndarray) -> dict[str, Any]:
        """Metric-specific corpus facts to report beside the scores (default: none)."""
        return {}

    def parameters(self) -> tuple[tuple[str, Any], ...]:
        """The parameter values of this metric, in field order."""
        return tuple((f.name, getattr(self, f.name)) for f in dataclasses.fields(self))  # type: ignore[arg-type]

    def signature_items(self) -> list[tuple[str, str]]:
        """``(key, value)`` items naming every setting that changes a number."""
        return [(k, _format_value(v)) for k, v in self.parameters()]

    def signature(self) -> str:
        """sacreBLEU-style signature of this metric alone, e.g. ``smatch|std:smatch|solver:exact``.

        A run's full signature adds the run settings and the version (:mod:`amrmetrics.engine.signature`).
        """
        return format_signature(self.name, self.signature_items())

    def spec(self) -> str:
        """The ``--metric`` text that rebuilds this metric (non-default parameters only)."""
        changed = [
            f"{f.name}={_format_value(getattr(self, f.name))}"
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if f.default is not dataclasses.MISSING and getattr(self, f.name) != f.default
        ]
        return self.name + (":" + ",".join(changed) if changed else "")


def format_signature(name: str, items: Sequence[tuple[str, str]]) -> str:
    """The one signature format: ``name|key:value|key:value``."""
    return "|".join([name] + [f"{k}:{v}" for k, v in items])


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return str(value)


def prf(matched: np.ndarray, n_test: np.ndarray, n_gold: np.ndarray) -> dict[str, np.ndarray]:
    """Precision, recall and F1 from match counts and sizes, elementwise.

    P = matched / |test|, R = matched / |gold|, F = 2PR / (P + R). An empty side gives 0, two
    empty sides too: the empty graph earns no credit (see :class:`Metric`).
    """
    matched, n_test, n_gold = (np.asarray(a, dtype=np.float64) for a in (matched, n_test, n_gold))
    if matched.size == 1 and n_test.size == 1 and n_gold.size == 1:  # one pair: floats beat numpy calls
        shape = np.broadcast_shapes(matched.shape, n_test.shape, n_gold.shape)
        scores = _prf_one(float(matched.flat[0]), float(n_test.flat[0]), float(n_gold.flat[0]))
        return {name: np.full(shape, value) for name, value in zip("PRF", scores)}
    zero = np.zeros(np.broadcast_shapes(matched.shape, n_test.shape, n_gold.shape))  # every score has this shape
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(n_test > 0, matched / np.where(n_test > 0, n_test, 1), zero)
        r = np.where(n_gold > 0, matched / np.where(n_gold > 0, n_gold, 1), zero)
        f = np.where(p + r > 0, 2 * p * r / np.where(p + r > 0, p + r, 1), 0.0)
    return {"P": p, "R": r, "F": f}


def jaccard(intersection: Any, union: Any) -> Any:
    """``intersection / union``, elementwise; 0 where both sets are empty (the empty graph earns
    no credit, see :class:`Metric`)."""
    intersection, union = np.asarray(intersection), np.asarray(union)
    out = np.zeros(np.broadcast_shapes(intersection.shape, union.shape))
    with np.errstate(invalid="ignore"):  # inf / inf is NaN, silently
        return np.divide(intersection, union, out=out, where=union > 0)


def aspect_prf(counts: np.ndarray, aspects: tuple[str, ...], always: str = "Smatch") -> dict[str, np.ndarray]:
    """``{aspect}.P/R/F`` from counts shaped ``(..., aspect, [matched, test, gold])``; NaN where an
    aspect has nothing on either side (it does not apply), except ``always``, which is scored as is."""
    out: dict[str, np.ndarray] = {}
    for i, aspect in enumerate(aspects):
        m, t, g = counts[..., i, 0], counts[..., i, 1], counts[..., i, 2]
        scores = prf(m, t, g)
        absent = (t == 0) & (g == 0) if aspect != always else np.zeros_like(t, dtype=bool)
        for k in ("P", "R", "F"):
            out[f"{aspect}.{k}"] = np.where(absent, np.nan, scores[k])
    return out


FEW_PAIRS = 32
"""Up to this many pairs, P/R/F are computed on floats (the same operations as numpy's, without its
fixed cost per call, which dominates a candidate list's scores)."""


def _prf_one(matched: float, n_test: float, n_gold: float) -> tuple[float, float, float]:
    """:func:`prf` of one pair, with the same float operations."""
    p = matched / n_test if n_test > 0 else 0.0
    r = matched / n_gold if n_gold > 0 else 0.0
    return p, r, (2 * p * r / (p + r) if p + r > 0 else 0.0)


class MatchMetric(Metric):
    """A metric whose statistics start with (matched, |test|, |gold|) and whose scores are P, R, F."""

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        stats = np.asarray(stats, dtype=np.float64)
        if stats.ndim == 1:  # one pair (per-pair output, the API): floats beat numpy calls
            return {name: np.asarray(value) for name, value in zip("PRF", _prf_one(*stats[:3].tolist()))}
        if stats.ndim == 2 and 0 < len(stats) <= FEW_PAIRS:  # a handful (candidate lists): so do they
            columns = zip(*(_prf_one(*row) for row in stats[:, :3].tolist()))
            return {name: np.array(column, dtype=np.float64) for name, column in zip("PRF", columns)}
        return prf(stats[..., 0], stats[..., 1], stats[..., 2])

    def pair_scores(self, stats: Sequence[Sequence[float]]) -> list[dict[str, float]]:
        if type(self).scores is not MatchMetric.scores:  # a subclass's own scores decide
            return super().pair_scores(stats)
        return [{"P": p, "R": r, "F": f} for p, r, f in (_prf_one(float(row[0]), float(row[1]), float(row[2])) for row in stats)]


class SimilarityMetric(Metric):
    """A similarity kernel: statistics are (score, 1), so micro and macro are both the mean score."""

    stat_names: ClassVar[tuple[str, ...]] = ("score", "pairs")
    score_names: ClassVar[tuple[str, ...]] = ("score",)

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        stats = np.asarray(stats, dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            return {"score": stats[..., 0] / stats[..., 1]}

    @staticmethod
    def result(score: float, **details: Any) -> PairResult:
        """The pair result for a similarity value."""
        return PairResult((float(score), 1.0), details)
