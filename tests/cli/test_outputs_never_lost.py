"""No command writes over its input, and a failed write leaves the earlier file and names the file.

Every output option is declared with ``checks.add_output``; pointed at an input (by its own name,
a symbolic link or a hard link) it is refused with exit status 2 before anything is read. A write
that fails (a full disk: RLIMIT_FSIZE in a child process, or ``/dev/full``) exits with status 1,
names the file, and leaves what was under the final name before (no temporary file either).
"""

from __future__ import annotations

import argparse
import errno
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT

from amrmetrics.cli.checks import OutputPath
from amrmetrics.cli.main import build_parser, main
from amrmetrics.errors import DataError
from amrmetrics.writing import PARTIAL, output_file

OUTPUT_NAMES = {"--output", "--per-pair", "--html", "--plot"}
"""Option names that mean "write here" in every subcommand."""

COMMANDS = {
    ("score", "--per-pair"): ["score", "{pred}", "{gold}"],
    ("fine", "--per-pair"): ["fine", "{pred}", "{gold}"],
    ("compare", "--per-pair"): ["compare", "{pred}", "{pred}", "{gold}"],
    ("compare", "--html"): ["compare", "{pred}", "{pred}", "{gold}"],
    ("explain", "--output"): ["explain", "{pred}", "{gold}"],
    ("matrix", "--output"): ["matrix", "{gold}"],
    ("documents", "--output"): ["documents", "{gold}", "--sentences", "2"],
    ("meta parse-quality", "--plot"): ["meta", "parse-quality", "--a", "{pred}", "--b", "{pred}", "--gold", "{gold}", "--labels", "{gold}"],
    ("meta structural", "--plot"): ["meta", "structural", "{gold}"],
}
"""A command line for every file output option (the output option is added by the test)."""


def _declared(parser: argparse.ArgumentParser, prefix: str = "") -> dict[tuple[str, str], bool]:
    """Every option of every (sub)command named like an output: whether it is declared with ``add_output``."""
    found = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.update(_declared(sub, f"{prefix} {name}".strip()))
        elif set(action.option_strings) & OUTPUT_NAMES:
            option = max(action.option_strings, key=len)
            found[(prefix, option)] = action.type is not None and isinstance(action.type("x"), OutputPath)
    return found


def test_every_output_option_is_declared_and_tested() -> None:
    declared = _declared(build_parser())
    assert {k for k, v in declared.items() if not v} == set()
    assert set(declared) == set(COMMANDS) | {("perturb", "--output")}


def _inputs(folder: Path) -> dict[str, Path]:
    folder.mkdir()
    pred, gold = folder / "pred.amr", folder / "gold.tsv"  # .tsv: a name matrix -o accepts
    shutil.copy(EXAMPLES / "pred.amr", pred)
    shutil.copy(EXAMPLES / "gold.amr", gold)
    return {"pred": pred, "gold": gold}


def _name(victim: Path, how: str, folder: Path) -> Path:
    """``victim`` itself, or a new symbolic or hard link to it."""
    if how == "itself":
        return victim
    link = folder / f"{how}-{victim.name}"
    if how == "symlink":
        link.symlink_to(victim)
    else:
        os.link(victim, link)
    return link


