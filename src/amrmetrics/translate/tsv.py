"""A bilingual dictionary file supplied by the user: TSV lines ``source word<TAB>English word``.

A source word may have several lines; their order is the ranking (first = preferred). Lines
starting with ``#`` and blank lines are skipped; columns after the second are ignored. Source
words are matched lower-cased and stripped, as the graph labels they are looked up for.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from amrmetrics.embed.vectors_file import fingerprint
from amrmetrics.errors import DataError
from amrmetrics.translate.base import CachedLexicon, TranslationSettings, TranslatorUnavailable


class DictionaryFileError(DataError, TranslatorUnavailable):
    """A dictionary file that is missing or malformed (with the path and line)."""


class TsvDictionary(CachedLexicon):
    """English candidates from a two-column TSV file (read whole at first use)."""

    @classmethod
    def from_settings(cls, settings: TranslationSettings) -> TsvDictionary:
        """The ``dict`` backend: the dictionary file of the settings."""
        if not settings.dictionary:
            raise TranslatorUnavailable("translator dict needs a dictionary file (dictionary=FILE)")
        return cls(settings.dictionary)

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = Path(path)
        if not self.path.is_file():
            raise DictionaryFileError(f"dictionary file not found: {self.path}")
        self.name = f"dict:{self.path.name}"
        self.version = fingerprint(self.path)
        self._entries: dict[str, list[str]] | None = None

    def __repr__(self) -> str:
        return f"TsvDictionary({str(self.path)!r})"

    def _read(self) -> dict[str, list[str]]:
        if self._entries is None:
            entries: dict[str, list[str]] = {}
            with self.path.open(encoding="utf-8") as handle:
                for number, line in enumerate(handle, start=1):
                    if not line.strip() or line.lstrip().startswith("#"):
                        continue
                    fields = line.rstrip("\r\n").split("\t")
                    if len(fields) < 2 or not fields[0].strip() or not fields[1].strip():
                        raise DictionaryFileError(
                            f"{self.path}, line {number}: expected 'source word<TAB>English word'"
                        )
                    entries.setdefault(fields[0].strip().lower(), []).append(fields[1].strip())
            self._entries = entries
        return self._entries

    def _lookup(self, word: str) -> Iterable[str]:
        return self._read().get(word.strip().lower(), ())
