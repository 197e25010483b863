"""Optional: a machine-translation package the user has installed, with its models already installed.

Only Argos Translate (``argostranslate``) is wired in: if it is importable and has an installed
``SOURCE -> en`` model, each label is translated as a one-word text. amrmetrics never installs
the package and never calls its download functions; anything else can be plugged in from Python
as a :class:`~amrmetrics.translate.base.FunctionLexicon`.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterable
from typing import Any

from amrmetrics.errors import option
from amrmetrics.extras import check, require
from amrmetrics.translate.base import CachedLexicon, TranslationSettings, TranslatorUnavailable


class ArgosLexicon(CachedLexicon):
    """Labels translated by an installed Argos Translate model (``source_lang -> en``)."""

    name = "mt:argos"

    @classmethod
    def from_settings(cls, settings: TranslationSettings) -> ArgosLexicon:
        """The ``mt`` backend for the settings' source language."""
        return cls(settings.source_lang)

    def __init__(self, source_lang: str | None) -> None:
        super().__init__()
        if not source_lang:
            raise TranslatorUnavailable(f"the mt translator needs the source language ({option('source_lang', metavar='LANG')})")
        check("argostranslate", "the mt translator", alternative=f"with a local {source_lang}->en model; amrmetrics never installs or downloads one")
        self.source_lang = source_lang
        self.version = f"{_package_version()}/{source_lang}-en"
        self._translation: Any = None
        self._load()

    def __repr__(self) -> str:
        return f"ArgosLexicon({self.source_lang!r})"

    def _load(self) -> Any:
        if self._translation is None:
            translate = require("argostranslate.translate", "the mt translator")
            languages = {lang.code: lang for lang in translate.get_installed_languages()}
            source, target = languages.get(self.source_lang), languages.get("en")
            translation = source.get_translation(target) if source is not None and target is not None else None
            if translation is None:
                raise TranslatorUnavailable(f"argostranslate has no installed {self.source_lang}->en model")
            self._translation = translation
        return self._translation

    def _lookup(self, word: str) -> Iterable[str]:
        answer = self._load().translate(word.replace("-", " "))
        return (answer,) if answer else ()

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_translation"] = None
        return state


def _package_version() -> str:
    """The installed argostranslate version (its module's ``__version__`` when it has no metadata)."""
    try:
        return importlib.metadata.version("argostranslate")
    except importlib.metadata.PackageNotFoundError:
        argostranslate = require("argostranslate", "the mt translator")
        return str(getattr(argostranslate, "__version__", "unknown"))
