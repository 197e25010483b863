"""The shipped example files as lists of PENMAN strings, the input an evaluate module takes."""

from __future__ import annotations

from pathlib import Path


def penman_strings(path: Path) -> list[str]:
    """A file's graphs as PENMAN strings (blocks between blank lines that hold a graph), metadata kept."""
    blocks = path.read_text(encoding="utf-8").split("\n\n")
    return [b.strip() for b in blocks if any(line.startswith("(") for line in b.splitlines())]
