"""Project-wide defaults that change numbers, kept in one place so every layer agrees."""

DEFAULT_SEED = 12345
"""Seed of every random component (bootstrap, permutation tests, hill-climbing restarts, WWLK samples)."""
