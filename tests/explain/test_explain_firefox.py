"""The report in Firefox: a smoke test through Firefox's own headless screenshot, not Playwright.

Playwright drives Firefox only through its own patched build (downloaded from its CDN) or, for a
stock Firefox, through WebDriver BiDi, where Debian's firefox-esr 153 rejects a command Playwright
sends on every new page (``emulation.setMediaFeaturesOverride``). So this test only checks that
the page's scripts run and draw: ``firefox --headless --screenshot`` of a pair view must show the
fill of matched nodes, which exists only once the graphs are drawn. Skips without Firefox.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from conftest import EXAMPLES

import amrmetrics

FIREFOX = next((p for p in (shutil.which("firefox-esr"), shutil.which("firefox")) if p), None)
pytestmark = pytest.mark.skipif(FIREFOX is None, reason="no Firefox on PATH (Debian: apt-get install firefox-esr)")
MATCHED_FILL = (0xDA, 0xFB, 0xE1)
"""``svg.amr .node.match rect`` fill in report.css."""


def screenshot(page: str, out: Path, home: Path) -> np.ndarray:
    """Firefox's headless screenshot of ``page`` as an (height, width, 3) array of 0-255 values."""
    image = pytest.importorskip("matplotlib.image", reason="matplotlib (the 'test' extra) reads the PNG")
    done = subprocess.run(
        [FIREFOX, "--headless", "--no-remote", "--window-size=1500,1000", "--screenshot", str(out), page],
        capture_output=True, text=True, timeout=300, env={**os.environ, "HOME": str(home)},
    )
    assert done.returncode == 0, done.stderr
    return np.rint(image.imread(out)[..., :3] * 255).astype(int)


def matched_pixels(pixels: np.ndarray) -> int:
    return int(np.all(pixels == MATCHED_FILL, axis=-1).sum())


def test_firefox_draws_a_pair_view(tmp_path: Path) -> None:
    path = amrmetrics.explain(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", fine=False, bootstrap=10).to_html(tmp_path / "r.html")
    pair = screenshot(path.resolve().as_uri() + "#pair-1", tmp_path / "pair.png", tmp_path)
    corpus = screenshot(path.resolve().as_uri(), tmp_path / "corpus.png", tmp_path)
    assert matched_pixels(pair) > 1000  # matched nodes drawn in both panels
    assert matched_pixels(corpus) == 0  # the corpus view has no graph: the color is the graphs'
