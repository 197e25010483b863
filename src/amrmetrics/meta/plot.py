"""Plots of meta-evaluation results: a correlation heatmap, score against damage (matplotlib, extra ``amrmetrics[plot]``)."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from amrmetrics.extras import require
from amrmetrics.writing import write_bytes

if TYPE_CHECKING:
    from amrmetrics.meta.structural import StructuralResult


def _pyplot() -> Any:
    """matplotlib's pyplot, drawing to files only (no display needed)."""
    require("matplotlib", "plotting").use("Agg")
    return require("matplotlib.pyplot", "plotting")


def plot_correlations(matrix: np.ndarray, labels: Sequence[str], path: str | os.PathLike[str], title: str) -> None:
    """Write a labelled heatmap of ``matrix`` (values in [-1, 1], shown x100) to ``path`` (PNG, PDF, SVG)."""
    plt = _pyplot()
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
    _save(fig, path)
    plt.close(fig)


def _save(fig: Any, path: str | os.PathLike[str]) -> None:
    """Write ``fig`` to ``path`` in the format its extension names (PNG without one), replaced only once complete."""
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, dpi=150, format=os.path.splitext(os.fspath(path))[1][1:].lower() or "png")
    write_bytes(path, buffer.getvalue())


def plot_damage(result: StructuralResult, path: str | os.PathLike[str]) -> None:
    """Write mean score (x100) against mean damage per level, one line per metric, to ``path``.

    A file parameter (``vectors=/a/b/glove.txt``) is shown by its file name in the legend.
    """
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9.0, 5.0))
    damage = 100 * np.asarray(result.mean_damage)
    shades = plt.get_cmap("tab20").colors
    colours = shades[0::2] + shades[1::2]  # the 10 strong colours first, then their light shades
    for k, m in enumerate(result.metrics):
        label = re.sub(r"=[^,=]*/([^,/=]+)", r"=\1", m.spec)
        style = ("-", "--", ":")[(k // len(colours)) % 3]
        ax.plot(damage, 100 * np.asarray(m.mean_scores), style, marker="o", markersize=3, label=label,
                color=colours[k % len(colours)])
    ax.set_xlabel("damage: relations rewired (%)")
    ax.set_ylabel("mean score against the original (x100)")
    ax.set_title(f"Structural consistency, {result.graphs} graphs")
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    _save(fig, path)
    plt.close(fig)
