"""Metric principles (after Opitz, Parcalabescu & Frank 2020), measured on a corpus of graph pairs.

* **symmetry** — svr: share of pairs with |m(A,B) - m(B,A)| > 0.0001; msv: mean |m(A,B) - m(B,A)|
  over all pairs;
* **determinacy** — spread of the corpus (micro) score over repeated runs, each with a different
  ``seed`` for metrics that have one (exactly 0 for a deterministic metric);
* **identity** — share of graphs (of both files) with m(G, G) = 1;
* **duplicates** — the duplicate-edge attack (SPECS §3): for every pair and every distinct edge of
  its test graph, append copies of that edge; the largest score gain any duplicated edge buys;
* **bias** — average score loss m(G, G) - m(G', G) when G' replaces the root concept of G by an
  unseen label, against the same loss for a leaf concept (averaged over a graph's leaves first).

Every measurement is a list of pairs scored through the corpus engine, so every registered metric
is probed the same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from amrmetrics.defaults import TIE_TOLERANCE
from amrmetrics.engine.signature import RunSettings, signature
from amrmetrics.graph import Graph
from amrmetrics.meta.scoring import Progress, Scored, score_graphs
from amrmetrics.metrics.base import Metric
from amrmetrics.report.jsonable import json_safe

PRINCIPLES: tuple[str, ...] = ("symmetry", "determinacy", "identity", "duplicates", "bias")
SYMMETRY_THRESHOLD = 1e-4
"""A pair violates symmetry when its two directions differ by more than this (a fraction)."""
PROBE_CONCEPT = "amrmetrics-probe-unseen-concept"
"""The label that replaces a concept in the bias probe (it matches nothing)."""
DEFAULT_RUNS = 3
DEFAULT_COPIES = 2

@dataclass(frozen=True)
class Symmetry:
    """Symmetry violations of one metric over the pairs (scores as fractions).

    ``pairs`` counts the pairs scored in both directions; ``undefined`` pairs (a NaN score, i.e.
    the metric does not apply) are left out.
    """

    pairs: int
    violations: int
    svr: float
    msv: float
    largest: float
    undefined: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"pairs": self.pairs, "violations": self.violations, "svr": json_safe(self.svr),
                "msv": json_safe(self.msv), "max": json_safe(self.largest), "undefined": self.undefined}


@dataclass(frozen=True)
class Determinacy:
    """Corpus scores of repeated runs; ``seeded`` says whether the runs used different seeds."""

    scores: tuple[float, ...]
    seeded: bool

    @property
    def std(self) -> float:
        """Sample standard deviation of the corpus scores (0 for one run)."""
        if len(self.scores) < 2:
            return 0.0
        scores = np.asarray(self.scores, dtype=np.float64)
        return float(np.std(scores - scores[0], ddof=1))  # identical runs give exactly 0, not rounding noise

    @property
    def spread(self) -> float:
        """Largest minus smallest corpus score."""
        return float(max(self.scores) - min(self.scores)) if self.scores else 0.0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"runs": len(self.scores), "seeded": self.seeded, "scores": [json_safe(s) for s in self.scores],
                "std": self.std, "spread": self.spread}


@dataclass(frozen=True)
class Identity:
    """How many graphs score 1 against themselves (graphs with an undefined score left out)."""

    graphs: int
    ones: int
    minimum: float
    undefined: int = 0

    @property
    def share(self) -> float:
        """Share of graphs with m(G, G) = 1."""
        return self.ones / self.graphs if self.graphs else float("nan")

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"graphs": self.graphs, "ones": self.ones, "share": json_safe(self.share),
                "min": json_safe(self.minimum), "undefined": self.undefined}


@dataclass(frozen=True)
class DuplicateAttack:
    """The largest gain a duplicated edge buys, and where."""

    pairs: int
    attacks: int
    copies: int
    max_gain: float
    pairs_gaining: int
    worst: tuple[int, tuple[str, str, str]] | None
    """(1-based pair number, duplicated edge) of the largest gain, when some edge gains."""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        worst = None if self.worst is None else {"pair": self.worst[0], "edge": list(self.worst[1])}
        return {"pairs": self.pairs, "attacks": self.attacks, "copies": self.copies,
                "max_gain": json_safe(self.max_gain), "pairs_gaining": self.pairs_gaining, "worst": worst}


@dataclass(frozen=True)
class Bias:
    """Mean score loss from an unseen root concept vs an unseen leaf concept."""

    graphs: int
    root_loss: float
    leaf_loss: float

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"graphs": self.graphs, "root_loss": json_safe(self.root_loss), "leaf_loss": json_safe(self.leaf_loss)}


@dataclass(frozen=True)
class MetricProbe:
    """The principles measured for one metric (None where not asked for)."""

    spec: str
    signature: str
    declared_symmetric: bool
    symmetry: Symmetry | None = None
    determinacy: Determinacy | None = None
    identity: Identity | None = None
    duplicates: DuplicateAttack | None = None
    bias: Bias | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (scores as fractions)."""
        out: dict[str, Any] = {
            "metric": self.spec, "signature": self.signature, "declared_symmetric": self.declared_symmetric
        }
        for name in PRINCIPLES:
            value = getattr(self, name)
            if value is not None:
                out[name] = value.as_dict()
        return out


