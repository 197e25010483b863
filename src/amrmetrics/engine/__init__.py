"""The corpus engine: the one place that pairs corpora, runs metrics over chunks and signs the result."""
