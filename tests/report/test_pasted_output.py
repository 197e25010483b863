"""The whole output of ``--format markdown`` and ``--format latex`` pastes into a README or a paper.

Each command's Markdown is rendered by a CommonMark parser with GitHub's tables (markdown-it-py)
and its LaTeX read back escape by escape, and compared with what the same command prints for a
person (``--format text``): the same tables with the same cells (no note read as a table row),
then every other line (notes, certification, signature lines) as a paragraph of its own with the
same text, each signature a code span holding it intact (a ``|`` in it splits nothing), and not one
LaTeX special character left unescaped.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import pytest
from bamboo_layout import make_bamboo
from conftest import DATA, EXAMPLES
from readback import latex_paragraph, latex_tabular, render_markdown, rich_output

from amrmetrics.cli.main import build_parser, main

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
A, B, CGOLD = (str(DATA / "compare" / name) for name in ("sys_a.amr", "sys_b.amr", "gold.amr"))


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A test file with a malformed graph, word vectors whose file name holds ``|``, ``_`` and ``%`` (the
    table shows the name), and a BAMBOO directory."""
    root = tmp_path_factory.mktemp("pasted")
    bad = root / "bad.amr"
    bad.write_text(Path(PRED).read_text(encoding="utf-8").replace("(w / want-01", "(w / / want-01", 1), encoding="utf-8")
    vectors = root / "tiny_vectors|100%.txt"
    shutil.copy(DATA / "tiny-vectors.txt", vectors)
    return {"bad": str(bad), "vectors": str(vectors), "bamboo": str(make_bamboo(root / "bamboo"))}


def commands(files: dict[str, str]) -> dict[str, list[str]]:
    """Every command with ``--format markdown``, on inputs that give several tables, notes and signatures."""
    return {
        "score": ["score", PRED, GOLD, "-m", "smatch,sembleu,smatch:fine", "--bootstrap", "20"],
        "score zeroed": ["score", files["bad"], GOLD, "-m", "smatch,sema", "--on-error", "zero"],
        "score vectors": ["score", PRED, GOLD, "-m", "s2match", "--vectors", files["vectors"]],
        "fine": ["fine", PRED, GOLD],
        "compare": ["compare", A, B, CGOLD, "-m", "smatch,sembleu", "--trials", "50", "--bootstrap", "20"],
        "compare zeroed": ["compare", files["bad"], PRED, GOLD, "--on-error", "zero", "--trials", "20"],
        "meta structural": ["meta", "structural", GOLD, "--levels", "0,0.5,1", "--resamples", "20", "-m", "smatch,simple"],
        "bamboo": ["bamboo", files["bamboo"], "--split", "dev", "-m", "simple,smatch"],
    }


COMMANDS = ("score", "score zeroed", "score vectors", "fine", "compare", "compare zeroed", "meta structural", "bamboo")
LATEX = ("score", "score zeroed", "score vectors", "fine", "compare", "compare zeroed")
"""The commands that also print LaTeX."""


def printed(capsys: pytest.CaptureFixture[str], argv: list[str], fmt: str) -> str:
    assert main([*argv, "--format", fmt, "--no-progress"]) == 0
    return capsys.readouterr().out


def formats() -> dict[str, tuple[str, ...]]:
    """Every (sub)command of the parser with the ``--format`` values it takes."""
    out: dict[str, tuple[str, ...]] = {}

    def walk(parser: argparse.ArgumentParser, name: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub, child in action.choices.items():
                    walk(child, f"{name} {sub}".strip())
            elif "--format" in action.option_strings:
                out[name] = tuple(action.choices)

    walk(build_parser(), "")
    return out


def test_every_command_with_markdown_or_latex_is_checked(files: dict[str, str]) -> None:
    assert tuple(commands(files)) == COMMANDS
    checked = {name.split(" ")[0] if name.split(" ")[0] != "meta" else name for name in COMMANDS}
    assert {name for name, choices in formats().items() if "markdown" in choices} == checked
    assert {name for name, choices in formats().items() if "latex" in choices} == {name.split(" ")[0] for name in LATEX}


@pytest.mark.parametrize("command", COMMANDS)
def test_markdown_renders_the_tables_and_every_line_whole(capsys, files, command):
    argv = commands(files)[command]
    tables, lines = rich_output(printed(capsys, argv, "text"))
    rendered = render_markdown(printed(capsys, argv, "markdown"))
    assert [kind for kind, _ in rendered.blocks] == ["table"] * len(tables) + ["paragraph"] * len(lines)
    assert rendered.of("table") == tables
    assert rendered.of("paragraph") == lines
    signatures = [line.removeprefix("signature: ") for line in lines if line.startswith("signature: ")]
    assert signatures and [codes for codes in rendered.codes if codes] == [[s] for s in signatures]


@pytest.mark.parametrize("command", LATEX)
def test_latex_escapes_everything_after_the_tabular_too(capsys, files, command):
    argv = commands(files)[command]
    tables, lines = rich_output(printed(capsys, argv, "text"))
    blocks = printed(capsys, argv, "latex").rstrip("\n").split("\n\n")
    assert [latex_tabular(b) for b in blocks[: len(tables)]] == tables
    paragraphs = [latex_paragraph(b) for b in blocks[len(tables) :]]
    assert [bad for _, _, bad in paragraphs] == [[] for _ in lines]
    assert [text for text, _, _ in paragraphs] == lines
    signatures = [line.removeprefix("signature: ") for line in lines if line.startswith("signature: ")]
    assert signatures and [codes for _, codes, _ in paragraphs if codes] == [[s] for s in signatures]


def test_a_label_with_syntax_characters_stays_one_cell(capsys, files):
    """The vectors file's name is shown in the label: its ``|`` must not open a column, its ``_`` no emphasis."""
    tables, _ = rich_output(printed(capsys, commands(files)["score vectors"], "text"))
    label = tables[0][1][0]
    assert label == "s2match:vectors=tiny_vectors|100%.txt"
    rendered = render_markdown(printed(capsys, commands(files)["score vectors"], "markdown"))
    assert rendered.of("table")[0][1][0] == label