def symmetry(forward: np.ndarray, backward: np.ndarray, threshold: float = SYMMETRY_THRESHOLD) -> Symmetry:
    """svr, msv and the largest violation from m(A,B) and m(B,A) per pair (NaN pairs left out)."""
    gap = np.abs(np.asarray(forward, dtype=np.float64) - np.asarray(backward, dtype=np.float64))
    defined = gap[np.isfinite(gap)]
    n = len(defined)
    violations = int((defined > threshold).sum())
    return Symmetry(
        pairs=n,
        violations=violations,
        svr=violations / n if n else float("nan"),
        msv=float(defined.mean()) if n else float("nan"),
        largest=float(defined.max()) if n else float("nan"),
        undefined=len(gap) - n,
    )


def identity(self_scores: np.ndarray, tol: float = TIE_TOLERANCE) -> Identity:
    """Count graphs whose score against themselves is 1 (within ``tol``); NaN scores are left out."""
    scores = np.asarray(self_scores, dtype=np.float64)
    defined = scores[np.isfinite(scores)]
    lowest = float(defined.min()) if len(defined) else float("nan")
    return Identity(len(defined), int((np.abs(defined - 1.0) <= tol).sum()), lowest, len(scores) - len(defined))


def with_seed_offset(metric: Metric, offset: int) -> Metric:
    """The metric with ``seed`` increased by ``offset`` (unchanged when it has no ``seed`` parameter)."""
    if offset == 0 or not has_seed(metric):
        return metric
    return dataclasses.replace(metric, seed=metric.seed + offset)  # type: ignore[type-var, attr-defined]


def has_seed(metric: Metric) -> bool:
    """True when the metric has a ``seed`` parameter (a stochastic component may use it)."""
    return any(f.name == "seed" for f in dataclasses.fields(metric))  # type: ignore[arg-type]


def edges(graph: Graph) -> list[tuple[str, str, str]]:
    """The distinct attribute and relation triples of a graph, in order of first appearance."""
    return list(dict.fromkeys(graph.attributes + graph.relations))


def duplicate_edge(graph: Graph, edge: tuple[str, str, str], copies: int) -> Graph:
    """The graph with ``copies`` extra copies of one of its attribute or relation triples."""
    if edge in graph.relations:
        return graph.evolve(relations=graph.relations + (edge,) * copies)
    return graph.evolve(attributes=graph.attributes + (edge,) * copies)


def leaves(graph: Graph) -> list[str]:
    """Variables other than the root that are the source of no relation (as written)."""
    sources = {s for s, _, _ in graph.relations}
    return [v for v in graph.variables if v not in sources and v != graph.root]


def replace_concept(graph: Graph, variable: str, concept: str = PROBE_CONCEPT) -> Graph:
    """The graph with the concept of ``variable`` replaced."""
    return graph.evolve(instances=tuple((v, concept if v == variable else c) for v, c in graph.instances))


