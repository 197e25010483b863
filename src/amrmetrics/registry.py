"""One lazy registry pattern for everything chosen by name: metrics, presets, solvers, embedders,
translators and subcommands.

A registry maps a name to ``"module:attribute"`` (the attribute may be dotted, e.g. a class's
factory method); ``registry[name]`` imports the module the first time the name is used, so what a
run does not use costs nothing. Adding a component is one file plus one line in its registry.
Iterating gives the names, so command-line choices and help texts are read from the registry.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from amrmetrics.errors import UsageError
from amrmetrics.words import did_you_mean


class Registry(dict[str, str]):
    """Names of one kind of component and where each is defined (``"module:attribute"``).

    ``registry[name]`` is the object itself, imported once; an unknown name raises ``error``
    naming the closest known one and listing them all. ``registry.target(name)`` is the string.
    """

    def __init__(self, kind: str, targets: Mapping[str, str], error: type[Exception] = UsageError) -> None:
        super().__init__(targets)
        self.kind = kind
        self.error = error
        self._loaded: dict[str, Any] = {}

    def target(self, name: str) -> str:
        """Where ``name`` is defined."""
        return dict.__getitem__(self, name)

    def unknown(self, name: str) -> Exception:
        """The error for a name that is not registered: the closest known name, and all of them."""
        return self.error(f"unknown {self.kind} {name!r}{did_you_mean(name, self)}; known: {', '.join(self)}")

    def __getitem__(self, name: str) -> Any:
        if name not in self._loaded:
            if name not in self:
                raise self.unknown(name)
            module, _, path = self.target(name).partition(":")
            found: Any = importlib.import_module(module)
            for part in path.split("."):
                found = getattr(found, part)
            self._loaded[name] = found
        return self._loaded[name]

    def __setitem__(self, name: str, target: str) -> None:
        super().__setitem__(name, target)
        self._loaded.pop(name, None)

    def __delitem__(self, name: str) -> None:
        super().__delitem__(name)
        self._loaded.pop(name, None)


class Names:
    """What a string parameter takes, read from a registry: ``std: Annotated[str, Names(PRESETS)]``.

    The values are the registry's names, with ``extra`` names before them (``auto``); ``joined``
    (e.g. ``+``) when several names combine into one value; ``other`` (e.g. ``FILE``) when any other
    value is read as that. Listings (``amrmetrics metrics``) read it, so no list of values is written twice.
    """

    def __init__(self, registry: Registry, *, extra: tuple[str, ...] = (), joined: str = "", other: str = "") -> None:
        self.registry, self.extra, self.joined, self.other = registry, extra, joined, other

    def choices(self) -> tuple[str, ...] | None:
        """Every value when they are a closed set, else None."""
        return None if self.joined or self.other else (*self.extra, *self.registry)

    def describe(self) -> str:
        """The values as a listing writes them: ``a|b|c``, ``auto or a|b joined by '+'``, ``a|b or FILE``."""
        names = "|".join(self.registry)
        if self.joined:
            names = f"{names} joined by '{self.joined}'"
            return f"{'|'.join(self.extra)} or {names}" if self.extra else names
        names = "|".join((*self.extra, *self.registry))
        return f"{names} or {self.other}" if self.other else names
