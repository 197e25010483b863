"""A heatmap of a correlation matrix (matplotlib, an optional extra: ``pip install 'amrmetrics[plot]'``)."""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np


def plot_correlations(matrix: np.ndarray, labels: Sequence[str], path: str | os.PathLike[str], title: str) -> None:
    """Write a labelled heatmap of ``matrix`` (values in [-1, 1], shown x100) to ``path`` (PNG, PDF, SVG)."""
    try:
        import matplotlib
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install 'amrmetrics[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    size = max(4.0, 0.9 * len(labels) + 2.5)
    fig, ax = plt.subplots(figsize=(size, size * 0.85))
    image = ax.imshow(np.ma.masked_invalid(matrix), vmin=-1.0, vmax=1.0, cmap="RdBu_r")
    ax.set_xticks(range(len(labels)), labels=list(labels), rotation=45, ha="right")
    ax.set_yticks(range(len(labels)), labels=list(labels))
    for i in range(len(labels)):
        for j in range(len(labels)):
            value = matrix[i, j]
            text = "–" if not np.isfinite(value) else f"{100 * value:.0f}"
            ax.text(j, i, text, ha="center", va="center", color="white" if abs(value) > 0.6 else "black")
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=150)
    plt.close(fig)
