"""Every JSON the tool writes is strict JSON: a score that does not exist is ``null``, never ``NaN``.

Python's ``json`` reads ``NaN`` and ``Infinity`` by default; JavaScript's ``JSON.parse``, jq and
most other readers reject them. Each output below is made on inputs where some value is undefined
(an aspect no graph has, a malformed graph scored as empty, fewer than 10 pairs for an interval,
a correlation of constant scores) and parsed with a parser that refuses those constants, and once
more with Node's ``JSON.parse`` where Node is installed.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from bamboo_layout import make_bamboo
from conftest import DATA, EXAMPLES

from amrmetrics.cli.main import main

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
DOCS = DATA / "documents"
META = DATA / "meta"
DATA_BLOCK = re.compile(r'<script type="application/json" id="amrmetrics-data">(.*?)</script>', re.S)
UNDEFINED = "smatch,sembleu,smatch:fine"
"""smatch:fine has aspects the examples lack (Wikification): their scores are undefined."""


def reject(constant: str) -> None:
    raise ValueError(f"not JSON: {constant}")


def strict(text: str) -> object:
    """``text`` parsed as one JSON document, refusing NaN and Infinity."""
    return json.loads(text, parse_constant=reject)


def lines(path: Path) -> list[object]:
    """A JSON-lines file, each line parsed strictly."""
    return [strict(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A test file whose first graph is malformed (scored as empty under --on-error zero), and documents
    without coreference (their Coref aspect is undefined)."""
    root = tmp_path_factory.mktemp("strict")
    bad = root / "bad.amr"
    bad.write_text(Path(PRED).read_text(encoding="utf-8").replace("(w / want-01", "(w / / want-01", 1), encoding="utf-8")
    human = root / "human.txt"
    human.write_text("3\n3\n3\n3\n3\n3\n", encoding="utf-8")  # constant human scores: no correlation
    doc_pred, doc_gold = root / "pred.docs.amr", root / "gold.docs.amr"
    for source, target in ((PRED, doc_pred), (GOLD, doc_gold)):
        assert main(["documents", source, "--sentences", "5", "-o", str(target)]) == 0
    return {"root": root, "bad": bad, "human": human, "doc_pred": doc_pred, "doc_gold": doc_gold,
            "bamboo": make_bamboo(root / "bamboo")}


def documents(inputs: dict[str, Path]) -> dict[str, list[str]]:
    """Every command that prints a JSON document, each on inputs with undefined values."""
    bad, root = str(inputs["bad"]), inputs["root"]
    return {
        "score": ["score", bad, GOLD, "-m", UNDEFINED, "--on-error", "zero", "--bootstrap", "20", "-f", "json"],
        "fine": ["fine", bad, GOLD, "--on-error", "zero", "-f", "json"],
        "score documents": ["score", str(inputs["doc_pred"]), str(inputs["doc_gold"]), "-m", "smatch:doc=sentence", "-f", "json"],
        "compare": ["compare", bad, PRED, GOLD, "-m", UNDEFINED, "--on-error", "zero", "-f", "json", "--trials", "50"],
        "matrix": ["matrix", GOLD, "-m", "smatch:fine", "-o", str(root / "m.npy"), "-f", "json"],
        "bamboo": ["bamboo", str(inputs["bamboo"]), "--split", "dev", "-m", "simple", "-f", "json"],
        "meta parse-quality": [
            "meta", "parse-quality", "--a", str(META / "a.amr"), "--b", str(META / "a.amr"), "--gold", str(META / "gold.amr"),
            "--labels", str(META / "labels.tsv"), "--resamples", "20", "-m", "simple,smatch", "-f", "json",
        ],
        "meta similarity": [
            "meta", "similarity", "--a", str(META / "a.amr"), "--b", str(META / "gold.amr"), "--human", str(inputs["human"]),
            "--scale", "1", "5", "--resamples", "20", "-m", "simple", "-f", "json",
        ],
        "meta structural": ["meta", "structural", GOLD, "--levels", "0,0.5,1", "--resamples", "20", "-m", "smatch", "-f", "json"],
        "probe": ["probe", bad, GOLD, "--on-error", "zero", "-m", "simple,smatch:fine", "-f", "json"],
        "metrics": ["metrics", "-f", "json"],
        "perturb": ["perturb", GOLD, "--levels", "0,1", "-o", str(root / "damaged"), "-f", "json"],
    }


