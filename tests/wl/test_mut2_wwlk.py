"""WWLK's signature items, each key and value, for the settings that change them (the format of the
signatures in docs/meta-evaluation.md: k, e2n, weights, stability, seed only when samples differ,
direction, vectors, nodes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DATA

from amrmetrics.embed import VectorsFileError, vectors_file
from amrmetrics.metrics.wwlk import WWLK

VECTORS = str(DATA / "wl-vectors.txt")


def items(metric: WWLK) -> list[tuple[str, str]]:
    out = metric.signature_items()
    vectors = dict(out)["vectors"]
    assert vectors and vectors == metric.embedder().signature()
    return [(key, "V" if key == "vectors" else value) for key, value in out]


def test_default_signature_items() -> None:
    # the documented default: min_entropy weights differ between the 15 samples, so the seed is named
    assert items(WWLK(vectors=VECTORS)) == [
        ("k", "2"), ("e2n", "no"), ("weights", "min_entropy"), ("stability", "15"), ("seed", "12345"),
        ("direction", "both"), ("vectors", "V"), ("nodes", "per-constant"),
    ]


def test_fixed_weights_and_no_samples_name_no_seed() -> None:
    metric = WWLK(vectors=VECTORS, k=3, e2n=True, weights="ones", stability=0, direction="fromin")
    assert items(metric) == [
        ("k", "3"), ("e2n", "yes"), ("weights", "ones"), ("stability", "0"),
        ("direction", "fromin"), ("vectors", "V"), ("nodes", "per-constant"),
    ]


@pytest.mark.parametrize(
    ("weights", "stability"),
    [("random_uniform", 0), ("ones", 2)],  # random weights without samples; samples with fixed weights
)
def test_either_random_weights_or_samples_name_the_seed(weights: str, stability: int) -> None:
    metric = WWLK(vectors=VECTORS, weights=weights, stability=stability, seed=7)
    assert ("seed", "7") in items(metric)
    assert ("stability", str(stability)) in items(metric)


def test_opening_announces_the_negation_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a big text file keeps only announced words: opening WWLK's embedder announces false, not and untrue
    # (the words of the "-" label), so reading the announced words meets the bad value on the "not" line
    monkeypatch.setattr(vectors_file, "FULL_LOAD_BYTES", 0)
    path = tmp_path / "vectors.txt"
    path.write_text("boy 1 0 0\nnot 0 x 1\n")
    with pytest.raises(VectorsFileError, match="line 2"):
        WWLK(vectors=str(path)).embedder().load()
