"""Project-wide defaults that change numbers, kept in one place so every layer agrees."""

DEFAULT_SEED = 12345
"""Seed of every random component (bootstrap, permutation tests, hill-climbing restarts, WWLK samples)."""
TIE_TOLERANCE = 1e-9
"""Two scores closer than this are equal (pair wins, preferences, ranks, metric ties): two F-scores equal
as fractions can differ in the last bit of their floats."""
