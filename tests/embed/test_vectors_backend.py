"""The vectors-file backend: formats, reading only needed words, unit and raw vectors, caching."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pytest
from conftest import DATA

from amrmetrics.embed import VectorsFile, VectorsFileError, open_embedder
from amrmetrics.embed import vectors_file as vf

TINY = DATA / "tiny-vectors.txt"


def _table() -> dict[str, np.ndarray]:
    rows = [line.split() for line in TINY.read_text(encoding="utf-8").splitlines()]
    return {r[0]: np.array(r[1:], dtype=np.float64) for r in rows}


def _word2vec(tmp_path: Path) -> Path:
    table = _table()
    path = tmp_path / "w2v.txt"
    lines = [f"{len(table)} 4"] + [f"{w} {' '.join(map(str, v))}" for w, v in table.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _npy(tmp_path: Path) -> Path:
    table = _table()
    np.save(tmp_path / "emb.npy", np.array(list(table.values())))
    (tmp_path / "emb.vocab").write_text("\n".join(table) + "\n", encoding="utf-8")
    return tmp_path / "emb.npy"


def test_glove_text_gives_raw_and_unit_vectors() -> None:
    emb = VectorsFile(TINY)
    assert emb.format == "glove" and emb.dim == 4 and not emb.open_vocabulary
    raw, known = emb.raw(["prince", "xyzzy", "the"])
    assert known.tolist() == [True, False, True]
    np.testing.assert_array_equal(raw[0], [0.8, 0.6, 0, 0])
    np.testing.assert_array_equal(raw[1], 0)
    np.testing.assert_array_equal(raw[2], [0.418, 0.24968, -0.41242, 0.1217])
    unit, known = emb.vectors(["prince", "xyzzy", "the"])
    np.testing.assert_allclose(np.linalg.norm(unit[known], axis=1), 1.0)
    np.testing.assert_array_equal(unit[1], 0)


@pytest.mark.parametrize("make", [_word2vec, _npy])
def test_other_formats_give_the_same_vectors(tmp_path: Path, make) -> None:
    other = VectorsFile(make(tmp_path))
    words = ["king", "little", "missing", "the"]
    got, got_known = other.raw(words)
    want, want_known = VectorsFile(TINY).raw(words)
    assert other.format in ("word2vec", "npy") and other.dim == 4
    np.testing.assert_array_equal(got_known, want_known)
    np.testing.assert_allclose(got, want)


def test_only_announced_words_are_kept_from_a_big_file(monkeypatch) -> None:
    monkeypatch.setattr(vf, "FULL_LOAD_BYTES", 0)
    emb = VectorsFile(TINY)
    emb.need(["king", "small", "absent"])
    assert emb.lookup("king") is not None
    assert set(emb._cache) == {"king", "small", "absent"}
    assert emb._cache["absent"] is None
    assert emb.lookup("prince") is not None  # never announced: one more scan finds it
    assert "boy" not in emb._cache


def test_a_small_file_is_read_whole_once() -> None:
    emb = VectorsFile(TINY)
    emb.lookup("king")
    assert len(emb._cache) == 22 and emb._complete


def test_words_with_spaces_are_read_from_the_right(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(vf, "FULL_LOAD_BYTES", 0)
    path = tmp_path / "spaces.txt"
    path.write_text("a 1 0\n. . . 0 1\n. 5 5\n", encoding="utf-8")
    emb = VectorsFile(path)
    emb.need([".", ". . ."])
    np.testing.assert_array_equal(emb.lookup("."), [5, 5])
    np.testing.assert_array_equal(emb.lookup(". . ."), [0, 1])


def test_lookup_returns_a_copy() -> None:
    emb = VectorsFile(TINY)
    vec = emb.lookup("hit")
    assert vec is not None
    vec += 10
    np.testing.assert_array_equal(emb.lookup("hit"), [1, 0, 0, 0])


def test_pickling_keeps_the_cache_and_the_fingerprint(tmp_path: Path) -> None:
    emb = VectorsFile(_npy(tmp_path))
    emb.raw(["king"])
    copy = pickle.loads(pickle.dumps(emb))
    assert copy.signature() == emb.signature() and "king" in copy._cache
    np.testing.assert_array_equal(copy.lookup("boy"), [0, 0, 0, 1])


def test_fingerprint_names_the_file_contents(tmp_path: Path) -> None:
    path = tmp_path / "v.txt"
    path.write_text("a 1 0\n", encoding="utf-8")
    first = VectorsFile(path).signature()
    path.write_text("a 1 1\n", encoding="utf-8")
    second = VectorsFile(path).signature()
    assert first.startswith("v.txt@") and first != second


def test_errors_name_the_problem(tmp_path: Path) -> None:
    with pytest.raises(VectorsFileError, match="not found"):
        VectorsFile(tmp_path / "none.txt")
    np.save(tmp_path / "lonely.npy", np.zeros((2, 3)))
    with pytest.raises(VectorsFileError, match="no vocabulary file"):
        VectorsFile(tmp_path / "lonely.npy")
    np.save(tmp_path / "short.npy", np.zeros((2, 3)))
    (tmp_path / "short.vocab").write_text("one\n", encoding="utf-8")
    with pytest.raises(VectorsFileError, match="1 words for 2 rows"):
        VectorsFile(tmp_path / "short.npy").lookup("one")
    bad = tmp_path / "bad.txt"
    bad.write_text("a 1 2\nb 1\n", encoding="utf-8")
    with pytest.raises(VectorsFileError, match="line 2"):
        VectorsFile(bad).lookup("a")


def test_open_embedder_reads_a_path() -> None:
    emb = open_embedder(str(TINY))
    assert isinstance(emb, VectorsFile) and emb.name == "tiny-vectors.txt"
