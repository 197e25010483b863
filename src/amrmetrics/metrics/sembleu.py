"""SemBLEU (Song & Gildea 2019): BLEU over variable-free graph n-grams, test = hypothesis, gold = reference."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric, PairResult
from amrmetrics.metrics.native import core_active, sembleu_texts_natively
from amrmetrics.metrics.ngrams import Ngram, ngram_counts
from amrmetrics.metrics.sembleu_graphs import label_graph, reference_label_graph
from amrmetrics.read.recent import PreparedGraphs

REFERENCE_WEIGHTS = (0.34, 0.33, 0.34)
"""The reference's default weights for n = 3 (they sum to 1.01)."""


@dataclass(frozen=True, slots=True)
class NgramBag:
    """A prepared graph: n-gram counts per order, their totals, and |G| = nodes + edges."""

    counts: tuple[dict[Ngram, int], ...]
    totals: tuple[int, ...]
    size: int


def clipped_matches(hyp: dict[Ngram, int], ref: dict[Ngram, int]) -> int:
    """BLEU's clipped count: sum over n-grams of min(count in hypothesis, count in reference)."""
    small, large = (hyp, ref) if len(hyp) <= len(ref) else (ref, hyp)
    total = 0
    for gram, count in small.items():
        other = large.get(gram)
        if other:
            total += count if count < other else other
    return total


def parse_weights(text: str, n: int, compat: bool) -> tuple[float, ...]:
    """The n-gram weights named by ``weights=``: ``auto``, ``uniform``, ``reference`` or ``w1/w2/...``.

    ``auto`` is uniform 1/n, except in compat mode with n = 3, where it is the reference's
    (0.34, 0.33, 0.34), so ``sembleu:compat=1`` prints what ``eval.py TEST GOLD`` prints.
    """
    if text == "auto":
        return REFERENCE_WEIGHTS if compat and n == 3 else (1.0 / n,) * n
    if text == "uniform":
        return (1.0 / n,) * n
    if text == "reference":
        if n != 3:
            raise ValueError("weights=reference is defined for n=3 only")
        return REFERENCE_WEIGHTS
    try:
        weights = tuple(float(w) for w in text.split("/"))
    except ValueError:
        raise ValueError(f"weights must be auto, uniform, reference or n numbers like 0.5/0.3/0.2, not {text!r}") from None
    if len(weights) != n or any(not w >= 0 for w in weights) or sum(weights) <= 0:
        raise ValueError(f"weights {text!r}: need {n} non-negative numbers with a positive sum")
    return weights


