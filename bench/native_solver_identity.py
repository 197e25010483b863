"""The compiled exact solver's outcomes on a fixed set of problems, saved or compared with a saved run:
a check that a change to the solver (a faster one) left every outcome as it was.

    python bench/native_solver_identity.py --save /tmp/before.json    # with the build to compare against
    python bench/native_solver_identity.py --compare /tmp/before.json # with the changed build

For every pair of every golden dataset (``--stride N``: every N-th pair) prepared with each of the presets
smatch, smatchpp and smatch-classic, the compiled core's ``align_graphs`` on the prepared graphs (its
variable pairs, value, bound and status; the seconds are left out) and its ``solve_indexed`` on the
Python-built indexed problem (mapping, value, bound and status), then seeded random indexed problems
(``--random N`` of them, from small to link-heavy ones that reach the branch and bound and its limits).
Each outcome is saved with the counter the call moved (which step settled the problem, or why it was
handed back). ``--compare`` prints how many outcomes differ (the first few in full) and exits 1 if any do.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from conftest import GOLDEN_DATASETS

import amrmetrics._native as native
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.problem import build_problem
from amrmetrics.read import read_graphs
from amrmetrics.standardize import get_preset

PRESETS = ("smatch", "smatchpp", "smatch-classic")


def step(before: dict[str, int], after: dict[str, int]) -> str:
    """The counter one call moved ("" when none did: the problem never reached the solver)."""
    moved = [key for key in after if after[key] != before[key]]
    return ",".join(moved)


def call(core, function: str, *args) -> list:
    """One outcome: the call's answer as JSON values (None, or the tuple without its seconds) and its step."""
    before = core.counters()
    found = getattr(core, function)(*args)
    after = core.counters()
    if found is not None:
        if isinstance(found[-1], dict):  # align_graphs(pairs=True): statistics and details, without the seconds
            found = [found[0], {k: v for k, v in found[1].items() if k != "solver_seconds"}]
        found = [list(x) if isinstance(x, tuple) else x for x in found]
    return [found, step(before, after)]


def golden_outcomes(core, shared: Path, stride: int) -> dict[str, list]:
    out: dict[str, list] = {}
    for dataset in sorted(GOLDEN_DATASETS):
        test_file, gold_file = GOLDEN_DATASETS[dataset]
        pairs = list(
            zip(
                read_graphs(shared / "data" / test_file),
                read_graphs(shared / "data" / gold_file),
            )
        )[::stride]
        for preset in PRESETS:
            standardize = get_preset(preset)
            product = standardize.duplicates == "product"
            rows = []
            for test, gold in pairs:
                t, g = standardize(test), standardize(gold)
                graphs = call(core, "align_graphs", t, g, product, 0.0, True)
                ip = index_problem(
                    build_problem(t, g, duplicates=standardize.duplicates)
                )
                indexed = (
                    call(
                        core,
                        "solve_indexed",
                        ip.n_test,
                        ip.n_gold,
                        ip.ci.tolist(),
                        ip.cj.tolist(),
                        ip.cu.tolist(),
                        ip.qa.tolist(),
                        ip.qb.tolist(),
                        ip.qw.tolist(),
                        0.0,
                    )
                    if ip.integral
                    else None
                )
                rows.append([graphs, indexed])
            out[f"{dataset} {preset}"] = rows
            print(f"{dataset} {preset}: {len(rows)} pairs", file=sys.stderr)
    return out


def random_indexed(rng: np.random.Generator) -> tuple:
    """A random integer problem in indexed form (candidates sorted, links between candidates of
    increasing test nodes and distinct gold nodes), from sparse to link-heavy."""
    n1, n2 = int(rng.integers(1, 24)), int(rng.integers(1, 24))
    density = rng.choice([0.1, 0.3, 0.6])
    unary = rng.integers(0, 3, size=(n1, n2)) * (rng.random((n1, n2)) < density)
    quads: dict[tuple[int, int, int, int], int] = {}
    if n1 >= 2 and n2 >= 2:
        for _ in range(int(rng.integers(0, 6 * (n1 + n2)))):
            i, k = sorted(rng.choice(n1, 2, replace=False).tolist())
            j, l = rng.choice(n2, 2, replace=False).tolist()
            quads[(i, j, k, l)] = int(rng.integers(1, 4))
    keys = {(i, j) for i in range(n1) for j in range(n2) if unary[i, j] > 0}
    for i, j, k, l in quads:
        keys |= {(i, j), (k, l)}
    cands = sorted(keys)
    at = {c: n for n, c in enumerate(cands)}
    ci = [i for i, _ in cands]
    cj = [j for _, j in cands]
    cu = [float(unary[i, j]) for i, j in cands]
    qa = [at[(i, j)] for i, j, _, _ in quads]
    qb = [at[(k, l)] for _, _, k, l in quads]
    qw = [float(w) for w in quads.values()]
    return n1, n2, ci, cj, cu, qa, qb, qw


def random_outcomes(core, count: int) -> list:
    rows = []
    for seed in range(count):
        problem = random_indexed(np.random.default_rng(seed))
        rows.append(call(core, "solve_indexed", *problem, 0.0))
    print(f"random: {count} problems", file=sys.stderr)
    return rows


def differences(saved: dict, now: dict) -> list[str]:
    """One line per outcome that differs between two runs (the run's lists of outcomes must match)."""
    found = []
    pairs = [
        (f"{key} pair", saved["golden"][key], now["golden"].get(key))
        for key in saved["golden"]
    ]
    pairs.append(("random problem", saved["random"], now["random"]))
    if saved["golden"].keys() != now["golden"].keys():
        found.append(f"datasets: {sorted(saved['golden'])} vs {sorted(now['golden'])}")
    for where, before, after in pairs:
        if after is None or len(before) != len(after):
            found.append(
                f"{where}: {len(before)} outcomes vs {None if after is None else len(after)}"
            )
            continue
        found += [
            f"{where} {k}: {json.dumps(x)[:300]} vs {json.dumps(y)[:300]}"
            for k, (x, y) in enumerate(zip(before, after))
            if x != y
        ]
    if saved["counters"] != now["counters"]:
        found.append(f"counters: {saved['counters']} vs {now['counters']}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "--save", type=Path, help="write this run's outcomes to this JSON file"
    )
    mode.add_argument(
        "--compare",
        type=Path,
        help="compare this run's outcomes with this saved JSON file",
    )
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument(
        "--stride", type=int, default=1, help="every N-th pair of each golden dataset"
    )
    parser.add_argument(
        "--random",
        type=int,
        default=3000,
        help="how many seeded random indexed problems",
    )
    args = parser.parse_args()
    core = native.CORE
    if core is None:
        print("the compiled core is not loaded", file=sys.stderr)
        return 2
    print(f"core: {core.__file__}", file=sys.stderr)
    began = time.perf_counter()
    core.reset_counters()
    run = {
        "golden": golden_outcomes(core, args.shared, args.stride),
        "random": random_outcomes(core, args.random),
    }
    run["counters"] = core.counters()
    outcomes = sum(len(rows) for rows in run["golden"].values()) * 2 + len(
        run["random"]
    )
    print(
        f"{outcomes} outcomes in {time.perf_counter() - began:.0f} s; counters {run['counters']}"
    )
    if args.save:
        args.save.write_text(json.dumps(run), encoding="utf-8")
        print(f"saved to {args.save}")
        return 0
    saved = json.loads(args.compare.read_text(encoding="utf-8"))
    found = differences(saved, json.loads(json.dumps(run)))
    for line in found[:10]:
        print(line)
    print(f"{len(found)} outcomes differ from {args.compare}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
