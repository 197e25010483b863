"""VectorsFile checks what it reads: the first vector when opened, every value it keeps, and ``load()``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from amrmetrics.embed import VectorsFile, VectorsFileError
from amrmetrics.embed import vectors_file as vf


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "v.txt"
    path.write_text(body, encoding="utf-8")
    return path


def test_a_bad_first_line_fails_when_the_file_is_opened(tmp_path: Path) -> None:
    with pytest.raises(VectorsFileError, match=r"v\.txt, line 1: 'x' is not a number"):
        VectorsFile(_write(tmp_path, "a 1 x\nb 1 2\n"))
    with pytest.raises(VectorsFileError, match=r"v\.txt, line 1: the vector of 'a' has a NaN"):
        VectorsFile(_write(tmp_path, "a NaN 1\n"))


def test_a_big_file_checks_the_lines_it_keeps(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(vf, "FULL_LOAD_BYTES", 0)
    emb = VectorsFile(_write(tmp_path, "a 1 0\nb 0 1\nc inf 1\nd 1 1\n"))
    emb.need(["a", "b", "d"])
    emb.load()  # line 3 is never kept, so it is never an error
    assert set(emb._cache) == {"a", "b", "d"}
    emb.need(["c"])
    with pytest.raises(VectorsFileError, match=r"v\.txt, line 3: the vector of 'c' has a NaN or infinite value"):
        emb.load()


def test_load_reads_the_announced_words_once(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(vf, "FULL_LOAD_BYTES", 0)
    emb = VectorsFile(_write(tmp_path, "a 1 0\nb 0 1\n"))
    emb.need(["b", "zz"])
    emb.load()
    assert emb._cache["zz"] is None and emb._pending == set()
    np.testing.assert_array_equal(emb._cache["b"], [0, 1])


def test_an_npy_matrix_is_checked_before_its_vocabulary(tmp_path: Path) -> None:
    np.save(tmp_path / "m.npy", np.zeros(3))
    with pytest.raises(VectorsFileError, match=r"m\.npy: expected a 2-d matrix, got shape \(3,\)"):
        VectorsFile(tmp_path / "m.npy")  # no vocabulary beside it either: the matrix is named first
