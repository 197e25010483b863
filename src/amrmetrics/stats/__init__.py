"""Aggregating: corpus scores, bootstrap intervals and significance tests, over statistics only."""
