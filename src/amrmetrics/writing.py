"""The files the package writes: never over an input, never half-written, and a failure names the file.

:func:`check_outputs` runs before any work: an output that is an input (by any name: the same
path, a symbolic link, a hard link) or another output is refused. :func:`output_file` writes to
a temporary file beside the target and renames it over the target only once everything is
written, so a failed or interrupted write (a full disk, a read-only folder, a signal) leaves the
earlier file, or none, under the final name; its error names the file. Every output of the
command line and the library goes through these two.
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any

from amrmetrics.errors import DataError, UsageError

PARTIAL = ".partial"
"""Suffix of the temporary file an output is written to (hidden, beside the target) before it is renamed."""


@dataclass(frozen=True)
class Output:
    """What a command will write: the file ``path``, or (``inside`` given) the files ``inside`` in folder ``path``.

    ``option`` is how the user named it (``--per-pair``, ``-o``), for messages.
    """

    option: str
    path: str
    inside: tuple[str, ...] | None = None

    def files(self) -> list[str]:
        """The files written: the path itself, or each name inside the folder."""
        if self.inside is None:
            return [self.path]
        return [os.path.join(self.path, name) for name in self.inside]


def _identity(path: str) -> tuple[int, int] | None:
    """``(device, inode)`` of the regular file ``path`` names (through links), or None."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return (found.st_dev, found.st_ino) if stat.S_ISREG(found.st_mode) else None


def check_outputs(outputs: Iterable[Output], inputs: Iterable[str | os.PathLike[str] | None]) -> None:
    """Refuse, before any work, outputs that cannot or must not be written.

    No file written may be an input or another output (a :class:`UsageError`, exit status 2): two
    names are the same file when they resolve to the same path or, existing, to the same
    ``(device, inode)``, which catches symbolic and hard links. A file output must be in an
    existing folder and not be a folder, a folder output a folder or not there yet (it is then
    made); else the file cannot be written (a :class:`DataError`, exit status 1).
    """
    sources = {}
    for name in inputs:
        if name is None or os.fspath(name) in ("", "-"):
            continue
        name = os.fspath(name)
        key = _identity(name)
        if key is not None:
            sources.setdefault(key, name)
    written: dict[Any, Output] = {}
    for output in outputs:
        _check_place(output)
        for path in output.files():
            identity = _identity(path)
            if identity in sources:
                raise UsageError(f"{output.option} {output.path}: refusing to write over the input file {sources[identity]}")
            for key in (os.path.realpath(path), identity):
                if key in written:
                    other = written[key]
                    raise UsageError(f"{output.option} {output.path}: the same file as {other.option} {other.path}")
                if key is not None:
                    written[key] = output


def _check_place(output: Output) -> None:
    """A file output in an existing folder and not a folder; a folder output a folder or not there yet."""
    if output.inside is not None:
        if os.path.exists(output.path) and not os.path.isdir(output.path):
            raise DataError(f"cannot write {output.path} ({output.option}): it is not a folder")
        return
    folder = os.path.dirname(os.path.abspath(output.path))
    if not os.path.isdir(folder):
        raise DataError(f"cannot write {output.path} ({output.option}): directory {folder} does not exist")
    if os.path.isdir(output.path):
        raise DataError(f"cannot write {output.path} ({output.option}): it is a directory")


def write_failed(path: str | os.PathLike[str], err: BaseException) -> DataError:
    """The error (exit status 1) for an output that could not be written, naming the file and the reason."""
    reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
    return DataError(f"cannot write {os.fspath(path)}: {reason}")


class _Sink:
    """The file object an :func:`output_file` block writes to: a failed write names the output file."""

    def __init__(self, handle: IO[Any], name: str) -> None:
        self._handle, self.name = handle, name

    def write(self, data: Any) -> int:
        try:
            return self._handle.write(data)
        except OSError as err:
            raise write_failed(self.name, err) from err

    def flush(self) -> None:
        try:
            self._handle.flush()
        except OSError as err:
            raise write_failed(self.name, err) from err

    def writable(self) -> bool:
        return True


def _open_partial(target: str) -> tuple[int, str]:
    """A new, empty temporary file beside ``target`` (mode as a new file gets, umask applied).

    Python opens every descriptor non-inheritable (PEP 446), so no child process keeps it open.
    """
    folder, base = os.path.split(target)
    for attempt in range(1000):
        partial = os.path.join(folder, f".{base}.{os.getpid()}.{attempt}{PARTIAL}")
        try:
            return os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), partial
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {target}")


