"""Finished tiles of a similarity matrix kept on disk, so an interrupted run resumes where it stopped.

Each tile is written (atomically) as soon as it is computed, into a folder stamped with the run's
key: a hash of the graphs, the metric's signature, the version and the tiling. A rerun with the
same key reads the tiles there and computes only the others; a folder of another run is refused,
never mixed in.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from amrmetrics.errors import UsageError
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric
from amrmetrics.version import __version__

STAMP = "run.json"


def matrix_key(metric: Metric, graphs: Sequence[Graph], tile: int) -> str:
    """A hash of everything a tile's numbers depend on: graphs (with their layout), metric, version, tiling."""
    digest = hashlib.sha256(f"{metric.signature()}|v:{__version__}|tile:{tile}|n:{len(graphs)}".encode())
    for g in graphs:
        layout = (sorted(g.tree_edges), sorted(g.last_branches))
        digest.update(repr((g.instances, g.attributes, g.relations, g.root, layout)).encode())
    return digest.hexdigest()


class TileStore:
    """The tiles of one matrix run in ``folder`` (created, or reused when it holds the same run)."""

    def __init__(self, folder: str | os.PathLike, key: str) -> None:
        self.folder = Path(folder)
        stamp = self.folder / STAMP
        if stamp.is_file():
            found = json.loads(stamp.read_text(encoding="utf-8")).get("key")
            if found != key:
                raise UsageError(
                    f"{self.folder} holds the tiles of another run (other graphs, metric, options or version); "
                    "remove it to start again"
                )
        else:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._write(stamp, json.dumps({"key": key}).encode())

    def _path(self, rows: slice, cols: slice) -> Path:
        return self.folder / f"tile-{rows.start}-{rows.stop}-{cols.start}-{cols.stop}.npy"

    def get(self, rows: slice, cols: slice) -> np.ndarray | None:
        """The stored tile, or None when it was not finished."""
        path = self._path(rows, cols)
        if not path.is_file():
            return None
        block = np.load(path)
        return block if block.shape == (rows.stop - rows.start, cols.stop - cols.start) else None

    def put(self, rows: slice, cols: slice, block: np.ndarray) -> None:
        """Store a finished tile (a reader never sees a partly written file)."""
        buffer = io.BytesIO()
        np.save(buffer, block)
        self._write(self._path(rows, cols), buffer.getvalue())

    def _write(self, path: Path, data: bytes) -> None:
        handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise

    def count(self) -> int:
        """How many tiles are stored."""
        return sum(1 for _ in self.folder.glob("tile-*.npy"))

    def remove(self) -> None:
        """Delete the folder (once the whole matrix is written)."""
        shutil.rmtree(self.folder, ignore_errors=True)
