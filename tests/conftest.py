"""Shared test helpers: where ../shared is, and a skip marker for tests that need it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("AMRMETRICS_SHARED") or ROOT.parent / "shared")
"""The read-only shared data beside the checkout (absent on a user's fresh clone); the environment
variable ``AMRMETRICS_SHARED`` points elsewhere (a worktree that is not beside it, a mutation run's copy)."""
EXAMPLES = ROOT / "examples"
DATA = Path(__file__).resolve().parent / "data"
"""Small test fixtures written for this project."""

GOLDEN_DATASETS: dict[str, tuple[str, str]] = {
    "littleprince": ("littleprince-parses/candidates.amr", "littleprince-parses/references.amr"),
    **{
        f"bamboo/{task}/{kind}": (f"bamboo/{task}/{kind}/src.dev.amr", f"bamboo/{task}/{kind}/tgt.dev.amr")
        for task in ("sts", "sick", "para")
        for kind in ("main", "reify", "syno", "role_confusion")
    },
}
"""Every dataset the golden files score (its folder name under ../shared/golden): test and gold
files, relative to ../shared/data."""

settings.register_profile("amrmetrics", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("amrmetrics")
"""No property test depends on the machine's speed: hypothesis's deadline and its data-generation timing
check fail on a loaded CI host (9 examples in a second on a shared runner), not on anything we wrote.
Tests that pass their own ``suppress_health_check`` list name ``too_slow`` in it too."""

requires_shared = pytest.mark.skipif(
    not (SHARED / "golden").is_dir(), reason="../shared (golden data) is not beside this checkout"
)


def shared(*parts: str) -> Path:
    """A path inside ../shared."""
    return SHARED.joinpath(*parts)


def golden_rows(path: Path) -> list[dict[str, str]]:
    """Rows of a golden TSV file as dicts keyed by its header."""
    lines = path.read_text(encoding="utf-8").splitlines()
    head = lines[0].split("\t")
    return [dict(zip(head, line.split("\t"))) for line in lines[1:] if line]


@pytest.fixture(scope="session")
def _session_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("amrmetrics-cache")


@pytest.fixture(autouse=True)
def _test_environment(monkeypatch: pytest.MonkeyPatch, _session_cache: Path) -> None:
    """Every test (and every process it starts) caches embeddings in a folder of this test session,
    never the user's cache; and a run asked for workers starts them whatever the corpus size (start-up
    declared free), so that tests of worker processes run in workers. Tests of the worker rule and of
    the cache set these variables themselves."""
    monkeypatch.setenv("AMRMETRICS_CACHE_DIR", str(_session_cache))
    monkeypatch.setenv("AMRMETRICS_WORKER_STARTUP", "0")
