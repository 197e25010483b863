"""The ``st:MODEL`` backend's own code, run in every test run with a stand-in for the optional
sentence-transformers package (which needs torch and a downloaded model, so it is in no extra of
amrmetrics; the model-quality check in test_embed_quality.py runs where it is installed)."""

from __future__ import annotations

import importlib.metadata
import pickle
import sys
import types

import numpy as np
import pytest

from amrmetrics.embed import open_embedder
from amrmetrics.errors import BackendMissing
from amrmetrics.embed.calibration import Calibration
from amrmetrics.embed.sbert import SentenceTransformerEmbedder

VECTORS = {"dog": [3.0, 4.0, 0.0], "hound": [0.0, 4.0, 3.0], "cat": [-3.0, -4.0, 0.0]}
"""dog . hound = 16 / 25 = 0.64; dog . cat = -1 (clamped to 0)."""


class FakeModel:
    """Records how it was opened and what it was asked to encode."""

    opened: list[tuple[str, dict]] = []
    encoded: list[list[str]] = []

    def __init__(self, name: str, **options) -> None:
        FakeModel.opened.append((name, options))

    def get_sentence_embedding_dimension(self) -> int:
        return 3

    def encode(self, words, convert_to_numpy, show_progress_bar):
        assert convert_to_numpy and not show_progress_bar
        FakeModel.encoded.append(list(words))
        return np.array([VECTORS[w] for w in words], dtype=np.float32)


@pytest.fixture
def fake_package(monkeypatch):
    module = types.ModuleType("sentence_transformers")
    module.SentenceTransformer = FakeModel
    monkeypatch.setitem(sys.modules, "sentence_transformers", module)
    real_version = importlib.metadata.version
    monkeypatch.setattr(
        importlib.metadata, "version", lambda name: "9.9.9" if name == "sentence-transformers" else real_version(name)
    )
    FakeModel.opened, FakeModel.encoded = [], []
    return module


def test_opens_the_model_locally_only_and_once(fake_package):
    emb = open_embedder("st:org/some-model")
    assert isinstance(emb, SentenceTransformerEmbedder)
    assert (emb.name, emb.version, emb.signature()) == ("st:org/some-model", "9.9.9", "st:org/some-model@9.9.9")
    assert emb.open_vocabulary and FakeModel.opened == []  # nothing loaded before it is needed
    emb.vectors(["dog", "hound"])
    emb.vectors(["hound", "cat", "dog"])
    assert FakeModel.opened == [("org/some-model", {"local_files_only": True})]
    assert FakeModel.encoded == [["dog", "hound"], ["cat"]]  # each word encoded once


def test_unit_vectors_and_clamped_cosines(fake_package):
    emb = open_embedder("st:m")
    vectors, known = emb.vectors(["dog", "hound", "cat"])
    assert known.tolist() == [True, True, True] and emb.dim == 3
    np.testing.assert_allclose(vectors[0], [0.6, 0.8, 0.0])
    cosines = vectors @ vectors.T
    np.testing.assert_allclose(emb.similarity(cosines[0]), [1.0, 0.64, 0.0], atol=1e-7)


def test_a_calibration_replaces_the_clamp_and_is_signed(fake_package):
    calibration = Calibration(name="halves", raw=(0.0, 1.0), calibrated=(0.0, 0.5))
    emb = SentenceTransformerEmbedder("m", calibration=calibration)
    assert emb.signature() == "st:m@9.9.9/halves"
    np.testing.assert_allclose(emb.similarity(np.array([-0.5, 0.64, 1.0])), [0.0, 0.32, 0.5])


def test_pickles_without_its_model_and_keeps_its_cache(fake_package):
    emb = open_embedder("st:m")
    emb.vectors(["dog"])
    copy = pickle.loads(pickle.dumps(emb))
    assert copy._model is None and copy.signature() == emb.signature()
    np.testing.assert_array_equal(copy.vectors(["dog"])[0], emb.vectors(["dog"])[0])
    assert FakeModel.encoded == [["dog"]]


def test_without_the_package_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    with pytest.raises(BackendMissing, match=r"st:m needs sentence-transformers, which is not installed: pip install sentence-transformers"):
        open_embedder("st:m")