@pytest.mark.parametrize("how", ["itself", "symlink", "hardlink"])
@pytest.mark.parametrize("command", sorted(COMMANDS), ids=lambda c: f"{c[0]} {c[1]}".replace(" ", "_"))
def test_an_output_that_is_an_input_is_refused(tmp_path, capsys, command, how) -> None:
    files = _inputs(tmp_path / "in")
    for victim in ("pred", "gold"):
        if "{" + victim + "}" not in COMMANDS[command]:
            continue
        before = files[victim].read_bytes()
        argv = [part.format(**files) for part in COMMANDS[command]]
        target = _name(files[victim], how, tmp_path)
        assert main([*argv, command[1], str(target)]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert f"{command[1]} {target}: refusing to write over the input file {files[victim]}" in err
        assert files[victim].read_bytes() == before
        if how != "itself":
            target.unlink()


@pytest.mark.parametrize("how", ["itself", "symlink", "hardlink"])
def test_perturb_never_writes_over_its_input_in_the_output_folder(tmp_path, capsys, how) -> None:
    folder = tmp_path / "damaged"
    folder.mkdir()
    gold = tmp_path / "gold.amr"
    shutil.copy(EXAMPLES / "gold.amr", gold)
    if how == "itself":  # perturb DIR/level-0.amr -o DIR
        source = folder / "level-0.amr"
        shutil.move(gold, source)
        output = folder
    elif how == "symlink":  # -o LINK, where LINK/level-0.amr is the input
        source = folder / "level-0.amr"
        shutil.move(gold, source)
        output = tmp_path / "link"
        output.symlink_to(folder)
    else:  # DIR/damage.tsv is a hard link of the input
        source = gold
        os.link(gold, folder / "damage.tsv")
        output = folder
    before = source.read_bytes()
    assert main(["perturb", str(source), "--levels", "0,1", "-o", str(output)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"--output {output}: refusing to write over the input file {source}" in err
    assert source.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == (["damage.tsv"] if how == "hardlink" else ["level-0.amr"])


def test_two_outputs_that_are_one_file_are_refused(tmp_path, capsys) -> None:
    files = _inputs(tmp_path / "in")
    report = tmp_path / "report.html"
    argv = ["compare", str(files["pred"]), str(files["pred"]), str(files["gold"]), "--html", str(report)]
    assert main([*argv, "--per-pair", str(report)]) == 2
    err = capsys.readouterr().err
    assert f"--html {report}" in err and "the same file as" in err and f"--per-pair {report}" in err
    assert not report.exists()


def test_a_vectors_file_named_in_a_metric_spec_is_an_input(tmp_path, capsys) -> None:
    files = _inputs(tmp_path / "in")
    vectors = tmp_path / "glove.txt"
    vectors.write_text("cat 1 0\n", encoding="utf-8")
    argv = ["score", str(files["pred"]), str(files["gold"]), "-m", f"smatch,s2match:vectors={vectors}"]
    assert main([*argv, "--per-pair", str(vectors)]) == 2
    assert f"refusing to write over the input file {vectors}" in capsys.readouterr().err
    assert vectors.read_text(encoding="utf-8") == "cat 1 0\n"


WRITES = {
    "matrix-npy": (["matrix", "{gold}", "-m", "smatch", "-o", "{out}", "--no-progress"], "m.npy", 0),
    "matrix-tsv": (["matrix", "{gold}", "-m", "smatch", "-o", "{out}", "--no-progress"], "m.tsv", 0),
    "explain": (["explain", "{pred}", "{gold}", "--no-fine", "--bootstrap", "10", "-o", "{out}", "--no-progress"], "r.html", 65536),
    "compare-html": (
        ["compare", "{pred}", "{pred}", "{gold}", "--bootstrap", "10", "--trials", "10", "--html", "{out}", "--no-progress"],
        "c.html",
        65536,
    ),
    "documents": (["documents", "{gold}", "--sentences", "2", "-o", "{out}"], "d.amr", 0),
    "perturb": (["perturb", "{gold}", "--levels", "0,1", "-o", "{folder}"], "level-0.amr", 0),
    "per-pair": (["score", "{pred}", "{gold}", "--per-pair", "{out}", "--no-progress"], "p.tsv", 0),
}
"""Commands whose output a nearly full disk stops: the command, the output file's name, and how many
bytes a file may hold (the HTML reports are written after small per-pair files in a temporary folder)."""


@pytest.mark.parametrize("case", sorted(WRITES))
def test_a_failed_write_leaves_the_earlier_file_and_names_it(tmp_path, case) -> None:
    files = _inputs(tmp_path / "in")
    argv, name, room = WRITES[case]
    folder = tmp_path / "out"
    folder.mkdir()
    out = folder / name
    out.write_text("earlier\n", encoding="utf-8")
    command = [part.format(**files, out=out, folder=folder) for part in argv]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONDONTWRITEBYTECODE": "1"}

    def full_disk() -> None:  # in the child: no file may grow past `room` bytes (EFBIG; Python ignores SIGXFSZ)
        resource.setrlimit(resource.RLIMIT_FSIZE, (room, room))

    done = subprocess.run(
        [sys.executable, "-m", "amrmetrics", *command], capture_output=True, text=True, env=env, timeout=300, preexec_fn=full_disk
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines()[-1] == f"amrmetrics: error: cannot write {out}: {os.strerror(errno.EFBIG)}"
    assert out.read_text(encoding="utf-8") == "earlier\n"
    assert not [p.name for p in folder.iterdir() if p.name.endswith(PARTIAL)]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("argv", [["documents", "{gold}", "--sentences", "2"], ["explain", "{pred}", "{gold}", "--no-fine", "--bootstrap", "10", "--no-progress"]])
def test_a_full_device_is_named(tmp_path, capsys, argv) -> None:
    files = _inputs(tmp_path / "in")
    assert main([*(part.format(**files) for part in argv), "-o", "/dev/full"]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == "amrmetrics: error: cannot write /dev/full: No space left on device"


def test_the_file_a_link_names_is_replaced_and_keeps_its_mode(tmp_path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("earlier\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    with output_file(link) as out:
        out.write("new\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new\n"
    assert real.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]


def test_an_error_of_the_block_passes_unchanged_and_keeps_the_earlier_file(tmp_path) -> None:
    target = tmp_path / "t.txt"
    target.write_text("earlier\n", encoding="utf-8")
    with pytest.raises(FileNotFoundError, match="an input"):
        with output_file(target) as out:
            out.write("half")
            raise FileNotFoundError("an input went away")
    assert target.read_text(encoding="utf-8") == "earlier\n" and [p.name for p in tmp_path.iterdir()] == ["t.txt"]


def test_a_failed_rename_names_the_file(tmp_path, monkeypatch) -> None:
    target = tmp_path / "t.txt"

    def read_only(src: str, dst: str) -> None:
        raise OSError(30, os.strerror(30))

    monkeypatch.setattr(os, "replace", read_only)
    with pytest.raises(DataError, match=f"cannot write {target}: {os.strerror(30)}"):
        with output_file(target) as out:
            out.write("text")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="no /dev/stdout on this system")
@pytest.mark.parametrize("into", ["pipe", "file"])
def test_standard_output_named_as_a_file_is_written_in_place(tmp_path, into) -> None:
    files = _inputs(tmp_path / "in")
    command = [sys.executable, "-m", "amrmetrics", "score", str(files["pred"]), str(files["gold"]), "--no-progress"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with open(tmp_path / "stdout.txt", "w+", encoding="utf-8") as file:
        out = subprocess.PIPE if into == "pipe" else file
        done = subprocess.run([*command, "--per-pair", "/dev/stdout"], stdout=out, stderr=subprocess.PIPE, text=True, env=env, timeout=300)
        file.seek(0)
        printed = done.stdout if into == "pipe" else file.read()
    assert done.returncode == 0, done.stderr
    lines = printed.splitlines()
    assert lines[0].startswith("pair\ttest_graph\t") and [line.split("\t")[0] for line in lines[1:6]] == ["1", "2", "3", "4", "5"]
    assert lines[-1].startswith("signature: smatch|")  # the table follows the rows: nothing cut or written over
