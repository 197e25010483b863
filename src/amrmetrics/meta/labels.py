"""Human labels of the parse-quality study: our TSV format and the public release's format.

Per sentence: a preference (1 = parse A is better, 0 = B is better, 0.5 = equally good) and
whether A and whether B is acceptable (1/0).

* ``tsv`` (ours): a header ``id<TAB>preference<TAB>acceptable_a<TAB>acceptable_b`` and one row
  per sentence; blank lines and lines starting with ``#`` are ignored.
* ``parseeval`` (the public release of "Better Smatch = Better Parser?", its ``LABEL.txt``):
  ``pref<TAB>accA<TAB>accB<TAB>id`` on odd lines and ``see above`` on even lines, because that
  release interleaves the candidates (A, B, A, B, ...) in one file with the reference repeated.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal

import numpy as np

from amrmetrics.errors import DataError, option
from amrmetrics.writing import output_file

LabelFormat = Literal["auto", "tsv", "parseeval"]
LABEL_FORMATS: tuple[str, ...] = ("auto", "tsv", "parseeval")
TSV_HEADER = ("id", "preference", "acceptable_a", "acceptable_b")
SEE_ABOVE = "see above"
_PREFERENCES = {1.0: 1.0, 0.0: 0.0, 0.5: 0.5}


class LabelError(DataError):
    """A label file that cannot be read, located by file and line."""


@dataclass(frozen=True)
class Labels:
    """Human judgements of n sentences, each with two candidate parses A and B."""

    ids: tuple[str, ...]
    preference: np.ndarray
    """1 = A better, 0 = B better, 0.5 = equal."""
    acceptable_a: np.ndarray
    """1 = A acceptable, 0 = not."""
    acceptable_b: np.ndarray
    """1 = B acceptable, 0 = not."""

    def __len__(self) -> int:
        return len(self.ids)


def _number(text: str, allowed: dict[float, float], what: str, where: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise LabelError(f"{where}: {what} must be {'/'.join(f'{v:g}' for v in allowed)}, not {text!r}") from None
    if value not in allowed:
        raise LabelError(f"{where}: {what} must be {'/'.join(f'{v:g}' for v in allowed)}, not {text!r}")
    return allowed[value]


def _row(fields: list[str], where: str) -> tuple[float, float, float]:
    preference = _number(fields[0], _PREFERENCES, "preference", where)
    acc_a = _number(fields[1], {1.0: 1.0, 0.0: 0.0}, "acceptable_a", where)
    acc_b = _number(fields[2], {1.0: 1.0, 0.0: 0.0}, "acceptable_b", where)
    return preference, acc_a, acc_b


def _labels(path: str, rows: list[tuple[str, tuple[float, float, float]]]) -> Labels:
    seen: dict[str, int] = {}
    for k, (key, _) in enumerate(rows):
        if key and key in seen:
            raise LabelError(f"{path}: id {key!r} labels sentences {seen[key] + 1} and {k + 1}")
        seen[key] = k
    values = np.array([v for _, v in rows], dtype=np.float64).reshape(-1, 3)
    return Labels(tuple(k for k, _ in rows), values[:, 0].copy(), values[:, 1].copy(), values[:, 2].copy())


def _read_lines(path: str | os.PathLike[str]) -> list[str]:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read().splitlines()
    except FileNotFoundError:
        raise LabelError(f"{path}: no such file") from None
    except UnicodeDecodeError as err:
        raise LabelError(f"{path}: not UTF-8 text ({err.reason} at byte {err.start})") from None


def parse_tsv(lines: list[str], path: str = "<labels>") -> Labels:
    """Labels in our TSV format (header ``id preference acceptable_a acceptable_b``)."""
    content = [(n, line) for n, line in enumerate(lines, 1) if line.strip() and not line.lstrip().startswith("#")]
    if not content or tuple(f.strip() for f in content[0][1].split("\t")) != TSV_HEADER:
        raise LabelError(f"{path}: the first line must be the header {chr(9).join(TSV_HEADER)!r} (tab-separated)")
    rows = []
    for n, line in content[1:]:
        fields = [f.strip() for f in line.split("\t")]
        where = f"{path}: line {n}"
        if len(fields) != 4:
            raise LabelError(f"{where}: expected 4 tab-separated fields, found {len(fields)}")
        rows.append((fields[0], _row(fields[1:], where)))
    return _labels(path, rows)


def parse_parseeval(lines: list[str], path: str = "<labels>") -> Labels:
    """Labels in the public release's format: ``pref accA accB id`` lines alternating with ``see above``."""
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    rows = []
    for n, line in enumerate(lines, 1):
        where = f"{path}: line {n}"
        if n % 2 == 0:
            if line.strip() != SEE_ABOVE:
                raise LabelError(f"{where}: expected {SEE_ABOVE!r} (every second line stands for candidate B)")
            continue
        fields = [f.strip() for f in line.split("\t")]
        if len(fields) not in (3, 4):
            raise LabelError(f"{where}: expected 'preference<TAB>acceptable_a<TAB>acceptable_b<TAB>id'")
        rows.append((fields[3] if len(fields) == 4 else "", _row(fields[:3], where)))
    if len(lines) % 2:
        raise LabelError(f"{path}: the last label line has no {SEE_ABOVE!r} line after it")
    return _labels(path, rows)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def detect_format(lines: list[str]) -> str:
    """``tsv`` when the file starts with our header; ``parseeval`` when it starts with a number or its
    second line is ``see above``."""
    content = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if content and content[0].split("\t")[0].strip() == TSV_HEADER[0]:
        return "tsv"
    if len(lines) > 1 and lines[1].strip() == SEE_ABOVE or (lines and _is_number(lines[0].split("\t")[0])):
        return "parseeval"
    raise LabelError(
        "cannot tell the label format: expected our TSV (header 'id<TAB>preference<TAB>acceptable_a<TAB>acceptable_b') "
        f"or the public release's LABEL.txt ('see above' on every second line); use {option('fmt', metavar='FORMAT', flag='--labels-format')}"
    )


def read_labels(path: str | os.PathLike[str], fmt: LabelFormat = "auto") -> Labels:
    """Read a label file in either format (``auto`` detects it)."""
    lines = _read_lines(path)
    name = os.fspath(path)
    chosen = detect_format(lines) if fmt == "auto" else fmt
    if chosen == "tsv":
        return parse_tsv(lines, name)
    if chosen == "parseeval":
        return parse_parseeval(lines, name)
    raise LabelError(f"unknown label format {fmt!r}; choose one of {', '.join(LABEL_FORMATS)}")


def write_tsv(labels: Labels, path: str | os.PathLike[str]) -> None:
    """Write labels in our TSV format (e.g. to convert the public release's file)."""
    with output_file(path) as handle:
        handle.write("\t".join(TSV_HEADER) + "\n")
        for k, key in enumerate(labels.ids):
            values = (labels.preference[k], labels.acceptable_a[k], labels.acceptable_b[k])
            handle.write("\t".join([key] + [f"{v:g}" for v in values]) + "\n")
