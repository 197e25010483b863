"""A vectors file that is not one, or holds a non-number, NaN or infinity: exit 1 with the file (and line) named.

Every case runs the command line in-process; the message must name the file and, for text files,
the line, and must not blame a graph pair (the file is wrong, not the pair).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from conftest import DATA, EXAMPLES

from amrmetrics.cli.main import main

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
TINY = DATA / "tiny-vectors.txt"


def failed(capsys, *argv: str) -> str:
    """Run the command; it must exit 1 with one error line, print nothing on stdout, and blame no pair."""
    code = main([*argv, "--no-progress"])
    out, err = capsys.readouterr()
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and err.startswith("amrmetrics: error: ") and "(test graph" not in err
    return err


def _text(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return str(path)


def _npy(tmp_path: Path, name: str, matrix: np.ndarray, words: list[str]) -> str:
    np.save(tmp_path / f"{name}.npy", matrix)
    (tmp_path / f"{name}.vocab").write_text("\n".join(words) + "\n", encoding="utf-8")
    return str(tmp_path / f"{name}.npy")


@pytest.mark.parametrize("metric", ["s2match", "wwlk"])
def test_a_graph_file_given_as_vectors(capsys, metric: str) -> None:
    err = failed(capsys, "score", PRED, GOLD, "-m", metric, "--vectors", GOLD)
    assert f"{GOLD}, line 1: 'Example' is not a number" in err


@pytest.mark.parametrize("metric", ["s2match", "wwlk"])
@pytest.mark.parametrize("value", ["nan", "inf", "-Infinity"])
def test_a_value_that_is_not_finite(capsys, tmp_path: Path, metric: str, value: str) -> None:
    path = _text(tmp_path, "v.txt", f"boy 1 0 0\nlighthouse 0 {value} 1\nkeeper 0 1 0\n")
    err = failed(capsys, "score", PRED, GOLD, "-m", metric, "--vectors", path)
    assert f"{path}, line 2: the vector of 'lighthouse' has a NaN or infinite value" in err


@pytest.mark.parametrize("metric", ["s2match", "wwlk"])
def test_a_value_that_is_not_a_number(capsys, tmp_path: Path, metric: str) -> None:
    path = _text(tmp_path, "v.txt", "boy 1 0 0\ngirl 0 1 0\nkeeper 0 one 0\n")
    err = failed(capsys, "score", PRED, GOLD, "-m", metric, "--vectors", path)
    assert f"{path}, line 3: 'one' is not a number (expected a word and 3 numbers" in err


def test_the_file_is_checked_before_scoring_with_several_processes(capsys, tmp_path: Path) -> None:
    path = _text(tmp_path, "v.txt", "boy 1 0 0\nlighthouse 0 nan 1\n")
    err = failed(capsys, "score", PRED, GOLD, "-m", "wwlk", "--vectors", path, "--jobs", "2")
    assert f"{path}, line 2: the vector of 'lighthouse'" in err


def test_a_word2vec_header_without_vectors(capsys, tmp_path: Path) -> None:
    path = _text(tmp_path, "w2v.txt", "3 4\n")
    assert f"{path}, line 2: expected a word and its vector" in failed(capsys, "score", PRED, GOLD, "-m", "wwlk", "--vectors", path)


def test_an_npz_archive_named_npy(capsys, tmp_path: Path) -> None:
    np.savez(tmp_path / "table.npz", vectors=np.eye(2))
    shutil.copy(tmp_path / "table.npz", tmp_path / "table.npy")
    (tmp_path / "table.vocab").write_text("boy\ngirl\n", encoding="utf-8")
    err = failed(capsys, "score", PRED, GOLD, "-m", "wwlk", "--vectors", str(tmp_path / "table.npy"))
    assert f"{tmp_path / 'table.npy'}: not a .npy matrix (it is a zip archive such as .npz)" in err


def test_an_npz_archive(capsys, tmp_path: Path) -> None:
    np.savez(tmp_path / "table.npz", vectors=np.eye(2))
    err = failed(capsys, "score", PRED, GOLD, "-m", "s2match", "--vectors", str(tmp_path / "table.npz"))
    assert f"{tmp_path / 'table.npz'}: not GloVe or word2vec text (it is a zip archive such as .npz)" in err


def test_a_text_file_named_npy(capsys, tmp_path: Path) -> None:
    path = _text(tmp_path, "glove.npy", TINY.read_text(encoding="utf-8"))
    err = failed(capsys, "score", PRED, GOLD, "-m", "wwlk", "--vectors", path)
    assert f"{path}: not a .npy matrix (no numpy header)" in err


def test_an_npy_matrix_of_strings(capsys, tmp_path: Path) -> None:
    path = _npy(tmp_path, "words", np.array([["a", "b"], ["c", "d"]]), ["boy", "girl"])
    assert f"{path}: holds <U1 values, not real numbers" in failed(capsys, "score", PRED, GOLD, "-m", "wwlk", "--vectors", path)


@pytest.mark.parametrize("metric", ["s2match", "wwlk"])
def test_an_npy_row_that_is_not_finite(capsys, tmp_path: Path, metric: str) -> None:
    path = _npy(tmp_path, "table", np.array([[1.0, 0.0], [0.0, np.nan]]), ["boy", "keeper"])
    err = failed(capsys, "score", PRED, GOLD, "-m", metric, "--vectors", path)
    assert f"{path}: row 2 (the vector of 'keeper', line 2 of {tmp_path / 'table.vocab'}) has a NaN" in err


def test_a_good_file_still_scores(capsys) -> None:
    assert main(["score", PRED, GOLD, "-m", "wwlk,s2match", "--vectors", str(TINY), "--no-progress", "-j", "2"]) == 0
    assert capsys.readouterr().out.count("vectors:tiny-vectors.txt@") == 2


BINARY_FILES = {
    "bytes.vec": bytes(range(256)) * 16,
    "random.vec": np.random.default_rng(7).bytes(3000).replace(b"\x00", b"\x01").replace(b"\n", b" "),
    "model.bin": b"3 300\nthe " + np.arange(900, dtype=np.float32).tobytes() + b"\n",
}


@pytest.mark.parametrize("name", sorted(BINARY_FILES))
def test_a_binary_file_is_named_in_a_short_line(capsys, tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(BINARY_FILES[name])
    err = failed(capsys, "score", PRED, GOLD, "-m", "s2match", "--vectors", str(path))
    assert err.startswith(f"amrmetrics: error: {path}: not GloVe or word2vec text (it is binary data") and len(err) < 200


def test_a_compressed_file_says_to_decompress_it(capsys, tmp_path: Path) -> None:
    import gzip

    path = tmp_path / "glove.txt.gz"
    path.write_bytes(gzip.compress(b"dog 0.1 0.2\ncat 0.2 0.1\n"))
    err = failed(capsys, "score", PRED, GOLD, "-m", "s2match", "--vectors", str(path))
    assert f"{path}: not GloVe or word2vec text (it is gzip-compressed: decompress it first)" in err


def test_a_long_bad_value_is_cut(capsys, tmp_path: Path) -> None:
    path = _text(tmp_path, "long.txt", "dog " + "x" * 5000 + " 0.5\n")
    err = failed(capsys, "score", PRED, GOLD, "-m", "s2match", "--vectors", path)
    assert f"{path}, line 1: '{'x' * 40}'... (5000 characters) is not a number" in err and len(err) < 300
