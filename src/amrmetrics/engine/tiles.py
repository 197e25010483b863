"""Finished tiles of a similarity matrix kept on disk, so an interrupted run resumes where it stopped.

The folder belongs to this program: its ``run.json`` says so (``tool``, ``kind``), holds the run's
key (a hash of the graphs, the metric's signature, the version and the tiling) and the SHA-256 of
every tile written. Each tile is written (atomically) as soon as it is computed, its checksum
recorded first. A rerun with the same key reads the tiles there, each checked against its
checksum and the metric's score range, and computes only the others; a folder of another run, or
one this program did not make, is refused and never mixed in nor removed; removing the store
deletes only the files it wrote.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from amrmetrics.errors import DataError, UsageError
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric
from amrmetrics.version import __version__
from amrmetrics.writing import PARTIAL, write_bytes

STAMP = "run.json"
"""The record of the run in the folder: ``{"tool", "kind", "key", "tiles": {file name: sha256}}``."""
TOOL, KIND = "amrmetrics", "matrix-tiles"
TOLERANCE = 1e-9
"""How far outside the metric's score range a stored score may be (float rounding)."""


def matrix_key(metric: Metric, graphs: Sequence[Graph], tile: int) -> str:
    """A hash of everything a tile's numbers depend on: graphs (with their layout), metric, version, tiling."""
    digest = hashlib.sha256(f"{metric.signature()}|v:{__version__}|tile:{tile}|n:{len(graphs)}".encode())
    for g in graphs:
        layout = (sorted(g.tree_edges), sorted(g.last_branches))
        digest.update(repr((g.instances, g.attributes, g.relations, g.root, layout)).encode())
    return digest.hexdigest()


class TileStore:
    """The tiles of one matrix run in ``folder``: made here, or reused when this program made it for the same run.

    ``bounds`` is the metric's score range (:attr:`~amrmetrics.metrics.base.Metric.score_range`):
    a stored score outside it is refused.
    """

    def __init__(self, folder: str | os.PathLike[str], key: str, bounds: tuple[float, float] = (0.0, 1.0)) -> None:
        self.folder = Path(folder)
        self.stamp = self.folder / STAMP
        self.key, self.bounds = key, bounds
        if not os.path.lexists(self.folder):
            self.folder.mkdir(parents=True)
            self.sums: dict[str, str] = {}
            self._record()
            return
        if not self.folder.is_dir() or not self.stamp.is_file():
            raise UsageError(
                f"{self.folder} was not made by amrmetrics matrix --resume (no {STAMP} in it); "
                "move it away or choose another output file"
            )
        found = self._read()
        if found["key"] != key:
            raise UsageError(
                f"{self.folder} holds the tiles of another run (other graphs, metric, options or version); "
                "remove it to start again"
            )
        self.sums = dict(found["tiles"])

    def _read(self) -> dict[str, Any]:
        """The folder's record, checked to be one this program wrote."""
        try:
            found = json.loads(self.stamp.read_bytes())
        except (UnicodeDecodeError, ValueError) as err:
            raise DataError(f"{self.stamp}: not a record of saved tiles (not JSON: {err}); remove {self.folder} to start again") from None
        tiles = found.get("tiles") if isinstance(found, dict) else None
        if (
            not isinstance(found, dict)
            or (found.get("tool"), found.get("kind")) != (TOOL, KIND)
            or not isinstance(found.get("key"), str)
            or not isinstance(tiles, dict)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in tiles.items())
        ):
            raise DataError(
                f"{self.stamp}: not a record of tiles saved by amrmetrics matrix --resume; remove {self.folder} to start again"
            )
        return found

    def _record(self) -> None:
        """Write ``run.json`` (atomically) with the checksums known so far."""
        record = {"tool": TOOL, "kind": KIND, "key": self.key, "tiles": self.sums}
        write_bytes(self.stamp, json.dumps(record, separators=(",", ":")).encode())

    @staticmethod
    def _name(rows: slice, cols: slice) -> str:
        return f"tile-{rows.start}-{rows.stop}-{cols.start}-{cols.stop}.npy"

    def get(self, rows: slice, cols: slice) -> np.ndarray | None:
        """The stored tile, or None when it was not finished; a tile that fails a check is a :class:`DataError`."""
        name = self._name(rows, cols)
        path = self.folder / name
        if not path.is_file():
            return None
        data = path.read_bytes()
        if self.sums.get(name) != hashlib.sha256(data).hexdigest():
            raise DataError(f"{path}: not the tile this run saved (its checksum is not the one in {self.stamp}); "
                            f"remove {self.folder} to start again")
        block = np.load(io.BytesIO(data), allow_pickle=False)
        low, high = self.bounds
        inside = np.isnan(block) | ((block >= low - TOLERANCE) & (block <= high + TOLERANCE))
        if block.shape != (rows.stop - rows.start, cols.stop - cols.start) or not inside.all():
            raise DataError(f"{path}: not a tile of this matrix (shape {block.shape} or a score outside [{low:g}, {high:g}]); "
                            f"remove {self.folder} to start again")
        return block

    def put(self, rows: slice, cols: slice, block: np.ndarray) -> None:
        """Store a finished tile: its checksum in ``run.json`` first, then the file (never seen half written)."""
        buffer = io.BytesIO()
        np.save(buffer, block)
        data = buffer.getvalue()
        name = self._name(rows, cols)
        self.sums[name] = hashlib.sha256(data).hexdigest()
        self._record()
        write_bytes(self.folder / name, data)

    def count(self) -> int:
        """How many tiles are stored."""
        return sum(1 for name in self.sums if (self.folder / name).is_file())

    def remove(self) -> None:
        """Delete the files this store wrote, then the folder if nothing else is in it (once the matrix is written)."""
        for name in self.sums:
            (self.folder / name).unlink(missing_ok=True)
        for pattern in (f".{STAMP}.*{PARTIAL}", f".tile-*{PARTIAL}"):  # of a run killed while writing
            for leftover in self.folder.glob(pattern):
                leftover.unlink(missing_ok=True)
        self.stamp.unlink(missing_ok=True)
        try:
            self.folder.rmdir()
        except OSError:
            pass  # someone else's files are in it: they stay, and so does the folder
