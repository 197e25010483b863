"""Project-wide defaults that change numbers, kept in one place so every layer agrees."""

DEFAULT_SEED = 12345
"""Seed of every random component (bootstrap, permutation tests, hill-climbing restarts, WWLK samples)."""
DEFAULT_TRIALS = 10_000
"""Approximate-randomization trials of a comparison (p-values resolve down to about 1e-4)."""
TIE_TOLERANCE = 1e-9
"""Two scores closer than this are equal (pair wins, preferences, ranks, metric ties): two F-scores equal
as fractions can differ in the last bit of their floats."""
