"""Worker processes never re-run a script that has no ``if __name__ == "__main__":`` guard.

multiprocessing's forkserver and spawn start methods import the parent's ``__main__`` in every
worker; for an unguarded script that re-ran its scoring inside the worker, which died starting a
pool of its own (``BrokenProcessPool``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

from conftest import ROOT

from amrmetrics.engine.parallel import script_not_rerun, uses_main

SCRIPT = """
import amrmetrics
tests = ["(a / c%d :ARG0 (b / c%d) :ARG1 (d / c%d))" % (i % 7, i % 3, i % 5) for i in range(120)]
golds = ["(a / c%d :ARG0 (b / c%d))" % (i % 5, i % 7) for i in range(120)]
print("top level ran")
one = amrmetrics.score(tests, golds, "smatch,sembleu")
two = amrmetrics.score(tests, golds, "smatch,sembleu", jobs=2)
batch = amrmetrics.Scorer("smatch,sembleu", jobs=2).pairs(tests, golds)
print(*[result[spec].report == one[spec].report for result in (two, batch) for spec in one])
"""


def run_script(folder: Path, text: str) -> subprocess.CompletedProcess[str]:
    """Run ``text`` as a script file (not ``-c``: only a file is imported again by workers)."""
    script = folder / "unguarded.py"
    script.write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=600, cwd=folder)


def test_jobs_work_from_a_script_without_a_main_guard(tmp_path):
    done = run_script(tmp_path, SCRIPT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["top level ran", "True True True True"]


def test_a_class_from_the_script_keeps_the_script_importable_in_workers():
    main = types.ModuleType("__main__")
    exec("class Mine:\n    pass\n", main.__dict__)
    assert uses_main([main.Mine()]) and uses_main([[1, main.Mine()]]) and uses_main([main.Mine])
    assert not uses_main([[1, "a"], {"k": 2.0}, len])


def test_the_script_is_marked_only_while_workers_start(monkeypatch):
    main = types.ModuleType("__main__")
    main.__file__ = "/somewhere/script.py"
    main.__spec__ = None
    monkeypatch.setitem(sys.modules, "__main__", main)
    with script_not_rerun(), script_not_rerun():
        assert main.__spec__ is not None and main.__spec__.name == "__main__"
    assert main.__spec__ is None


def test_a_module_run_with_dash_m_is_left_alone(monkeypatch):
    main = types.ModuleType("__main__")
    main.__file__ = "/somewhere/package/__main__.py"
    main.__spec__ = types.SimpleNamespace(name="package.__main__")
    monkeypatch.setitem(sys.modules, "__main__", main)
    with script_not_rerun():
        assert main.__spec__.name == "package.__main__"
    assert main.__spec__.name == "package.__main__"
