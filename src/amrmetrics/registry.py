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


class Registry(dict[str, str]):
    """Names of one kind of component and where each is defined (``"module:attribute"``).

    ``registry[name]`` is the object itself, imported once; an unknown name raises ``error``
    listing the known ones. ``registry.target(name)`` is the string.
    """

    def __init__(self, kind: str, targets: Mapping[str, str], error: type[Exception] = UsageError) -> None:
        super().__init__(targets)
        self.kind = kind
        self.error = error
        self._loaded: dict[str, Any] = {}

    def target(self, name: str) -> str:
        """Where ``name`` is defined."""
        return dict.__getitem__(self, name)

    def __getitem__(self, name: str) -> Any:
        if name not in self._loaded:
            if name not in self:
                raise self.error(f"unknown {self.kind} {name!r}; known: {', '.join(self)}")
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
