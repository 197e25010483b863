"""The report file is self-contained: no address a browser would load, the data intact, nothing that can break out of its script."""

from __future__ import annotations

import base64
import gzip
import json
import re
import time
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import EXAMPLES

import amrmetrics
from amrmetrics.explaining.html import SCRIPTS, asset, render_html

DATA_BLOCK = re.compile(r'<script type="application/json" id="amrmetrics-data">(.*?)</script>', re.S)


class Loads(HTMLParser):
    """Every tag and attribute that makes a browser fetch something, and the text of inline scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.fetching: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "srcset", "poster", "data", "action", "formaction", "xlink:href") and value:
                if not value.startswith("#"):
                    self.fetching.append(f"<{tag} {name}={value!r}>")
        if tag in ("link", "iframe", "embed", "object", "img", "audio", "video", "source", "base"):
            self.fetching.append(f"<{tag}>")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict]:
    explanation = amrmetrics.explain(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", bootstrap=50)
    path = explanation.to_html(tmp_path_factory.mktemp("report") / "report.html")
    return path.read_text(encoding="utf-8"), json.loads(json.dumps(explanation.as_dict()))


def test_the_page_holds_no_address_the_browser_would_load(report: tuple[str, dict]) -> None:
    html, _ = report
    outside_data = DATA_BLOCK.sub("", html)
    assert "http://" not in outside_data and "https://" not in outside_data
    assert re.findall(r"url\(\s*['\"]?([^#'\"\s])", outside_data) == []  # only url(#marker) references
    assert "@import" not in outside_data
    parser = Loads()
    parser.feed(html)
    assert parser.fetching == []
    assert "default-src 'none'" in html  # and the page forbids any request it might still make


def test_every_script_and_the_style_are_inline(report: tuple[str, dict]) -> None:
    html, _ = report
    for name in SCRIPTS:
        body = asset(name).strip().splitlines()[-1]
        assert body.replace("</", "<\\/") in html, name
    assert asset("report.css").strip().splitlines()[0] in html


def test_the_embedded_data_is_the_explanation(report: tuple[str, dict]) -> None:
    html, data = report
    blocks = DATA_BLOCK.findall(html)
    assert len(blocks) == 1
    embedded = json.loads(blocks[0])
    packed = embedded.pop("per_pair")
    assert embedded == {k: v for k, v in data.items() if k != "per_pair"}
    assert {k: gzip.decompress(base64.b64decode(v)).decode("utf-8") for k, v in packed.items()} == data["per_pair"]
    assert len(data["pairs"]) == 5 and data["per_pair"]["tsv"].startswith("pair\t")


def test_a_sentence_cannot_end_the_data_block(tmp_path: Path) -> None:
    hostile = '</script><script>alert(1)</script> <!-- "quotes" & http://example.org/x'
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text(f"# ::snt {hostile}\n(a / cat)\n", encoding="utf-8")
    gold.write_text("(b / cat)\n", encoding="utf-8")
    explanation = amrmetrics.explain(test, gold, fine=False, bootstrap=10)
    html = render_html(explanation.as_dict())
    assert html.count("</script>") == len(re.findall(r"<script\b", html))
    assert html.count("<script") == 2
    assert json.loads(DATA_BLOCK.search(html).group(1))["pairs"][0]["sentence"] == hostile


def test_the_title_and_version_are_written(report: tuple[str, dict]) -> None:
    html, _ = report
    assert f'content="amrmetrics {amrmetrics.__version__}"' in html
    assert "<title>amrmetrics explain: smatch, 5 pairs</title>" in html
    assert "@@" not in DATA_BLOCK.sub("", html)


def test_the_vendored_layout_library_ships_with_its_licence() -> None:
    folder = Path(amrmetrics.__file__).parent / "explaining" / "assets"
    licence = (folder / "LICENSE-dagre.txt").read_text(encoding="utf-8")
    assert "Permission is hereby granted, free of charge" in licence and "@dagrejs/dagre 3.1.3" in licence
    assert (folder / "dagre.min.js").read_text(encoding="utf-8").startswith("/*\n@license")


SCRIPT_BLOCK = re.compile(r"<script>\n(.*)\n</script>", re.DOTALL)


def small_report(tmp_path: Path, sentence: str = "a cat") -> dict:
    """The data of a one-pair report whose sentence is ``sentence``."""
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text(f"# ::snt {sentence}\n(a / cat)\n", encoding="utf-8")
    gold.write_text("(b / cat)\n", encoding="utf-8")
    return amrmetrics.explain(test, gold, fine=False, bootstrap=10).as_dict()


def test_the_scripts_are_the_assets_in_order_and_none_holds_a_closing_tag(tmp_path: Path) -> None:
    scripts = SCRIPT_BLOCK.findall(render_html(small_report(tmp_path)))
    assert len(scripts) == 1 and "</" not in scripts[0]
    assert scripts[0] == "\n".join(asset(name).replace("</", "<\\/") for name in SCRIPTS)


def test_the_data_is_compact_json_with_text_as_written(tmp_path: Path) -> None:
    sentence = "the café's <b>cat</b> & über"
    block = DATA_BLOCK.search(render_html(small_report(tmp_path, sentence))).group(1)
    data = json.loads(block)
    assert data["pairs"][0]["sentence"] == sentence and "the café's \\u003cb>cat\\u003c/b> & über" in block
    assert block == json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def test_data_the_browser_could_not_parse_is_refused(tmp_path: Path) -> None:
    data = small_report(tmp_path)
    data["pairs"][0]["sentence"] = float("nan")  # JSON.parse refuses NaN: the page would show nothing
    with pytest.raises(ValueError):
        render_html(data)


def test_the_title_is_the_metric_as_written(tmp_path: Path) -> None:
    data = small_report(tmp_path)
    data["metric"] = "m:path=a&amp;b</title>c"
    title = re.search(r"<title>(.*?)</title>", render_html(data), re.DOTALL).group(1)
    assert unescape(title) == "amrmetrics explain: m:path=a&amp;b</title>c, 1 pair"  # as a browser reads a title


def test_the_page_is_the_same_bytes_whatever_the_clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = small_report(tmp_path)
    pages = []
    for now in (1_000_000_000.0, 2_000_000_000.0):
        monkeypatch.setattr(time, "time", lambda now=now: now)
        pages.append(render_html(data))
    assert pages[0] == pages[1]
