"""Reading: split corpora into graph blocks, decode each block, pair test and gold files."""

from amrmetrics.read.corpus import (
    BY_ID_HINT,
    ON_ERROR_CHOICES,
    Census,
    CorpusError,
    Entry,
    OnError,
    Pair,
    PairedEntries,
    census_entries,
    check_counts,
    check_positions,
    counted_entries,
    distinct_errors,
    format_errors,
    iter_entries,
    iter_text_entries,
    pair_files,
    read_graphs,
)
from amrmetrics.read.decode import MAX_DEPTH, GraphError, decode
from amrmetrics.read.source import STDIN, stdin_once
from amrmetrics.read.split import Block, split_blocks

__all__ = [
    "BY_ID_HINT",
    "ON_ERROR_CHOICES",
    "Block",
    "Census",
    "CorpusError",
    "Entry",
    "GraphError",
    "MAX_DEPTH",
    "OnError",
    "Pair",
    "PairedEntries",
    "census_entries",
    "check_counts",
    "check_positions",
    "counted_entries",
    "decode",
    "distinct_errors",
    "format_errors",
    "iter_entries",
    "pair_files",
    "iter_text_entries",
    "read_graphs",
    "split_blocks",
    "stdin_once",
    "STDIN",
]