def _corpus_score(scored: Scored, part: slice) -> list[float]:
    """Micro headline score of every metric over one part of a run's pairs."""
    out = []
    for k, metric in enumerate(scored.run.metrics):
        stats = scored.stats(k)[part]
        out.append(metric.micro(stats)[metric.headline] if len(stats) else float("nan"))
    return out


@dataclass
class _Plan:
    """Every pair the probes need, in one list (scored in one engine run), and where each part is."""

    pairs: list[tuple[Graph, Graph]] = dataclasses.field(default_factory=list)
    parts: dict[str, slice] = dataclasses.field(default_factory=dict)

    def add(self, name: str, todo: Sequence[tuple[Graph, Graph]]) -> None:
        self.parts[name] = slice(len(self.pairs), len(self.pairs) + len(todo))
        self.pairs.extend(todo)


def run_probe(
    pairs: Sequence[tuple[Graph, Graph]],
    metrics: Sequence[Metric],
    *,
    principles: Sequence[str] = PRINCIPLES,
    runs: int = DEFAULT_RUNS,
    copies: int = DEFAULT_COPIES,
    jobs: int = 1,
    progress: Progress | None = None,
    settings: RunSettings | None = None,
) -> list[MetricProbe]:
    """Measure the chosen principles for every metric over ``(A, B)`` graph pairs."""
    unknown = [p for p in principles if p not in PRINCIPLES]
    if unknown:
        raise ValueError(f"unknown principle(s) {', '.join(unknown)}; choose from {', '.join(PRINCIPLES)}")
    if runs < 1 or copies < 1:
        raise ValueError("runs and copies must be at least 1")

    def score(label: str, todo: Sequence[tuple[Graph, Graph]], ms: Sequence[Metric]) -> Scored:
        advance = progress(label, len(todo)) if progress else None
        return score_graphs(todo, ms, jobs=jobs, progress=advance)

    graphs = [a for a, _ in pairs] + [b for _, b in pairs]
    plan = _Plan()
    plan.add("forward", pairs)
    if "symmetry" in principles:
        plan.add("backward", [(b, a) for a, b in pairs])
    if "identity" in principles or "bias" in principles:
        plan.add("identity", [(g, g) for g in graphs])
    attacks = _duplicate_attacks(pairs, copies) if "duplicates" in principles else None
    if attacks is not None:
        plan.add("duplicates", attacks.pairs)
    corruptions = _corruptions(graphs) if "bias" in principles else None
    if corruptions is not None:
        plan.add("bias", corruptions.pairs)
    scored = score("probes", plan.pairs, metrics)
    part = {name: scored.scores[:, where] for name, where in plan.parts.items()}

    found: dict[str, list[Any]] = {}
    if "symmetry" in principles:
        found["symmetry"] = [symmetry(part["forward"][k], part["backward"][k]) for k in range(len(metrics))]
    if "determinacy" in principles:
        corpus = [_corpus_score(scored, plan.parts["forward"])]
        for r in range(1, runs):
            rerun = score(f"run {r + 1}", pairs, [with_seed_offset(m, r) for m in metrics])
            corpus.append(_corpus_score(rerun, slice(None)))
        found["determinacy"] = [Determinacy(tuple(run[k] for run in corpus), has_seed(m)) for k, m in enumerate(metrics)]
    if "identity" in principles:
        found["identity"] = [identity(part["identity"][k]) for k in range(len(metrics))]
    if attacks is not None:
        found["duplicates"] = attacks.results(part["duplicates"] - part["forward"][:, attacks.owners], len(pairs))
    if corruptions is not None:
        found["bias"] = corruptions.results(part["identity"][:, corruptions.owners] - part["bias"], len(graphs))
    run_settings = settings or RunSettings()
    return [
        MetricProbe(
            spec=m.spec(),
            signature=signature(m, run_settings),
            declared_symmetric=m.symmetric,
            **{name: values[k] for name, values in found.items()},
        )
        for k, m in enumerate(metrics)
    ]


