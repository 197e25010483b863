"""Every JSON document starts with its schema version and has exactly the keys docs/json-schema.md lists."""

from __future__ import annotations

import json
import re

import pytest
from bamboo_layout import make_bamboo
from conftest import DATA, EXAMPLES, ROOT

from amrmetrics.cli.common import JSON_SCHEMA_VERSION
from amrmetrics.cli.main import main

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
META = DATA / "meta"


def documented() -> dict[str, list[str]]:
    """Section title (the command) -> the keys of its table, from docs/json-schema.md."""
    text = (ROOT / "docs" / "json-schema.md").read_text(encoding="utf-8")
    out = {}
    for section in re.split(r"^## ", text, flags=re.M)[1:]:
        title = re.match(r"`amrmetrics ([^`]+)`", section)
        if title:
            words = title.group(1).split(" -")[0]  # the command, without the options shown
            out[words] = re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M)
    return out


def printed(capsys, argv: list[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def commands(tmp_path) -> dict[str, list[str]]:
    human = tmp_path / "human.txt"
    human.write_text("5\n1\n2\n3\n4\n2.5\n", encoding="utf-8")
    return {
        "score": ["score", PRED, GOLD, "-m", "smatch,sembleu", "-f", "json"],
        "compare": ["compare", PRED, GOLD, GOLD, "-f", "json"],
        "matrix": ["matrix", GOLD, "-m", "smatch", "-o", str(tmp_path / "m.npy"), "-f", "json"],
        "bamboo": ["bamboo", str(make_bamboo(tmp_path / "bamboo")), "--split", "dev", "-m", "simple", "-f", "json"],
        "meta parse-quality": [
            "meta", "parse-quality", "--a", str(META / "a.amr"), "--b", str(META / "b.amr"), "--gold", str(META / "gold.amr"),
            "--labels", str(META / "labels.tsv"), "--resamples", "20", "-m", "simple", "-f", "json",
        ],
        "meta similarity": [
            "meta", "similarity", "--a", str(META / "a.amr"), "--b", str(META / "gold.amr"), "--human", str(human),
            "--resamples", "20", "-m", "simple", "-f", "json",
        ],
        "probe": ["probe", PRED, GOLD, "-m", "simple", "-f", "json"],
        "metrics": ["metrics", "-f", "json"],
    }


def test_every_command_is_documented(tmp_path):
    assert set(documented()) == set(commands(tmp_path))


@pytest.mark.parametrize(
    "command", ["score", "compare", "matrix", "bamboo", "meta parse-quality", "meta similarity", "probe", "metrics"]
)
def test_a_document_has_its_version_first_and_the_documented_keys(capsys, tmp_path, command):
    document = printed(capsys, commands(tmp_path)[command])
    assert next(iter(document)) == "schema_version" and document["schema_version"] == JSON_SCHEMA_VERSION == 1
    assert list(document) == documented()[command]


def test_fine_prints_the_score_document(capsys):
    document = printed(capsys, ["fine", PRED, GOLD, "-f", "json"])
    assert list(document) == documented()["score"]