@contextmanager
def output_file(
    path: str | os.PathLike[str], *, binary: bool = False, encoding: str = "utf-8", newline: str | None = None
) -> Iterator[IO[Any]]:
    """Yield a file to write ``path``'s new content to; it replaces ``path`` when the block ends normally.

    The content goes to a temporary file in the target's folder (hidden, ending in
    :data:`PARTIAL`), renamed over the target at the end: an error or interrupt in the block, or
    a failed write (a full disk, a read-only folder), leaves what was there before and removes the
    temporary file. Through a symbolic link, the file it points to is replaced (the link stays).
    A device, a pipe or a descriptor's name (``/dev/stdout``) is written directly.
    Every failure to write is a :class:`DataError` (exit status 1) naming ``path``; an error
    raised by the block itself passes through unchanged.
    """
    name = os.fspath(path)
    if _in_place(name):
        with _direct(name, binary, encoding, newline) as handle:
            yield handle
        return
    target = os.path.realpath(name)
    try:
        found = os.stat(target)
    except FileNotFoundError:
        found = None
    except OSError as err:
        raise write_failed(name, err) from err
    try:
        descriptor, partial = _open_partial(target)
    except OSError as err:
        raise write_failed(name, err) from err
    try:
        with _wrap(descriptor, name, binary, encoding, newline) as handle:
            yield handle
        try:
            if found is not None:
                os.chmod(partial, stat.S_IMODE(found.st_mode))
            os.replace(partial, target)
        except OSError as err:
            raise write_failed(name, err) from err
    finally:
        if os.path.lexists(partial):
            os.unlink(partial)


def _descriptor(name: str) -> int | None:
    """The descriptor a name stands for: ``/dev/stdout`` 1, ``/dev/stderr`` 2, ``/dev/fd/N`` and ``/proc/self/fd/N`` N."""
    absolute = os.path.abspath(name)
    named = {"/dev/stdout": "1", "/dev/stderr": "2"}.get(absolute)
    for prefix in ("/dev/fd/", "/proc/self/fd/"):
        if absolute.startswith(prefix):
            named = absolute[len(prefix) :]
    return int(named) if named is not None and named.isdigit() else None


def _in_place(name: str) -> bool:
    """True for a name written in place: an open descriptor's (``/dev/stdout``) or an existing file
    that is not a regular one (a device, a pipe)."""
    if _descriptor(name) is not None:
        return True
    try:
        return not stat.S_ISREG(os.stat(name).st_mode)
    except OSError:
        return False


@contextmanager
def _direct(name: str, binary: bool, encoding: str, newline: str | None) -> Iterator[IO[Any]]:
    """A device, pipe or open descriptor, written in place: a descriptor's name through a duplicate of
    it (sharing its position, so ``/dev/stdout`` redirected to a file keeps what the command prints)."""
    number = _descriptor(name)
    try:
        descriptor = os.dup(number) if number is not None else os.open(name, os.O_WRONLY)
    except OSError as err:
        raise write_failed(name, err) from err
    with _wrap(descriptor, name, binary, encoding, newline) as handle:
        yield handle


@contextmanager
def _wrap(descriptor: int, name: str, binary: bool, encoding: str, newline: str | None) -> Iterator[IO[Any]]:
    """A file object on ``descriptor`` whose every failure (write, flush, close) names ``name``."""
    handle: IO[Any] = (
        io.open(descriptor, "wb", closefd=True) if binary else io.open(descriptor, "w", encoding=encoding, newline=newline, closefd=True)
    )
    try:
        yield _Sink(handle, name)  # type: ignore[misc]
    except BaseException:
        try:
            handle.close()
        except OSError:
            pass  # the block's own error is the one to report
        raise
    try:
        handle.close()
    except OSError as err:
        raise write_failed(name, err) from err


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` by ``data`` (:func:`output_file`)."""
    with output_file(path, binary=True) as out:
        out.write(data)


def write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> None:
    """Replace ``path`` by ``text`` (:func:`output_file`)."""
    with output_file(path, encoding=encoding) as out:
        out.write(text)
