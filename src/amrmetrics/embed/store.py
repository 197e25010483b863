"""Embeddings kept on disk between runs, so a model embeds each text once per machine, not once per run.

The bundled model takes about 7 ms of CPU per text: S2match on the 1,501 STS dev pairs spent 22 of
its 28 seconds embedding 3,450 concepts, on every run. A :class:`VectorStore` keeps each vector a
model backend computed, keyed by the backend's identity (:meth:`CachedEmbedder.cache_identity`:
backend, model version, model file fingerprint, prefix) and the exact text, in one SQLite file per
identity under :func:`cache_dir` ``/embeddings``. A vector read back is the bytes the model gave,
so every number is the same with or without the cache (tested bit for bit).

Safe to share: SQLite makes each write atomic and serialises processes that write at once (a
run's worker processes, two runs). Never trusted blindly: each row carries a digest of the
identity, text and bytes; a row that does not match is ignored and computed again, and a file
that is not a readable database is replaced. A cache that cannot be used (a read-only folder)
costs a warning, never a run.

Location: ``$AMRMETRICS_CACHE_DIR``, else ``$XDG_CACHE_HOME/amrmetrics``, else
``~/.cache/amrmetrics``. ``--no-cache`` (``cache=False``) leaves it alone: nothing read, nothing written.
"""

from __future__ import annotations

import hashlib
import os
import threading
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

CACHE_ENV = "AMRMETRICS_CACHE_DIR"
"""Environment variable naming the cache folder (its ``embeddings`` subfolder holds the vectors)."""

FORMAT = "amrmetrics-vectors-1"
"""Written into every file and digest: a change of layout never reads an old file as a new one."""

DTYPES = ("<f4", "<f8")
"""The vector types a row may hold (what backends give: float32 or float64)."""

_BATCH = 500
"""Texts per SQL query (SQLite limits the parameters of one statement)."""


def cache_dir() -> Path:
    """The cache folder: ``$AMRMETRICS_CACHE_DIR``, else ``$XDG_CACHE_HOME/amrmetrics``, else ``~/.cache/amrmetrics``."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen:
        return Path(chosen).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return base / "amrmetrics"


def _storable(text: str) -> bool:
    """True for text SQLite can hold (UTF-8; not a lone surrogate left by undecodable input)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _digest(identity: str, text: str, dtype: str, data: bytes) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    for part in (FORMAT, identity, text, dtype):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    h.update(data)
    return h.digest()


class VectorStore:
    """The vectors of one backend identity on disk (see the module doc); opened on first use.

    Pickling keeps where the file is, not the open connection: a worker process (or a forked
    child) opens its own. Threads share the connection, one call at a time.
    """

    def __init__(self, identity: str, folder: Path | None = None) -> None:
        self.identity = identity
        name = hashlib.sha256(f"{FORMAT}\0{identity}".encode()).hexdigest()[:24]
        self.path = (folder if folder is not None else cache_dir()) / "embeddings" / f"{name}.sqlite"
        self._db: Any = None
        self._pid = 0
        self._broken = False
        self._lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in ("_db", "_lock")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _db=None, _lock=threading.Lock())

    def _give_up(self, err: Exception) -> None:
        """Work without the cache from now on (with a warning); a damaged file is removed, so the
        next run builds it again."""
        import sqlite3

        self._broken = True
        if self._db is not None and self._pid == os.getpid():
            self._db.close()
        self._db = None
        if type(err) is sqlite3.DatabaseError:  # not a database, or damaged (not: locked, read-only, misused)
            try:
                self.path.unlink()
            except OSError:
                pass
        warnings.warn(f"amrmetrics: embedding cache {self.path} not used: {err}", RuntimeWarning, stacklevel=4)

    def _open(self) -> Any:
        """The database connection, the file (and its folder) made when missing; a file that is no
        readable database of this identity is replaced. None when the cache cannot be used."""
        if self._broken:
            return None
        if self._db is not None and self._pid == os.getpid():
            return self._db
        import sqlite3

        for attempt in (1, 2):
            db: sqlite3.Connection | None = None
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(self.path, timeout=60, isolation_level=None, check_same_thread=False)
                db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                db.execute(
                    "CREATE TABLE IF NOT EXISTS vectors (text TEXT PRIMARY KEY, dtype TEXT NOT NULL, "
                    "vector BLOB NOT NULL, digest BLOB NOT NULL)"
                )
                db.execute("INSERT OR IGNORE INTO meta VALUES ('identity', ?)", (self.identity,))
                stored = db.execute("SELECT value FROM meta WHERE key = 'identity'").fetchone()
                if stored is None or stored[0] != self.identity:
                    raise sqlite3.DatabaseError(f"the file holds the vectors of {stored and stored[0]!r}")
                self._db, self._pid = db, os.getpid()
                return db
            except (sqlite3.Error, OSError) as err:
                if db is not None:
                    db.close()
                if type(err) is not sqlite3.DatabaseError or attempt == 2:
                    self._give_up(err)
                    return None
                try:
                    self.path.unlink()  # not a database, damaged, or another identity's file: built again
                except OSError as gone:
                    self._give_up(gone)
                    return None
        return None

    def get(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored vectors of ``texts`` that are there and intact (others are simply missing)."""
        with self._lock:
            return self._get(texts)

    def put(self, items: Iterable[tuple[str, np.ndarray]]) -> None:
        """Store vectors (one transaction: all of them or, if interrupted, none)."""
        with self._lock:
            self._put(items)

    def _get(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        db = self._open()
        found: dict[str, np.ndarray] = {}
        if db is None or not texts:
            return found
        import sqlite3

        texts = [t for t in texts if _storable(t)]
        try:
            for i in range(0, len(texts), _BATCH):
                part = texts[i : i + _BATCH]
                rows = db.execute(
                    f"SELECT text, dtype, vector, digest FROM vectors WHERE text IN ({','.join('?' * len(part))})", part
                ).fetchall()
                for text, dtype, data, digest in rows:
                    if dtype in DTYPES and isinstance(data, bytes) and digest == _digest(self.identity, text, dtype, data):
                        found[text] = np.frombuffer(data, dtype=dtype)
        except sqlite3.Error as err:
            self._give_up(err)
        return found

    def _put(self, items: Iterable[tuple[str, np.ndarray]]) -> None:
        db = self._open()
        if db is None:
            return
        import sqlite3

        rows = []
        for text, vector in items:
            array = np.asarray(vector)
            dtype = f"<f{array.dtype.itemsize}" if array.dtype.kind == "f" else ""
            if dtype not in DTYPES or array.ndim != 1 or not _storable(text):
                continue
            data = array.astype(dtype, copy=False).tobytes()
            rows.append((text, dtype, data, _digest(self.identity, text, dtype, data)))
        if not rows:
            return
        try:
            with db:
                db.execute("BEGIN IMMEDIATE")
                db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)", rows)
        except sqlite3.Error as err:
            self._give_up(err)
