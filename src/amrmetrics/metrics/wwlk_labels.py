"""WWLK's label vectors and edge weights: deterministic draws that belong to a label, a seed and a sample.

How a node label is looked up in the vector table (the reference's cleaning), the vector of a label
the table lacks, and the random or minimum-entropy edge-label weights.
"""

from __future__ import annotations

import hashlib
import re

import numpy as np

_SENSE = re.compile(r"-[0-9]+")

NEGATION = "false-not-untrue"
"""What the polarity constant ``-`` is looked up as."""
UNKNOWN_RANGE = (-0.05, 0.05)
"""Uniform range of the vector of a label with no known part."""
WEIGHT_RANGE = (0.2, 0.35)
"""Uniform range of random edge-label weights (``random_uniform`` and ``min_entropy`` candidates)."""
CONSTANT_WEIGHT = 0.2
"""Every edge weight under ``constant``."""
MIN_ENTROPY_CANDIDATES = 10
"""Candidates drawn per edge label by ``min_entropy``."""


def lookup_form(label: str) -> str:
    """The reference's cleaning of a node label before lookup: ``-`` -> negation words, no quotes, no senses, no ``:``."""
    text = label.strip()
    if text == "-":
        text = NEGATION
    text = text.replace('"', "").replace("'", "").lower()
    return _SENSE.sub("", text).replace(":", "")


def lookup_keys(label: str) -> tuple[list[str], list[str]]:
    """The table keys of a label: its ``-`` parts (plus ``_`` parts when it has ``_``), and its digits if numeric."""
    form = lookup_form(label)
    parts = form.split("-") + (form.split("_") if "_" in form else [])
    return parts, (list(form) if form.isnumeric() else [])


def label_seed(label: str) -> int:
    """The first 8 bytes of ``sha256(label)`` as a big-endian integer (seed of the label's random draws)."""
    return int.from_bytes(hashlib.sha256(label.encode("utf-8")).digest()[:8], "big")


def label_draws(label: str, seed: int, low: float, high: float, shape: tuple[int, ...]) -> np.ndarray:
    """Uniform draws that belong to one label under ``seed`` (row ``s - 1`` is sample ``s``, prefix-stable)."""
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(label_seed(label), spawn_key=(seed,))))
    return rng.uniform(low, high, shape)


def canonical_unknown(label: str, dim: int) -> np.ndarray:
    """Sample 0's vector of a label with no known part: ``PCG64(sha256(label)[:8]).uniform(-0.05, 0.05, dim)``."""
    return np.random.Generator(np.random.PCG64(label_seed(label))).uniform(*UNKNOWN_RANGE, dim)


def min_entropy_weights(count: int, samples: int, seed: int) -> np.ndarray:
    """Greedy weights ``(samples, count)``: per position, the candidate giving the lowest entropy so far.

    The entropy of the weights chosen so far plus one candidate, normalised to sum 1, is computed
    as ``scipy.stats.entropy`` computes it (so ties, e.g. at the first position, break the same
    way: the first candidate wins). Candidates are drawn position by position, so the first ``c``
    columns are the same for every ``count >= c``.
    """
    from scipy.special import entr

    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    candidates = rng.uniform(*WEIGHT_RANGE, (count, samples, MIN_ENTROPY_CANDIDATES))
    weights = np.empty((samples, count))
    for i in range(count):
        trial = np.concatenate(
            [np.broadcast_to(weights[:, None, :i], (samples, MIN_ENTROPY_CANDIDATES, i)), candidates[i][:, :, None]], axis=2
        )
        trial = trial / np.sum(trial, axis=2, keepdims=True)
        entropy = np.sum(entr(trial), axis=2)
        weights[:, i] = candidates[i][np.arange(samples), np.argmin(entropy, axis=1)]
    return weights
