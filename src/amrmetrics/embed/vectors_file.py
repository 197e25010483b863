"""Word vectors from a file: GloVe text, word2vec text, or a ``.npy`` matrix with a vocabulary file.

Big tables (GloVe 840B is 5 GB) are never loaded whole. A text file is scanned once for the words
announced with :meth:`VectorsFile.need` (the command line announces every key the corpus can ask
for) and keeps only those; a word asked for later that was never announced triggers another scan
for the new words only. Files up to :data:`FULL_LOAD_BYTES` are simply read whole on first use.
The kept lines are parsed :data:`BATCH_LINES` at a time: lines of plain decimals (GloVe's own form) by
:func:`_plain_decimals`, exactly and without a Python object per number; any other batch by one numpy
call over its tokens.
A ``.npy`` matrix is memory-mapped, so any row is cheap.

Every value read is checked: a file that is not a table of numbers, or a NaN or infinite value,
is a :class:`VectorsFileError` naming the file and the line (the vocabulary line for ``.npy``).
The file's first vector is checked when it is opened, so a wrong file fails before any scoring.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

import numpy as np

from amrmetrics.embed.base import CachedEmbedder
from amrmetrics.errors import DataError

FULL_LOAD_BYTES = 64 * 1024 * 1024
"""Text files up to this size are read whole at first use (no vocabulary needed)."""

BATCH_LINES = 256
"""Kept lines parsed per numpy call (few calls, and a bounded list of tokens)."""

VOCAB_SUFFIXES = (".vocab", ".vocab.txt", ".words", ".words.txt", ".txt", ".tsv")
"""Where the vocabulary of ``NAME.npy`` is looked for: ``NAME`` + one of these (first found)."""

Format = Literal["glove", "word2vec", "npy"]


class VectorsFileError(DataError):
    """A vectors file that cannot be read (missing, empty, or malformed), with the path and line."""


NPY_MAGIC = b"\x93NUMPY"
BINARY_KINDS = {
    NPY_MAGIC: "a .npy matrix",
    b"PK\x03\x04": "a zip archive such as .npz",
    b"\x1f\x8b": "gzip-compressed: decompress it first",
    b"BZh": "bzip2-compressed: decompress it first",
    b"\xfd7zXZ\x00": "xz-compressed: decompress it first",
}
"""Leading bytes of the binary files one may pass by mistake, and what to call them."""

PROBE_BYTES = 4096
"""How much of a file is looked at to tell text from binary data."""

BINARY = "binary data; word2vec's binary format must be saved as text first"
"""What a file that is not text is called (by its content, not its name)."""

_CONTROL = bytes(c for c in range(32) if chr(c) not in "\t\n\v\f\r")


def _kind(path: Path) -> str | None:
    """What a binary file is by its leading bytes (see :data:`BINARY_KINDS`), :data:`BINARY` for other
    data that is not text (a NUL byte, or more than 1% control bytes), else None."""
    with path.open("rb") as handle:
        head = handle.read(PROBE_BYTES)
    known = next((kind for magic, kind in BINARY_KINDS.items() if head.startswith(magic)), None)
    if known is None and (b"\x00" in head or len(head) < 100 * (len(head) - len(head.translate(None, _CONTROL)))):
        return BINARY
    return known


def _shown(token: bytes, limit: int = 40) -> str:
    """A token of a file for a message: decoded, quoted, and cut after ``limit`` characters."""
    text = token.decode("utf-8", "replace")
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def _is_number(text: bytes) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


PLAIN_CHARACTERS = b"0123456789.+- \n"
"""The bytes of a batch :func:`_plain_decimals` may read: digits, dot, sign, the separators."""

PLAIN_LENGTH = 18
"""Longest number :func:`_plain_decimals` reads (at most 18 digits: its integer cannot overflow int64)."""

_POW10 = np.array([float(10**k) for k in range(PLAIN_LENGTH)])
"""Exact powers of ten (every 10**k up to 10**22 is a double)."""


def _plain_decimals(rests: list[bytes], dim: int) -> np.ndarray | None:
    """The ``(len(rests), dim)`` numbers of lines of plain decimals, or None when any line is not one.

    Each of ``rests`` (a line after its word, without the line end) must hold ``dim`` numbers
    ``[+-]digits[.digits]`` (a dot and either side's digits optional, at least one digit) of at
    most :data:`PLAIN_LENGTH` characters, separated by single spaces. Such a number is an integer
    ``m`` over ``10**k``; when ``|m| <= 2**53`` both are exact doubles and one IEEE division
    rounds their quotient correctly, which is what float() returns for the text (Clinger's fast
    path): the same bits, sign of zero included, and always finite. None sends the batch to the
    token by token conversion, which names a bad value.
    """
    text = b"\n".join(rests) + b"\n"
    if text.translate(None, PLAIN_CHARACTERS):
        return None
    chars = np.frombuffer(text, dtype=np.uint8)
    ends = np.flatnonzero(chars < ord("+"))  # a space or a line end: the other plain characters are above
    if len(ends) != len(rests) * dim or (chars[ends[dim - 1 :: dim]] != ord("\n")).any():
        return None  # not dim fields on every line
    starts = np.empty_like(ends)
    starts[0], starts[1:] = 0, ends[:-1] + 1
    lengths = ends - starts
    first = chars[starts]
    negative, signed = first == ord("-"), (first == ord("-")) | (first == ord("+"))
    if lengths.max() > PLAIN_LENGTH or text.count(b"-") + text.count(b"+") != np.count_nonzero(signed):
        return None  # a long number, or a sign inside a number
    dots = np.flatnonzero(chars == ord("."))
    if len(dots) == len(ends) and (dots < ends).all() and (dots >= starts).all():
        dotted: slice | np.ndarray = slice(None)  # one dot in every number (GloVe's form)
    else:
        dotted = np.searchsorted(ends, dots)
        if len(dotted) > 1 and (np.diff(dotted) == 0).any():
            return None
    decimals = np.zeros(len(ends), dtype=np.intp)
    decimals[dotted] = ends[dotted] - dots - 1
    digits = lengths - signed
    digits[dotted] -= 1
    if digits.min() < 1:
        return None  # an empty field (two spaces), or a sign or a dot alone
    integers = np.fromstring(text.translate(None, b"."), dtype=np.int64, sep=" ")
    if len(integers) != len(ends) or integers.max() > 2**53 or integers.min() < -(2**53):
        return None
    values = integers.astype(np.float64) / _POW10[decimals]
    values[negative & (integers == 0)] = -0.0  # float("-0.0") keeps the sign the integer lost
    return values.reshape(len(rests), dim)


def fingerprint(*paths: Path) -> str:
    """A cheap identity of files for signatures: sha256 of sizes, first and last MiB (12 hex digits)."""
    digest = hashlib.sha256()
    for path in paths:
        size = path.stat().st_size
        digest.update(str(size).encode())
        with path.open("rb") as handle:
            digest.update(handle.read(1 << 20))
            if size > 2 << 20:
                handle.seek(size - (1 << 20))
                digest.update(handle.read())
    return digest.hexdigest()[:12]


def detect_format(path: Path) -> Format:
    """``npy`` by suffix; ``word2vec`` when the first line is two integers (the header); else ``glove``."""
    if path.suffix == ".npy":
        return "npy"
    with path.open("rb") as handle:
        first = handle.readline().split()
    if len(first) == 2 and all(tok.isdigit() for tok in first):
        return "word2vec"
    return "glove"


def find_vocabulary(path: Path) -> Path:
    """The vocabulary file beside ``NAME.npy`` (one word per line, row order)."""
    stem = path.with_suffix("")
    for suffix in VOCAB_SUFFIXES:
        candidate = Path(str(stem) + suffix)
        if candidate.is_file():
            return candidate
    tried = ", ".join(stem.name + s for s in VOCAB_SUFFIXES)
    raise VectorsFileError(f"{path}: no vocabulary file beside it (tried {tried})")


class VectorsFile(CachedEmbedder):
    """A table of word vectors read from ``path`` (format detected, or given).

    ``need(words)`` before the first lookup makes a big text file be scanned once; the Python
    API may skip it (each batch of new words then costs one scan of a big file). ``vocabulary``
    names the word list of a ``.npy`` matrix when it is not beside it.
    """

    open_vocabulary = False

    def __init__(self, path: str | Path, *, format: Format | None = None, vocabulary: str | Path | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        if not self.path.is_file():
            raise VectorsFileError(f"vectors file not found: {self.path}")
        self.format: Format = format or detect_format(self.path)
        self._dim: int | None = None
        self._dimension()  # reads the header or the first vector: a wrong file fails here
        self.vocabulary_path = None
        if self.format == "npy":
            self.vocabulary_path = Path(vocabulary) if vocabulary else find_vocabulary(self.path)
        files = [self.path] + ([self.vocabulary_path] if self.vocabulary_path else [])
        self.name = self.path.name
        self.version = fingerprint(*files)
        self._pending: set[str] = set()
        self._complete = False
        self._rows: dict[str, int] | None = None
        self._matrix: np.ndarray | None = None

    def __repr__(self) -> str:
        return f"VectorsFile({str(self.path)!r}, format={self.format!r})"

    def need(self, words: Iterable[str]) -> None:
        """Announce words; the next scan of a text file picks them all up at once."""
        self._pending.update(w for w in words if w not in self._cache)

    def load(self) -> None:
        """Read the announced words now (one scan of a text file), so a bad value fails before scoring."""
        self._fill(sorted(self._pending))

    def _dimension(self) -> int:
        if self._dim is None:
            if self.format == "npy":
                self._dim = int(self._npy_matrix().shape[1])
            else:
                self._dim = self._text_dimension()
        return self._dim

    def _compute(self, words: list[str]) -> list[np.ndarray | None]:
        if self.format == "npy":
            rows, matrix = self._npy()
            return [self._npy_row(matrix, rows[w], w) if w in rows else None for w in words]
        if not self._complete:
            self._scan(set(words) | self._pending)
        return [self._cache.get(w) for w in words]

    def _npy_matrix(self) -> np.ndarray:
        """The memory-mapped matrix, checked to be a 2-d array of numbers."""
        kind = _kind(self.path)
        if kind != BINARY_KINDS[NPY_MAGIC]:
            what = f"it is {kind}" if kind else "no numpy header"
            raise VectorsFileError(f"{self.path}: not a .npy matrix ({what}); write one with numpy.save")
        try:
            matrix = np.load(self.path, mmap_mode="r")
        except (ValueError, OSError, EOFError) as err:
            raise VectorsFileError(f"{self.path}: not a readable .npy matrix ({err})") from None
        if matrix.ndim != 2:
            raise VectorsFileError(f"{self.path}: expected a 2-d matrix, got shape {matrix.shape}")
        if not (np.issubdtype(matrix.dtype, np.floating) or np.issubdtype(matrix.dtype, np.integer)):
            raise VectorsFileError(f"{self.path}: holds {matrix.dtype} values, not real numbers")
        return matrix

    def _npy_row(self, matrix: np.ndarray, row: int, word: str) -> np.ndarray:
        vector = np.array(matrix[row], dtype=np.float64)
        if not np.isfinite(vector).all():
            raise VectorsFileError(
                f"{self.path}: row {row + 1} (the vector of {word!r}, line {row + 1} of {self.vocabulary_path}) "
                "has a NaN or infinite value"
            )
        return vector

    def _npy(self) -> tuple[dict[str, int], np.ndarray]:
        if self._rows is None or self._matrix is None:
            matrix = self._npy_matrix()
            assert self.vocabulary_path is not None
            words = self.vocabulary_path.read_text(encoding="utf-8").splitlines()
            if len(words) != matrix.shape[0]:
                raise VectorsFileError(
                    f"{self.vocabulary_path}: {len(words)} words for {matrix.shape[0]} rows of {self.path}"
                )
            rows: dict[str, int] = {}
            for i, word in enumerate(words):
                rows.setdefault(word.split("\t")[0].strip(), i)
            self._rows, self._matrix = rows, matrix
        return self._rows, self._matrix

    def _text_dimension(self) -> int:
        """The dimension, from the word2vec header or the first line, whose vector is checked."""
        kind = _kind(self.path)
        if kind is not None:
            raise VectorsFileError(f"{self.path}: not GloVe or word2vec text (it is {kind})")
        with self.path.open("rb") as handle:
            header = handle.readline() if self.format == "word2vec" else b""
            first = handle.readline()
        number = 2 if header else 1
        fields = first.split()
        if len(fields) < 2:
            raise VectorsFileError(f"{self.path}, line {number}: expected a word and its vector (GloVe or word2vec text)")
        dim = int(header.split()[1]) if header else len(fields) - 1
        word, values = (fields[0], fields[1:]) if len(fields) == dim + 1 else self._respan(first, dim, number)
        self._vector(word, values, number)
        return dim

    def _vector(self, word: bytes, values: list[bytes], number: int) -> np.ndarray:
        """The numbers of one line, or an error naming the file and the line."""
        try:
            vector = np.array(values, dtype=np.float64)
        except ValueError:
            bad = next(v for v in values if not _is_number(v))
            raise VectorsFileError(
                f"{self.path}, line {number}: {_shown(bad)} is not a number "
                f"(expected a word and {len(values)} numbers: GloVe or word2vec text)"
            ) from None
        if not np.isfinite(vector).all():
            raise VectorsFileError(
                f"{self.path}, line {number}: the vector of {_shown(word)} has a NaN or infinite value"
            )
        return vector

    def _scan(self, wanted: set[str]) -> None:
        """Read the text file once, keeping the wanted words (every word of a small file); the kept lines
        are parsed :data:`BATCH_LINES` at a time.

        A line with ``dim`` spaces after its word is kept unsplit (its word is the same whether its
        fields split into ``dim`` or it must be read from the right, see :meth:`_respan`); the others
        are split here as they always were."""
        everything = self.path.stat().st_size <= FULL_LOAD_BYTES
        dim = self._dimension()
        todo = {w.encode("utf-8") for w in wanted if w not in self._cache}
        found: dict[str, np.ndarray] = {}
        batch: dict[str, tuple[bytes, bytes | list[bytes], int]] = {}
        with self.path.open("rb") as handle:
            if self.format == "word2vec":
                handle.readline()
            for number, line in enumerate(handle, start=2 if self.format == "word2vec" else 1):
                if not everything and not todo:
                    break
                cut = line.find(b" ")
                if cut <= 0:
                    continue
                word = line[:cut]
                if not everything and word not in todo:
                    continue
                rest = line[cut + 1 :].rstrip(b"\r\n")
                values: bytes | list[bytes] = rest
                if rest.count(b" ") != dim - 1:
                    values = rest.split()
                    if len(values) != dim:
                        try:
                            word, values = self._respan(line, dim, number)
                        except VectorsFileError:
                            self._vectors(batch)  # a bad value on an earlier line is named first
                            raise
                text = word.decode("utf-8", errors="replace")
                if text not in found and text not in batch and text not in self._cache:
                    batch[text] = (word, values, number)
                    if len(batch) == BATCH_LINES:
                        found.update(self._vectors(batch))
                        batch = {}
                todo.discard(word)
        found.update(self._vectors(batch))
        self._cache.update(found)
        for word in wanted:
            self._cache.setdefault(word, None)
        self._pending.clear()
        self._complete = everything

    def _vectors(self, batch: dict[str, tuple[bytes, bytes | list[bytes], int]]) -> dict[str, np.ndarray]:
        """The vectors of a batch of lines: plain decimals at once (:func:`_plain_decimals`); else the
        lines' tokens converted in one call; when any value is bad, line by line (:meth:`_vector`), so
        the error names the first bad line."""
        dim = self._dimension()
        rests = [values for _, values, _ in batch.values() if isinstance(values, bytes)]
        if rests and len(rests) == len(batch):
            plain = _plain_decimals(rests, dim)
            if plain is not None:
                return dict(zip(batch, plain))
        batch = {text: (word, self._fields(values), number) for text, (word, values, number) in batch.items()}
        tokens = [value for _, values, _ in batch.values() for value in values]
        try:
            matrix = np.array(tokens, dtype=np.float64).reshape(len(batch), dim)
        except (ValueError, TypeError, OverflowError):
            matrix = None
        if matrix is None or not np.isfinite(matrix).all():
            return {text: self._vector(word, values, number) for text, (word, values, number) in batch.items()}
        return dict(zip(batch, matrix))

    def _fields(self, values: bytes | list[bytes]) -> list[bytes]:
        """The fields of a line kept unsplit by :meth:`_scan` (``dim - 1`` spaces): its tokens, or, when
        they are not ``dim`` (tabs, doubled spaces), its space-separated parts as :meth:`_respan` gives."""
        if isinstance(values, list):
            return values
        tokens = values.split()
        return tokens if len(tokens) == self._dimension() else values.split(b" ")

    def _respan(self, line: bytes, dim: int, number: int) -> tuple[bytes, list[bytes]]:
        """A line whose word contains spaces (GloVe 840B has some): the last ``dim`` fields are the vector."""
        parts = line.rstrip(b"\r\n").rsplit(b" ", dim)
        if len(parts) != dim + 1:
            raise VectorsFileError(f"{self.path}, line {number}: expected a word and {dim} numbers")
        return parts[0], parts[1:]

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_rows"] = None
        state["_matrix"] = None
        return state

