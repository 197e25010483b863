"""rematch (Kachwala et al., Findings of NAACL 2024): the Jaccard overlap of two graphs' motif sets.

No alignment: each graph becomes a set of variable-free *motifs* and the score is |A ∩ B| / |A ∪ B|.

* attribute motifs ``(role, value)``;
* concept motifs: the bare ``label`` (a string) for a node without attributes, else
  ``(label, (role, value))`` for each of its attributes (and no bare label);
* relation motifs ``(s, role, t)`` for every concept motif ``s`` of the source and ``t`` of the target.

``classes=FILE`` replaces a concept found in a PropBank → class table (the reference's JSON format,
``{"want-01": {"label": "..."}}``) by its class label; no table is bundled. ``compat=yes`` reads the
graphs as the reference's parser (smatch 1.0.4) does; the default reads them as ``smatch`` does
(see docs/rematch.md for every difference). Motif sets are per graph, so a similarity matrix is one
sparse product (:meth:`Rematch.matrix`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric, PairResult, jaccard
from amrmetrics.metrics.native import core_active, rematch_texts_natively
from amrmetrics.read.recent import PreparedGraphs
from amrmetrics.standardize import DEINVERSION_EXCEPTIONS, unquote
from amrmetrics.standardize.s2match_reference import parsed_constant

DEFAULT_STEPS = ("lowercase", "conflate-quotes", "deinvert", "mod-domain")
"""The standardization steps the default mode applies (the ``smatch`` preset's, without TOP; sets need no dedup)."""

REFERENCE_EXCEPTIONS = frozenset(role[1:] for role in DEINVERSION_EXCEPTIONS)
"""The ``-of`` roles smatch 1.0.4 does not invert, compared case-sensitively without the colon."""

ROWS_PER_CHUNK = 512
"""Rows of the similarity matrix computed per sparse product in :meth:`Rematch.matrix`."""

_LINE_BREAK = re.compile(r"[ \t\r\f\v]*\n\s*")

Motif = tuple[Any, ...]
Triples = tuple[dict[str, str], list[tuple[str, str, str]], list[tuple[str, str, str]]]
"""Per graph: concept label per variable, attributes ``(var, role, value)``, relations ``(source, role, target)``."""


def load_classes(path: str) -> tuple[dict[str, str], str]:
    """A concept → class table (``{"frame": {"label": "class", ...}}``) and its signature name ``file@sha256``."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as err:
        raise ValueError(f"classes file {path}: {err.strerror or err}") from None
    try:
        table = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ValueError(f"classes file {path}: not JSON ({err})") from None
    if not isinstance(table, dict):
        raise ValueError(f"classes file {path}: expected a JSON object mapping concepts to {{\"label\": ...}}")
    labels = {}
    for concept, entry in table.items():
        label = entry.get("label") if isinstance(entry, dict) else None
        if not isinstance(label, str):
            raise ValueError(f"classes file {path}: entry {concept!r} has no string \"label\"")
        labels[concept] = label
    return labels, f"{os.path.basename(path)}@{hashlib.sha256(raw).hexdigest()[:12]}"


def fixed_triples(graph: Graph) -> Triples:
    """The graph as the ``smatch`` preset reads it, in one pass: the triples of :data:`DEFAULT_STEPS`.

    Lowercase; quotes conflated; ``-of`` roles inverted (but ``:consist-of`` and the other
    exceptions); then ``:mod`` is a reversed ``:domain`` and ``:mod-of`` a ``:domain``. A test checks
    this equals running the named steps.
    """
    concepts = {var: concept.lower() for var, concept in graph.instances}
    attributes = [(var, role.lower(), unquote(value).lower()) for var, role, value in graph.attributes]
    relations = []
    for source, role, target in graph.relations:
        role = role.lower()
        if role.endswith("-of") and role not in DEINVERSION_EXCEPTIONS:
            source, role, target = target, role[:-3], source
        if role == ":mod":
            relations.append((target, ":domain", source))
        elif role == ":mod-of":
            relations.append((source, ":domain", target))
        else:
            relations.append((source, role, target))
    return concepts, attributes, relations


def _reverses(role: str) -> bool:
    """smatch 1.0.4 stores this role (written without colon) reversed: ``-of`` roles and ``mod``."""
    return role == "mod" or (role[-3:] == "-of" and role not in REFERENCE_EXCEPTIONS)


def reference_triples(graph: Graph) -> Triples:
    """The graph as the reference's parser (smatch 1.0.4) reads it, quirks included.

    Case-sensitive ``-of`` inversion with the exception list; ``mod`` becomes a reversed
    ``domain`` and ``mod-of`` a reversed ``mod``; a reversed role onto a constant is lost; a quoted
    constant keeps its first token; relation roles keep their case; an attribute whose value reads
    ``top`` is dropped (the reference's way of removing its TOP triple). Concepts, attribute roles
    and constants are lowercased without trailing ``_`` (smatch's marker of a closing quote).
    """
    concepts = {}
    for var, concept in graph.instances:
        if len(concept) >= 2 and concept[0] == '"' == concept[-1]:
            concept = concept[1:-1].replace(" ", "") + "_"
        concepts[var] = concept.lower().rstrip("_")
    attributes = []
    for var, role, value in graph.attributes:
        role = role[1:]
        if _reverses(role):
            continue
        if value[0] == '"':
            value = parsed_constant(_LINE_BREAK.sub("", value) if "\n" in value else value)
        if value != "top":
            attributes.append((var, role.lower().rstrip("_"), value.lower().rstrip("_")))
    relations = []
    for source, role, target in graph.relations:
        role = role[1:]
        if role == "mod":
            relations.append((target, "domain", source))
        elif role[-3:] == "-of" and role not in REFERENCE_EXCEPTIONS:
            relations.append((target, role[:-3], source))
        else:
            relations.append((source, role, target))
    return concepts, attributes, relations


def motifs(triples: Triples, classes: Mapping[str, str]) -> frozenset[Motif]:
    """The motif set of a graph's triples (concepts found in ``classes`` replaced by their class)."""
    concepts, attributes, relations = triples
    out: list[Motif] = []
    own: dict[str, list[tuple[str, str]]] = {}
    for var, role, value in attributes:
        pair = (role, value)
        out.append(pair)
        if var in own:
            own[var].append(pair)
        else:
            own[var] = [pair]
    nodes = {}
    label_of = classes.get
    for var, concept in concepts.items():
        label = label_of(concept, concept)
        pairs = own.get(var)
        node = [(label, pair) for pair in pairs] if pairs else [label]
        out += node
        nodes[var] = node
    for source, role, target in relations:
        sources, targets = nodes[source], nodes[target]
        if len(sources) == 1 == len(targets):
            out.append((sources[0], role, targets[0]))
        else:
            out += [(s, role, t) for s in sources for t in targets]
    return frozenset(out)


@dataclass(frozen=True)
class Rematch(Metric):
    """|motifs(test) ∩ motifs(gold)| / |motifs(test) ∪ motifs(gold)| (symmetric, in [0, 1]).

    Statistics per pair: intersection and union sizes, so micro = Σ∩ / Σ∪ and macro = the mean
    pair Jaccard (what the reference prints per pair). Parameters: ``classes`` (a concept → class
    table file, default none), ``compat`` (read graphs as the reference's parser does).
    """

    name: ClassVar[str] = "rematch"
    stat_names: ClassVar[tuple[str, ...]] = ("intersection", "union")
    score_names: ClassVar[tuple[str, ...]] = ("score",)
    process_local: ClassVar[frozenset[str]] = frozenset({"prepared"})

    classes: str | None = None
    compat: bool = False

    def __post_init__(self) -> None:
        table, label = load_classes(self.classes) if self.classes else ({}, "none")
        object.__setattr__(self, "_classes", table)
        object.__setattr__(self, "_classes_label", label)

    @property
    def classes_label(self) -> str:
        """``none`` or the table's file name and content hash, ``pb2va.json@1a2b3c4d5e6f``."""
        return self.__dict__["_classes_label"]

    def prepare(self, graph: Graph) -> frozenset[Motif]:
        return self.cached("prepared", PreparedGraphs).prepared(graph, self._motifs)

    def _motifs(self, graph: Graph) -> frozenset[Motif]:
        triples = reference_triples(graph) if self.compat else fixed_triples(graph)
        return motifs(triples, self.__dict__["_classes"])

    def prepare_key(self) -> tuple[str, bool, str]:
        return ("rematch", self.compat, self.classes_label)

    def text_scorer(self) -> Callable[[str, str], PairResult | None] | None:
        """The compiled core's fused path (read both texts, apply :data:`DEFAULT_STEPS`, compare their motif
        sets, in one call) for the default mode without a ``classes`` table, on what this class's own
        :meth:`prepare` and :meth:`pair` make (a subclass that changes either keeps the layered path); it
        answers while the core is switched on."""
        cls = type(self)
        own = all(getattr(cls, name) is getattr(Rematch, name) for name in ("prepare", "_motifs", "pair"))
        if self.compat or self.classes or not own or not core_active():
            return None

        def scored(test: str, gold: str) -> PairResult | None:
            found = rematch_texts_natively(test, gold, DEFAULT_STEPS)
            return None if found is None else PairResult((float(found[0]), float(found[1])))

        return scored

    def pair(self, test: frozenset[Motif], gold: frozenset[Motif]) -> PairResult:
        common = len(test & gold)
        return PairResult((float(common), float(len(test) + len(gold) - common)))

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        stats = np.asarray(stats, dtype=np.float64)
        if stats.shape == (2,):  # one pair (per-pair output): the same division, without array overhead
            common, union = stats.tolist()
            return {"score": np.float64(common / union if union > 0 else 0.0)}
        return {"score": jaccard(stats[..., 0], stats[..., 1])}

    def matrix(self, prepared: Sequence[frozenset[Motif]], progress: Callable[[int], None] | None = None) -> np.ndarray:
        """All-pairs Jaccard of prepared graphs: one sparse binary motif matrix, intersections by product."""
        from scipy import sparse

        columns: dict[Motif, int] = {}
        indptr, indices = [0], []
        for motif_set in prepared:
            indices.extend(columns.setdefault(m, len(columns)) for m in motif_set)
            indptr.append(len(indices))
        data = np.ones(len(indices), dtype=np.int32)
        x = sparse.csr_matrix((data, np.array(indices, dtype=np.int64), np.array(indptr)), shape=(len(prepared), len(columns)))
        sizes = np.diff(indptr).astype(np.float64)
        out = np.empty((len(prepared), len(prepared)))
        for start in range(0, len(prepared), ROWS_PER_CHUNK):
            rows = slice(start, min(len(prepared), start + ROWS_PER_CHUNK))
            common = (x[rows] @ x.T).toarray().astype(np.float64)
            out[rows] = jaccard(common, sizes[rows, None] + sizes[None, :] - common)
            if progress:
                progress(rows.stop - rows.start)
        return out

    def signature_items(self) -> list[tuple[str, str]]:
        return [("classes", self.classes_label), ("compat", "yes" if self.compat else "no"), ("motifs", "set")]

