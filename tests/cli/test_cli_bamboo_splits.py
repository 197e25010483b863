"""``amrmetrics bamboo`` on a directory without the split asked for says which splits it has (exit 1)."""

from __future__ import annotations

from pathlib import Path

from amrmetrics.cli.main import main


def _layout(root: Path, *splits: str) -> Path:
    """Only what names a split: ``<task>/orig.<split>.txt`` (the check comes before any graph is read)."""
    for task in ("sts", "sick", "para"):
        (root / task).mkdir(parents=True, exist_ok=True)
        for split in splits:
            (root / task / f"orig.{split}.txt").write_text("", encoding="utf-8")
    return root


def bamboo(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["bamboo", *argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_default_split_missing_names_the_ones_there(capsys, tmp_path: Path) -> None:
    root = _layout(tmp_path / "bamboo", "dev")
    assert bamboo(capsys, str(root)) == (1, "", f"amrmetrics: error: {root}: no 'test' split; it has dev (choose with --split)\n")


def test_several_splits_are_listed_in_order(capsys, tmp_path: Path) -> None:
    root = _layout(tmp_path / "bamboo", "train", "dev")
    code, _, err = bamboo(capsys, str(root), "--split", "test")
    assert code == 1 and "no 'test' split; it has dev, train (choose with --split)" in err


def test_a_directory_without_any_split(capsys, tmp_path: Path) -> None:
    code, _, err = bamboo(capsys, str(tmp_path))
    assert code == 1 and f"{tmp_path}: no 'test' split; it has none (expected <task>/orig.<split>.txt)" in err


def test_a_missing_directory(capsys, tmp_path: Path) -> None:
    code, _, err = bamboo(capsys, str(tmp_path / "nowhere"))
    assert code == 1 and f"{tmp_path / 'nowhere'}: no such directory" in err
