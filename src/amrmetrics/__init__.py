"""amrmetrics: exact, fast, deterministic metrics for AMR and other PENMAN graphs."""

__version__ = "0.1.0"
