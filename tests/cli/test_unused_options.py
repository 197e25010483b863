"""An option that no chosen metric takes changes nothing: the command says so on stderr (one line per
option) and still scores, so a user who typed ``--vectors`` for ``smatch`` or ``--timeout`` for
``sembleu`` learns that the numbers are the defaults'."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from amrmetrics.cli.common import OPTION_PARAMETERS
from amrmetrics.cli.main import main
from amrmetrics.metrics.registry import metric_class

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# a value each option accepts (the warning comes before any use of the value)
VALUES = {"solver": "exact", "timeout": "5", "restarts": "2", "vectors": "vectors.txt", "source_lang": "es", "translate": "test"}
OPTIONS = [key for key in OPTION_PARAMETERS if key != "seed"]


def takes(name: str, key: str) -> bool:
    return key in {f.name for f in dataclasses.fields(metric_class(name))}


def warning(key: str, names: str) -> str:
    return f"amrmetrics: warning: --{key.replace('_', '-')} has no effect: no metric chosen ({names}) takes it"


def test_every_option_has_a_value_here():
    assert sorted(VALUES) == sorted(OPTIONS)


@pytest.mark.parametrize("key", OPTIONS)
def test_an_option_no_chosen_metric_takes_is_named_on_stderr(key, capsys):
    name = next((n for n in ("sembleu", "sema", "smatch") if not takes(n, key)), None)
    assert name is not None
    argv = ["score", str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"), "-m", name, "--format", "json", "--no-progress"]
    assert main([*argv, f"--{key.replace('_', '-')}", VALUES[key]]) == 0
    out, err = capsys.readouterr()
    assert warning(key, name) in err.splitlines()
    with_option = json.loads(out)["metrics"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert "has no effect" not in err
    assert json.loads(out)["metrics"] == with_option


def test_an_option_one_chosen_metric_takes_is_not_named(capsys):
    assert takes("smatch", "timeout") and not takes("sembleu", "timeout")
    argv = ["score", str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"), "-m", "sembleu,smatch", "--timeout", "5"]
    assert main([*argv, "--format", "json", "--no-progress"]) == 0
    _, err = capsys.readouterr()
    assert "has no effect" not in err


def test_options_name_the_metrics_in_the_order_given(capsys):
    names = ["sema", "sembleu"]
    assert not any(takes(n, "vectors") for n in names)
    argv = ["score", str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"), "-m", ",".join(names)]
    assert main([*argv, "--vectors", "vectors.txt", "--format", "json", "--no-progress"]) == 0
    _, err = capsys.readouterr()
    assert warning("vectors", ", ".join(names)) in err.splitlines()
