"""Open a corpus for reading: a file, a ``.gz``/``.bz2``/``.xz`` file, or standard input (``-``).

Text is read as UTF-8 with universal newlines. An undecodable byte does not stop the reading: it
becomes a lone surrogate (``errors="surrogateescape"``) that the splitter reports as an error of
the graph holding it, with its line, so the error policy applies to that graph alone.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from typing import IO

from amrmetrics.errors import DataError, UsageError

PathLike = str | os.PathLike[str]

STDIN = "-"
"""The name that reads a corpus from standard input."""

CHUNK_CHARS = 1 << 18
"""Characters read at a time: files are streamed in pieces cut at line ends."""


class CorpusError(DataError):
    """A corpus-level problem: unreadable file, mismatched graph counts, bad ids, bad graphs."""


def is_stdin(path: PathLike) -> bool:
    """True for ``-``, the name of standard input."""
    return os.fspath(path) == STDIN


def stdin_once(*paths: PathLike) -> None:
    """Refuse (a usage error) more than one ``-`` among the files of one call: standard input is read once."""
    if sum(map(is_stdin, paths)) > 1:
        raise UsageError(f"only one of the files can be '{STDIN}' (standard input is read once)")


_READ_ERRORS: tuple[type[Exception], ...] = (OSError, EOFError)
"""What reading a file can raise (a compressed one also raises its decompressor's error)."""


def _open(path: PathLike) -> tuple[IO[str], tuple[type[Exception], ...]]:
    """A text handle on the corpus and the errors that reading it can raise."""
    name = os.fspath(path)
    options = {"encoding": "utf-8", "errors": "surrogateescape", "newline": None}
    if name == STDIN:
        if not hasattr(sys.stdin, "buffer"):  # already text (replaced by a caller)
            return sys.stdin, _READ_ERRORS
        return io.TextIOWrapper(sys.stdin.buffer, **options), _READ_ERRORS  # type: ignore[arg-type]
    suffix = name.lower().rsplit(".", 1)[-1]
    if suffix == "gz":
        import gzip
        import zlib

        return gzip.open(name, "rt", **options), (*_READ_ERRORS, zlib.error)  # type: ignore[arg-type]
    if suffix == "bz2":
        import bz2

        return bz2.open(name, "rt", **options), _READ_ERRORS  # type: ignore[arg-type]
    if suffix == "xz":
        import lzma

        return lzma.open(name, "rt", **options), (*_READ_ERRORS, lzma.LZMAError)  # type: ignore[arg-type]
    return open(name, **options), _READ_ERRORS  # type: ignore[call-overload]


def _close(handle: IO[str], path: PathLike) -> None:
    """Close a file; standard input stays open (its wrapper lets go of the buffer)."""
    if not is_stdin(path):
        handle.close()
    elif isinstance(handle, io.TextIOWrapper) and handle is not sys.stdin:
        handle.detach()


def read_chunks(path: PathLike) -> Iterator[str]:
    """The text of a corpus in pieces that end at a line end (newlines translated as text mode does)."""
    try:
        handle, read_errors = _open(path)
    except FileNotFoundError:
        raise CorpusError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CorpusError(f"{path}: is a directory, expected a file of PENMAN graphs") from None
    except OSError as err:
        raise CorpusError(f"{path}: cannot open ({err.strerror or err})") from None
    try:
        rest: list[str] = []  # the pieces of a line that has not ended yet (each is looked at once)
        while piece := handle.read(CHUNK_CHARS):
            cut = piece.rfind("\n") + 1
            if not cut:
                rest.append(piece)
                continue
            yield "".join(rest) + piece[:cut] if rest else piece[:cut]
            rest = [piece[cut:]] if cut < len(piece) else []
        if rest:
            yield "".join(rest)
    except read_errors as err:  # damaged compressed data, or a read failing
        raise CorpusError(f"{path}: cannot read ({type(err).__name__}: {err})") from None
    finally:
        _close(handle, path)
