"""The report as one self-contained HTML file: the page, its style and scripts inline, the data as one JSON blob.

Nothing is fetched: the scripts (the vendored dagre layout library and ours) and the style are
read from the package's ``assets`` and written into the page, the data goes into a
``<script type="application/json">`` block, and the page's Content-Security-Policy forbids every
network request.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

from amrmetrics.version import __version__
from amrmetrics.words import counted
from amrmetrics.writing import write_text

_MARKER = re.compile(r"@@(VERSION|TITLE|CSS|DATA|SCRIPTS)@@")

SCRIPTS = ("dagre.min.js", "util.js", "graph.js", "corpus.js", "table.js", "details.js", "focus.js", "pair.js", "umr.js", "app.js")
"""The scripts of the page, in the order they run (dagre first: ours use it)."""


def asset(name: str) -> str:
    """The text of one file of the package's ``assets`` folder."""
    return resources.files("amrmetrics.explaining").joinpath("assets", name).read_text(encoding="utf-8")


def _script_safe(text: str) -> str:
    """Text that cannot end its ``<script>`` block early (``</`` is written ``<\\/``, valid in JS and JSON strings)."""
    return text.replace("</", "<\\/")


def packed(text: str) -> str:
    """``text`` gzipped and base64-encoded (the page unpacks it with the browser's DecompressionStream)."""
    return base64.b64encode(gzip.compress(text.encode("utf-8"), mtime=0)).decode("ascii")


def data_json(data: dict[str, Any]) -> str:
    """The report's data as the JSON the page reads (``<`` escaped, so no tag can appear in it).

    The per-pair files, read only when downloaded, are packed (:func:`packed`): on Little Prince
    they shrink from 1.1 MB to 0.1 MB.
    """
    data = {**data, "per_pair": {kind: packed(text) for kind, text in data["per_pair"].items()}}
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.replace("<", "\\u003c")


def render_html(data: dict[str, Any]) -> str:
    """The whole page for ``data`` (:meth:`amrmetrics.explaining.model.Explanation.as_dict`)."""
    scripts = "\n".join(_script_safe(asset(name)) for name in SCRIPTS)
    title = f"amrmetrics explain: {data['metric']}, {counted(len(data['pairs']), 'pair')}"
    values = {
        "VERSION": __version__,
        "TITLE": title.replace("&", "&amp;").replace("<", "&lt;"),
        "CSS": asset("report.css"),
        "DATA": data_json(data),
        "SCRIPTS": scripts,
    }
    return _MARKER.sub(lambda m: values[m.group(1)], asset("report.html"))  # one pass: inserted text is never rescanned


def write_html(data: dict[str, Any], path: Path) -> Path:
    """Write the page for ``data`` to ``path`` (UTF-8, replaced only once complete) and return the path."""
    write_text(path, render_html(data))
    return path