def bleu(stats: np.ndarray, weights: tuple[float, ...]) -> np.ndarray:
    """SemBLEU from statistics ``(m1, c1, ..., mn, cn, |hyp|, |ref|)``, elementwise over leading axes.

    Modified precision p_k = m_k / c_k; the j-th order with no match gets 1 / (2^j max(1, c_k))
    (Chen & Cherry method 3); if the highest order with any hypothesis n-gram is K < n, weights
    become uniform 1/K over orders 1..K (the reference's auto re-weighing); brevity penalty
    exp(1 - |ref|/|hyp|) when |hyp| <= |ref|. No unigram match gives 0, so the empty graph earns
    nothing, even against itself.
    """
    stats = np.asarray(stats, dtype=np.float64)
    n = len(weights)
    matched, counts = stats[..., 0 : 2 * n : 2], stats[..., 1 : 2 * n : 2]
    hyp, ref = stats[..., 2 * n], stats[..., 2 * n + 1]
    orders = np.arange(1, n + 1)
    top = np.max(np.where(counts > 0, orders, 0), axis=-1)[..., None]
    reweigh = top < n
    used = ~reweigh | (orders <= top)
    w = np.where(reweigh, np.where(orders <= top, 1.0 / np.maximum(top, 1), 0.0), np.asarray(weights))
    nth_zero = np.cumsum((matched == 0) & used, axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_p = np.where(
            matched > 0,
            np.log(matched / np.where(counts > 0, counts, 1)),
            np.log(1.0 / (2.0**nth_zero * np.maximum(1.0, counts))),
        )
        brevity = np.where(hyp > ref, 1.0, np.where(hyp > 0, np.exp(1.0 - ref / np.where(hyp > 0, hyp, 1)), 0.0))
    score = brevity * np.exp(np.sum(np.where(used, w * log_p, 0.0), axis=-1))
    return np.where(matched[..., 0] > 0, score, 0.0)


def bleu_one(stats: np.ndarray, weights: tuple[float, ...]) -> np.float64:
    """:func:`bleu` of one pair's statistics (a 1-D array): the same floating-point operations on
    the same values (numpy's log, sum and exp over arrays of the same length), without the array
    bookkeeping that costs a per-pair score ten times more (tests check every bit)."""
    n = len(weights)
    values = stats.tolist()
    matched, counts, hyp, ref = values[0 : 2 * n : 2], values[1 : 2 * n : 2], values[2 * n], values[2 * n + 1]
    if not matched[0] > 0:
        return np.float64(0.0)
    top = max((k for k in range(1, n + 1) if counts[k - 1] > 0), default=0)
    used = [top >= n or k <= top for k in range(1, n + 1)]
    w = weights if top >= n else tuple(1.0 / max(top, 1) if k <= top else 0.0 for k in range(1, n + 1))
    zeros = 0
    ratios = []
    for m, c, u in zip(matched, counts, used):
        zeros += m == 0 and u
        ratios.append(m / (c if c > 0 else 1) if m > 0 else 1.0 / (2.0**zeros * max(1.0, c)))
    log_p = np.log(np.array(ratios)).tolist()
    weighted = np.array([wk * lp if u else 0.0 for wk, lp, u in zip(w, log_p, used)])
    brevity = 1.0 if hyp > ref else np.exp(np.float64(1.0 - ref / hyp)) if hyp > 0 else 0.0
    return brevity * np.exp(np.add.reduce(weighted))  # np.sum's reduction, without its Python wrapper


@dataclass(frozen=True)
class SemBLEU(Metric):
    """SemBLEU: n-gram precision of the test graph against the gold graph, with a brevity penalty.

    Parameters: ``n`` (highest n-gram order, default 3), ``weights`` (``auto``, ``uniform``,
    ``reference`` = 0.34/0.33/0.34, or ``w1/.../wn``), ``compat`` (reproduce the reference's
    graph reading and weights instead of amrmetrics' fixes; see docs/sembleu.md). Statistics per
    pair: clipped matches and hypothesis n-grams per order, then |test| and |gold| (nodes +
    edges); the corpus (micro) score pools them like the reference's ``corpus_bleu``, the macro
    score is the mean of smoothed sentence scores.
    """

    n: int = 3
    weights: str = "auto"
    compat: bool = False

    name: ClassVar[str] = "sembleu"
    score_names: ClassVar[tuple[str, ...]] = ("score",)
    symmetric: ClassVar[bool] = False
    process_local: ClassVar[frozenset[str]] = frozenset({"prepared"})
    notes: ClassVar[tuple[str, ...]] = (
        "asymmetric: the test graph is the hypothesis and the gold graph the reference (n-gram precision "
        "and brevity penalty); swapping the files changes the score",
    )

    def __post_init__(self) -> None:
        if self.n < 1:
            raise ValueError("n must be >= 1")
        parse_weights(self.weights, self.n, self.compat)

    @property
    def stat_names(self) -> tuple[str, ...]:  # type: ignore[override]
        """``m1, c1, ..., mn, cn, len_test, len_gold`` (built once: every per-pair score names them)."""
        return self.cached("stat_names", self._stat_names)

    def _stat_names(self) -> tuple[str, ...]:
        per_order = tuple(name for k in range(1, self.n + 1) for name in (f"m{k}", f"c{k}"))
        return per_order + ("len_test", "len_gold")

    @property
    def weight_values(self) -> tuple[float, ...]:
        """The weights in use, one per order (parsed once)."""
        return self.cached("weight_values", lambda: parse_weights(self.weights, self.n, self.compat))

    def prepare(self, graph: Graph) -> NgramBag:
        return self.cached("prepared", PreparedGraphs).prepared(graph, self._bag)

    def _bag(self, graph: Graph) -> NgramBag:
        labelled = reference_label_graph(graph) if self.compat else label_graph(graph)
        counts = ngram_counts(labelled, self.n)
        return NgramBag(counts, tuple(sum(c.values()) for c in counts), labelled.size)

    def prepare_key(self) -> tuple[str, int, bool]:
        return ("sembleu", self.n, self.compat)

    def pair(self, test: NgramBag, gold: NgramBag) -> PairResult:
        stats: list[float] = []
        for hyp, ref, total in zip(test.counts, gold.counts, test.totals):
            stats += (clipped_matches(hyp, ref), total)
        stats += (test.size, gold.size)
        return PairResult(tuple(map(float, stats)))

    def text_scorer(self) -> Callable[[str, str], PairResult | None] | None:
        """The compiled core's fused path (read both texts, count and clip their n-grams, in one call) for the
        default mode, on what this class's own :meth:`prepare` and :meth:`pair` make (compat mode and a
        subclass that changes either keep the layered path); it answers while the core is switched on."""
        cls = type(self)
        own = all(getattr(cls, name) is getattr(SemBLEU, name) for name in ("prepare", "_bag", "pair"))
        if self.compat or not own or not core_active():
            return None
        n = self.n

        def scored(test: str, gold: str) -> PairResult | None:
            found = sembleu_texts_natively(test, gold, n)
            return None if found is None else PairResult(tuple(map(float, found)))

        return scored

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        stats = np.asarray(stats, dtype=np.float64)
        if stats.shape == (2 * self.n + 2,):  # one pair (per-pair output, the API)
            return {"score": bleu_one(stats, self.weight_values)}
        return {"score": bleu(stats, self.weight_values)}

    def signature_items(self) -> list[tuple[str, str]]:
        weights = self.weight_values
        if weights == (1.0 / self.n,) * self.n:
            text = "uniform"
        else:
            text = "/".join(f"{w:g}" for w in weights)
        return [("n", str(self.n)), ("weights", text), ("compat", "yes" if self.compat else "no")]