@dataclass(frozen=True)
class _Attacks:
    """Duplicate-edge attacks: the attacked pairs, the pair each comes from, and the edge it copies."""

    pairs: list[tuple[Graph, Graph]]
    owners: list[int]
    used: list[tuple[str, str, str]]
    copies: int

    def results(self, gains: np.ndarray, n_pairs: int) -> list[DuplicateAttack]:
        """Per metric: the largest gain (``gains`` is ``(metrics, attacks)``) and where it occurs."""
        if not self.pairs:
            return [DuplicateAttack(n_pairs, 0, self.copies, 0.0, 0, None) for _ in range(len(gains))]
        gains = np.where(np.isfinite(gains), gains, -np.inf)
        out = []
        for row in gains:
            best = int(np.argmax(row))
            gaining = row > TIE_TOLERANCE
            out.append(
                DuplicateAttack(
                    pairs=n_pairs,
                    attacks=len(self.pairs),
                    copies=self.copies,
                    max_gain=max(0.0, float(row[best])),  # 0 when no attack is defined
                    pairs_gaining=len({self.owners[j] for j in np.flatnonzero(gaining)}),
                    worst=(self.owners[best] + 1, self.used[best]) if gaining[best] else None,
                )
            )
        return out


def _duplicate_attacks(pairs: Sequence[tuple[Graph, Graph]], copies: int) -> _Attacks:
    """One attack per pair and distinct edge of its test graph: the edge appended ``copies`` times."""
    attacked, owners, used = [], [], []
    for i, (test, gold) in enumerate(pairs):
        for edge in edges(test):
            attacked.append((duplicate_edge(test, edge, copies), gold))
            owners.append(i)
            used.append(edge)
    return _Attacks(attacked, owners, used, copies)


@dataclass(frozen=True)
class _Corruptions:
    """Bias probes: (corrupted graph, graph) pairs, the graph each comes from, and root or leaf."""

    pairs: list[tuple[Graph, Graph]]
    owners: list[int]
    is_root: list[bool]

    def results(self, losses: np.ndarray, n_graphs: int) -> list[Bias]:
        """Per metric: mean root loss and mean (per-graph averaged) leaf loss; ``losses`` is ``(metrics, probes)``."""
        if not self.pairs:
            return [Bias(0, float("nan"), float("nan")) for _ in range(len(losses))]
        owners, is_root = np.array(self.owners), np.array(self.is_root)
        probed = np.bincount(owners[is_root], minlength=n_graphs) > 0
        out = []
        for row in losses:
            root = _mean_per_graph(owners[is_root], row[is_root], n_graphs)[probed]
            leaf = _mean_per_graph(owners[~is_root], row[~is_root], n_graphs)[probed]
            out.append(Bias(int(probed.sum()), _nanmean(root), _nanmean(leaf)))
        return out


def _corruptions(graphs: Sequence[Graph]) -> _Corruptions:
    """For every graph with a leaf: its root concept, and each leaf concept, replaced by an unseen one."""
    pairs, owners, is_root = [], [], []
    for g, graph in enumerate(graphs):
        leaf_vars = leaves(graph)
        if graph.root is None or not leaf_vars:
            continue
        for variable in [graph.root] + leaf_vars:
            pairs.append((replace_concept(graph, variable), graph))
            owners.append(g)
            is_root.append(variable == graph.root)
    return _Corruptions(pairs, owners, is_root)


def _mean_per_graph(owners: np.ndarray, losses: np.ndarray, size: int) -> np.ndarray:
    """Mean of the defined (non-NaN) losses of each graph; NaN for a graph with none."""
    defined = np.isfinite(losses)
    total = np.bincount(owners[defined], weights=losses[defined], minlength=size)
    count = np.bincount(owners[defined], minlength=size)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(count > 0, total / np.where(count > 0, count, 1), np.nan)


def _nanmean(values: np.ndarray) -> float:
    defined = values[np.isfinite(values)]
    return float(defined.mean()) if len(defined) else float("nan")
