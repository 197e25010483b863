"""The translation protocol: a source-language label in, ranked English labels out, cached per label.

A :class:`Lexicon` is a context-free backend (a bilingual dictionary file, CC-CEDICT, an installed
MT package, any Python callable): it answers one label with English candidates, best first, or
with nothing. Candidates are normalised to AMR-like labels (:func:`english_label`: lower case,
no leading "to", words joined by ``-``), so ``"to go to bed"`` becomes ``go-to-bed``. Every backend
keeps a per-object cache of the labels it has answered (never a module-level one).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from amrmetrics.errors import UsageError

MAX_WORDS = 3
"""Longer glosses ("to be fond of sth in a bad way") are explanations, not labels, and are dropped."""

_BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_LEADING = re.compile(r"^(?:to|a|an|the)\s+")
_LABEL = re.compile(r"[a-z0-9][a-z0-9' -]*")
_PLACEHOLDERS = frozenset({"sb", "sth", "sb's", "sth's", "one's", "oneself", "etc"})
"""Dictionary shorthand that marks a gloss as a pattern, not a word ("to let sb do sth")."""


class TranslatorUnavailable(UsageError):
    """A named translation backend is not installed or not usable (a configuration error)."""


def english_label(text: str) -> str | None:
    """An AMR-like English label from a gloss or an MT output, or None when it is not one.

    Bracketed notes are removed, the text is lower-cased, a leading "to"/"a"/"the" and trailing
    punctuation are dropped, and up to :data:`MAX_WORDS` words are joined with ``-``. Glosses with
    other characters or dictionary placeholders (``sb``, ``sth``) give None.
    """
    text = _BRACKETS.sub(" ", text).lower()
    text = " ".join(text.replace("\u2019", "'").split()).strip(" .,;:!?")
    text = _LEADING.sub("", text)
    words = text.split()
    if not words or len(words) > MAX_WORDS or not _LABEL.fullmatch(text):
        return None
    if any(w in _PLACEHOLDERS for w in words):
        return None
    return "-".join(words)


@runtime_checkable
class Lexicon(Protocol):
    """What the translator needs from a context-free backend."""

    name: str

    def candidates(self, word: str) -> tuple[str, ...]:
        """English labels for ``word``, best first (empty: the backend does not know it)."""
        ...

    def signature(self) -> str:
        """``name@version`` for metric signatures."""
        ...


class CachedLexicon(ABC):
    """Base of the bundled lexicons: normalisation and a per-object cache in front of :meth:`_lookup`."""

    name: str = "lexicon"
    version: str = ""

    def __init__(self) -> None:
        self._cache: dict[str, tuple[str, ...]] = {}

    @abstractmethod
    def _lookup(self, word: str) -> Iterable[str]:
        """Raw English glosses of one word, best first (empty when unknown)."""

    def candidates(self, word: str) -> tuple[str, ...]:
        """Normalised, de-duplicated English labels for ``word`` (cached)."""
        cached = self._cache.get(word)
        if cached is None:
            labels = (english_label(g) for g in self._lookup(word))
            cached = tuple(dict.fromkeys(label for label in labels if label))
            self._cache[word] = cached
        return cached

    def signature(self) -> str:
        """``name@version``."""
        return f"{self.name}@{self.version}" if self.version else self.name


class FunctionLexicon(CachedLexicon):
    """Any callable ``label -> English text | list of texts | None`` as a lexicon (an MT system, an API).

    ``name`` and ``version`` go into signatures, so name the system and its model. The callable
    must be picklable for ``--jobs`` > 1.
    """

    def __init__(self, function: Callable[[str], str | Sequence[str] | None], name: str, version: str = "") -> None:
        super().__init__()
        self.function = function
        self.name = name
        self.version = version

    def _lookup(self, word: str) -> Iterable[str]:
        answer = self.function(word)
        if answer is None:
            return ()
        return (answer,) if isinstance(answer, str) else tuple(answer)


@dataclass(frozen=True)
class TranslationSettings:
    """What a ``translator`` spec's backends are built from (a metric's translation parameters)."""

    source_lang: str | None = None
    dictionary: str | None = None
    vectors: str | None = None
    min_sim: float = 0.0