def per_pair_files(inputs: dict[str, Path]) -> dict[str, list[str]]:
    """Every command that writes ``--per-pair FILE.jsonl``, each with undefined pair scores."""
    bad, root = str(inputs["bad"]), inputs["root"]
    return {
        "score": ["score", bad, GOLD, "-m", UNDEFINED, "--on-error", "zero", "--per-pair", str(root / "score.jsonl")],
        "fine": ["fine", bad, GOLD, "--on-error", "zero", "--per-pair", str(root / "fine.jsonl")],
        "score documents": ["score", str(inputs["doc_pred"]), str(inputs["doc_gold"]), "-m", "smatch:doc=sentence",
                            "--per-pair", str(root / "docs.jsonl")],
        "compare": ["compare", bad, PRED, GOLD, "-m", UNDEFINED, "--on-error", "zero", "--trials", "50",
                    "--per-pair", str(root / "compare.jsonl")],
    }


def run(argv: list[str]) -> None:
    assert main([*argv, "--no-progress"] if argv[0] not in ("metrics", "perturb", "documents") else argv) == 0


DOCUMENTS = ("score", "fine", "score documents", "compare", "matrix", "bamboo", "meta parse-quality", "meta similarity",
             "meta structural", "probe", "metrics", "perturb")
PER_PAIR = ("score", "fine", "score documents", "compare")


def test_every_command_is_checked(inputs):
    assert tuple(documents(inputs)) == DOCUMENTS and tuple(per_pair_files(inputs)) == PER_PAIR


@pytest.mark.parametrize("command", DOCUMENTS)
def test_every_json_document_is_strict(capsys, inputs, command):
    run(documents(inputs)[command])
    text = capsys.readouterr().out
    assert strict(text)


@pytest.mark.parametrize("command", PER_PAIR)
def test_every_per_pair_jsonl_file_is_strict(capsys, inputs, command):
    argv = per_pair_files(inputs)[command]
    run(argv)
    capsys.readouterr()
    rows = lines(Path(argv[argv.index("--per-pair") + 1]))
    assert rows and all(isinstance(row, dict) for row in rows)


def test_an_undefined_pair_score_is_null(capsys, inputs):
    """The examples have no :wiki: the Wikification aspect of every pair is undefined, and written as null."""
    argv = per_pair_files(inputs)["fine"]
    run(argv)
    capsys.readouterr()
    for row in lines(Path(argv[-1])):
        scores = row["metrics"]["smatch:fine"]["scores"]
        assert scores["Wikification.F"] is None and scores["Smatch.F"] is not None


def test_the_report_data_and_its_per_pair_files_are_strict(inputs):
    out = inputs["root"] / "docs.html"
    assert main(["explain", str(inputs["doc_pred"]), str(inputs["doc_gold"]), "-m", "smatch:doc=sentence", "-o", str(out),
                 "--bootstrap", "10", "--no-fine", "--no-progress"]) == 0
    data = strict(DATA_BLOCK.search(out.read_text(encoding="utf-8")).group(1))
    assert data["systems"][0]["report"]["micro"]["Coref.F"] is None
    jsonl = gzip.decompress(base64.b64decode(data["per_pair"]["jsonl"])).decode("utf-8")
    rows = [strict(line) for line in jsonl.splitlines()]
    assert rows[0]["metrics"]["smatch:doc=sentence"]["scores"]["Coref.F"] is None


NODE = shutil.which("node") or shutil.which("nodejs")


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed (its JSON.parse is the strict reader checked here)")
def test_node_parses_every_output(capsys, inputs):
    folder = inputs["root"] / "node"
    folder.mkdir(exist_ok=True)
    for name, argv in documents(inputs).items():
        run(argv)
        (folder / f"{name.replace(' ', '-')}.json").write_text(capsys.readouterr().out, encoding="utf-8")
    for name, argv in per_pair_files(inputs).items():
        run(argv)
        capsys.readouterr()
        shutil.copy(argv[argv.index("--per-pair") + 1], folder / f"{name.replace(' ', '-')}.jsonl")
    script = (
        "const fs = require('fs'), path = require('path'); const dir = process.argv[1]; let n = 0;"
        "for (const f of fs.readdirSync(dir).sort()) {"
        "  const text = fs.readFileSync(path.join(dir, f), 'utf8');"
        "  const docs = f.endsWith('.jsonl') ? text.split('\\n').filter(l => l) : [text];"
        "  for (const d of docs) { try { JSON.parse(d); n++; } catch (e) { console.error(f + ': ' + e.message); process.exit(1); } }"
        "}"
        "console.log(n);"
    )
    done = subprocess.run([NODE, "-e", script, str(folder)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= len(documents(inputs)) + len(per_pair_files(inputs))
