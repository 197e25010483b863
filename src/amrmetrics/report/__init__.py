"""Reporting: corpus summaries as text tables, JSON, per-pair files, and signatures."""
