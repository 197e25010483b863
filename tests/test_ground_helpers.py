"""The top-level helpers on their own: optional packages' errors in their words, the command line's
message of an OS error, and the atomic writer's rules (temporary file beside the target, its mode,
names that stand for open descriptors, refusals in their words)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from amrmetrics.errors import BackendMissing, DataError, UsageError, message
from amrmetrics.extras import available, check, require
from amrmetrics.writing import (
    PARTIAL,
    Output,
    check_outputs,
    output_file,
    write_failed,
    write_text,
)


def _exactly(text: str) -> str:
    return f"^{re.escape(text)}$"


# --- extras -----------------------------------------------------------------------------------


def test_check_names_the_feature_the_install_and_the_alternative(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "ot", None)
    hint = 'wwlk:transport=pot needs pot, which is not installed: pip install "amrmetrics[ot]"'
    with pytest.raises(BackendMissing, match=_exactly(hint)):
        check("ot", "wwlk:transport=pot")
    with pytest.raises(BackendMissing, match=_exactly(hint + " (or transport=scipy)")):
        check("ot", "wwlk:transport=pot", alternative="or transport=scipy")


def test_a_module_under_a_missing_package_is_not_available() -> None:
    assert not available("amrmetrics_no_such_package.module")


def _fake_package(tmp_path: Path, monkeypatch, init: str) -> None:
    """An ``argostranslate`` package (an optional one) on the path, with ``init`` as its ``__init__``."""
    (tmp_path / "argostranslate").mkdir()
    (tmp_path / "argostranslate" / "__init__.py").write_text(init, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m.partition(".")[0] == "argostranslate"]:
        monkeypatch.delitem(sys.modules, name)


def test_a_package_that_fails_to_import_for_its_own_reasons_says_why(tmp_path: Path, monkeypatch) -> None:
    _fake_package(tmp_path, monkeypatch, "import amrmetrics_no_such_dependency\n")
    with pytest.raises(BackendMissing) as raised:
        require("argostranslate", "the argos translator")
    assert str(raised.value) == (
        "the argos translator needs argostranslate, which cannot be imported "
        "(No module named 'amrmetrics_no_such_dependency'): pip install argostranslate"
    )
    assert isinstance(raised.value.__cause__, ImportError)


def test_a_missing_module_of_an_installed_package_is_not_installed(tmp_path: Path, monkeypatch) -> None:
    _fake_package(tmp_path, monkeypatch, "")
    with pytest.raises(BackendMissing, match=_exactly("translation needs argostranslate, which is not installed: pip install argostranslate")):
        require("argostranslate.no_such_module", "translation")


# --- errors -----------------------------------------------------------------------------------


def test_an_os_error_is_printed_with_its_file_or_as_python_words_it() -> None:
    assert message(FileNotFoundError(2, "No such file or directory", "gold.amr")) == "gold.amr: No such file or directory"
    assert message(OSError(28, "No space left on device")) == "[Errno 28] No space left on device"


# --- writing: refusals ------------------------------------------------------------------------


def test_inputs_that_name_no_file_are_skipped_and_the_rest_still_checked(tmp_path: Path) -> None:
    gold = tmp_path / "gold.amr"
    gold.write_text("(a / b)\n", encoding="utf-8")
    with pytest.raises(UsageError, match=_exactly(f"-o {gold}: refusing to write over the input file {gold}")):
        check_outputs([Output("-o", str(gold))], [None, "", "-", str(gold)])


def test_standard_input_is_never_the_file_named_dash(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("-").write_text("not an input\n", encoding="utf-8")
    check_outputs([Output("-o", "-")], ["-"])  # "-" as an input is standard input


def test_a_device_read_and_written_is_not_an_input_overwritten() -> None:
    check_outputs([Output("-o", os.devnull)], [os.devnull])


def test_a_folder_output_that_is_a_file_and_a_file_output_that_is_a_folder(tmp_path: Path) -> None:
    file = tmp_path / "scores"
    file.write_text("", encoding="utf-8")
    with pytest.raises(DataError, match=_exactly(f"cannot write {file} (--per-pair): it is not a folder")):
        check_outputs([Output("--per-pair", str(file), ("a.tsv",))], [])
    with pytest.raises(DataError, match=_exactly(f"cannot write {tmp_path} (-o): it is a directory")):
        check_outputs([Output("-o", str(tmp_path))], [])


def test_write_failed_gives_the_system_s_reason_or_the_error_s_text() -> None:
    assert str(write_failed("out.tsv", OSError(13, "Permission denied"))) == "cannot write out.tsv: Permission denied"
    assert str(write_failed("out.tsv", OSError("no room"))) == "cannot write out.tsv: no room"
    assert str(write_failed("out.tsv", ValueError("bad text"))) == "cannot write out.tsv: bad text"


# --- writing: the temporary file ----------------------------------------------------------------


def test_the_temporary_file_is_beside_the_target_and_the_new_file_gets_the_usual_mode(tmp_path: Path, monkeypatch) -> None:
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "scores.tsv"
    with output_file(target) as out:
        out.write("x\n")
        assert [name for name in os.listdir(folder) if name.endswith(PARTIAL)] != []
        assert os.listdir(elsewhere) == []
    assert target.read_text(encoding="utf-8") == "x\n"
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_temporary_name_in_use_is_left_alone_and_a_thousand_are_too_many(tmp_path: Path) -> None:
    target = tmp_path / "scores.tsv"
    taken = tmp_path / f".scores.tsv.{os.getpid()}.0{PARTIAL}"
    taken.write_text("another writer's\n", encoding="utf-8")
    write_text(target, "mine\n")
    assert target.read_text(encoding="utf-8") == "mine\n"
    assert taken.read_text(encoding="utf-8") == "another writer's\n"
    for attempt in range(1000):
        (tmp_path / f".scores.tsv.{os.getpid()}.{attempt}{PARTIAL}").write_text("", encoding="utf-8")
    with pytest.raises(DataError, match=_exactly(f"cannot write {target}: no free temporary name beside {target}")):
        write_text(target, "again\n")
    assert target.read_text(encoding="utf-8") == "mine\n"


def test_write_text_uses_the_encoding_asked_for(tmp_path: Path) -> None:
    target = tmp_path / "latin.txt"
    write_text(target, "café\n", encoding="latin-1")
    assert target.read_bytes() == b"caf\xe9\n"


# --- writing: names of open descriptors ---------------------------------------------------------


@pytest.mark.parametrize(("name", "stream"), [("/dev/stdout", "out"), ("/dev/stderr", "err")])
def test_standard_streams_by_name_are_written_in_place_after_what_was_printed(name: str, stream: str, capfd) -> None:
    print("before", file=getattr(sys, f"std{stream}"), flush=True)
    with output_file(name) as out:
        out.write("after\n")
    assert getattr(capfd.readouterr(), stream) == "before\nafter\n"


@pytest.mark.parametrize("prefix", ["/dev/fd/", "/proc/self/fd/"])
def test_an_open_descriptor_by_name_is_written_at_its_position(prefix: str, tmp_path: Path) -> None:
    path = tmp_path / "log.txt"
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        os.write(descriptor, b"first\n")
        with output_file(f"{prefix}{descriptor}") as out:
            assert out.writable()
            out.write("second\n")
    finally:
        os.close(descriptor)
    assert path.read_text(encoding="utf-8") == "first\nsecond\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_failed_flush_names_the_file() -> None:
    with pytest.raises(DataError, match=_exactly("cannot write /dev/full: No space left on device")), output_file("/dev/full") as out:
        out.write("x")
        out.flush()
