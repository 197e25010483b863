"""``amrmetrics explain`` on UMR documents: every sentence under the document alignment, and the document layer.

The model is checked against the ``umr`` metric's own numbers (each sentence's colored triples add
up to its matched count; each document's listed relations to its category counts), and the page
in Chromium: no console message, no request, one card per document with its relations marked
matched, only in test or only in gold, the closure, and a sentence's pair view with both graphs and
that sentence's document-level relations.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from amrmetrics.engine.corpus import RunOptions
from amrmetrics.explaining.umr import explain_umr
from amrmetrics.metrics.registry import parse_metrics
from conftest import EXAMPLES, ROOT

PRED, GOLD = EXAMPLES / "umr" / "pred", EXAMPLES / "umr" / "gold"
ARTIFACTS = ROOT / "build" / "test-artifacts" / "explain"


@pytest.fixture(scope="module")
def explanation():
    return explain_umr(PRED, GOLD, parse_metrics("umr")[0], RunOptions(bootstrap=None))


def test_each_sentence_is_a_pair_whose_credits_add_up(explanation):
    assert len(explanation.pairs) == 5 and len(explanation.documents) == 2
    for pair in explanation.pairs:
        side = pair.sides[0]
        assert side.explanation.test_credits.total == side.stats["matched"] == side.explanation.gold_credits.total
    ids = [p.id for p in explanation.pairs]
    assert ids == ["chinese-market/1", "chinese-market/2", "english-rain/1", "english-rain/2", "english-rain/3"]
    assert explanation.pairs[0].sentence == "小明 去 了 市场 。"


def test_each_documents_relations_match_its_counts(explanation):
    for document in explanation.documents:
        for category, lists in document["relations"].items():
            status = Counter(t["status"] for t in lists["triples"])
            aspect = document["aspects"][category.capitalize()]
            assert status["matched"] == aspect["matched"]
            assert status["matched"] + status["test_only"] == aspect["n_test"]
            assert status["matched"] + status["gold_only"] == aspect["n_gold"]
            if category in ("temporal", "coref"):
                closed = Counter(c["status"] for c in lists["closure"])
                closure = document["aspects"][category.capitalize() + "Closure"]
                assert (closed["matched"], closed["matched"] + closed["test_only"]) == (closure["matched"], closure["n_test"])
    english = next(d for d in explanation.documents if d["name"] == "english-rain")
    written = {t["written"]: t["status"] for t in english["relations"]["temporal"]["triples"]}
    assert written["(s1r :after document-creation-time)"] == "matched"  # the gold writes (document-creation-time :before s1r)
    assert written["(s2r :overlap s2f)"] == "test_only" and written["(s2r :before s2f)"] == "gold_only"


def test_the_command_line_writes_the_report(tmp_path: Path):
    out = tmp_path / "umr.html"
    done = subprocess.run([sys.executable, "-m", "amrmetrics", "explain", str(PRED), str(GOLD), "-o", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "wrote" in done.stderr and "umr: micro" in done.stdout and "signature: umr|" in done.stdout
    assert out.stat().st_size > 10_000


sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is in the 'test' extra: pip install '.[test]'")
CHROMIUM = next((p for p in (shutil.which("chromium"), "/usr/bin/chromium") if p and Path(p).exists()), None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium binary (Debian: apt-get install chromium)")
def test_the_report_in_chromium(explanation, tmp_path: Path):
    path = explanation.to_html(tmp_path / "umr.html")
    english = next(d for d in explanation.documents if d["name"] == "english-rain")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_context(viewport={"width": 1500, "height": 1000}).new_page()
        messages: list[str] = []
        requests: list[str] = []
        page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: messages.append(f"error: {e}"))
        page.on("request", lambda r: requests.append(r.url))
        url = path.resolve().as_uri()
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        cards = page.locator("#documents .document")
        sync_api.expect(cards).to_have_count(2)
        card = page.locator(f"#document-{english['number']}")
        temporal = card.locator("table.umr-triples[data-category='temporal'] tr")
        statuses = Counter(t["status"] for t in english["relations"]["temporal"]["triples"])
        sync_api.expect(temporal).to_have_count(1 + sum(statuses.values()))
        sync_api.expect(card.locator("table.umr-triples tr.umr-gold_only")).to_have_count(
            sum(1 for c in english["relations"].values() for t in c["triples"] if t["status"] == "gold_only")
        )
        assert "only in gold" in card.locator("table.umr-triples[data-category='temporal']").inner_text()
        card.locator("details.umr-closure[data-category='temporal'] summary").click()
        sync_api.expect(card.locator("details.umr-closure[data-category='temporal'] tr")).to_have_count(1 + len(english["relations"]["temporal"]["closure"]))
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "umr-corpus.png"), full_page=True)
        card.locator("table.umr-triples[data-category='coref'] a").first.click()
        page.wait_for_selector("#sentence-relations")
        sync_api.expect(page.locator(".graph[data-ready]")).to_have_count(2, timeout=60_000)
        box = page.locator("#sentence-relations").inner_text()
        assert "(s2v :subset-of s3p)" in box and "matched" in box
        assert "english-rain/3" in page.locator(".pairhead").inner_text()
        page.screenshot(path=str(ARTIFACTS / "umr-pair.png"))
        browser.close()
    assert messages == []
    assert {u.split("#")[0] for u in requests} == {url}
