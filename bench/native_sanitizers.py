"""Build the compiled core with AddressSanitizer and UndefinedBehaviorSanitizer and run it over every
shared corpus and a fuzzed corpus (issue 32: no input may crash the process).

    python bench/native_sanitizers.py [--shared ../shared] [--fuzz 20000] [--seed 1]

The extension is compiled from src/amrmetrics/_native with ``-fsanitize=address,undefined
-fno-sanitize-recover=all`` into a temporary folder; a child Python process (with the ASan runtime
preloaded, leak detection off: the interpreter keeps memory on purpose) imports it in place of the
installed core and feeds it: every graph block of every shared ``.amr``/``.umr`` file, the examples
and the test data (the reader), each of them standardized with every preset's steps and filed as the
reference S2match parser files it (also with a damaged layout record), every golden
pair aligned under the ``smatch``, ``smatchpp`` and ``smatch-classic`` presets (both result forms, and
as texts through the fused call) and through the fused SemBLEU (n = 1..4) and rematch calls, random
indexed problems (integer ones, and graded ones through the compiled cheap steps and the graded prover), every BAMBOO STS dev pair
through S2match in both modes (the graded prover on real problems), and the fuzzed corpus: shared and
example graphs damaged (structural and odd characters inserted, deleted, duplicated), random byte soup,
deep nesting and huge tokens, also paired at random through the fused calls; and pairs beyond the
SemBLEU and rematch limits. Any sanitizer report aborts
the child and this script exits 1; otherwise it prints what ran and "no sanitizer report"; each stage
is announced on stderr with the seconds so far. Needs g++ (or
clang++: ``--compiler``) with the sanitizer runtimes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "amrmetrics" / "_native"

CHILD = r'''
import glob, importlib.util, random, sys, time
from pathlib import Path
spec = importlib.util.spec_from_file_location("amrmetrics._native._core", sys.argv[1])
core = importlib.util.module_from_spec(spec)
spec.loader.exec_module(core)
sys.modules["amrmetrics._native._core"] = core
import amrmetrics._native as native
assert native.CORE is core, native.STATUS
START = time.perf_counter()
shared, fuzz, seed, root = Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), Path(sys.argv[5])
sys.path[:0] = [str(root / "tests")]
from amrmetrics.graph import Graph
from amrmetrics.read import split_blocks
from amrmetrics.read.decode import decode
from amrmetrics.standardize import PRESETS, get_preset
from amrmetrics.metrics.rematch import DEFAULT_STEPS as REMATCH_STEPS
core.configure(Graph)
counts = {}

def count(what, n=1):
    counts[what] = counts.get(what, 0) + n

def stage(what):
    print(f"{time.perf_counter() - START:7.0f} s  {what}", file=sys.stderr, flush=True)

def blocks(pattern):
    texts = []
    for name in sorted(glob.glob(pattern, recursive=True)):
        with open(name, encoding="utf-8", errors="surrogateescape") as handle:
            texts += [block.text for block in split_blocks(handle)]
    return texts

texts = blocks(str(shared / "data" / "**" / "*.amr")) + blocks(str(shared / "data" / "**" / "*.umr"))
texts += blocks(str(root / "examples" / "*.amr")) + blocks(str(root / "tests" / "data" / "**" / "*.amr"))
presets = [get_preset(name) for name in sorted(PRESETS)]

def read_and_standardize(text, label):
    count(label)
    found = core.parse_regular(text)
    if found is not None:
        count(label + ": read by the compiled reader")
    try:
        graph = found or decode(text)
    except ValueError:
        return None
    for preset in presets:
        core.standardize(graph, preset.steps)
        count("standardized")
    core.s2match_relations(graph)
    core.s2match_relations(graph.evolve(tree_edges=graph.tree_edges[::2], last_branches=graph.last_branches[1:]))
    count("filed as the reference S2match parser files them (and with a damaged layout)", 2)
    return graph

stage(f"reading and standardizing {len(texts):,} shared, example and test graphs")
graphs = [read_and_standardize(text, "shared, example and test graphs") for text in texts]
stage("aligning the golden pairs (3 presets)")
from conftest import GOLDEN_DATASETS
from fuzz.reader_cases import damage
from amrmetrics.read import read_graphs
for name, (t, g) in GOLDEN_DATASETS.items():
    pairs = list(zip(read_graphs(shared / "data" / t), read_graphs(shared / "data" / g)))
    for preset in (get_preset("smatch"), get_preset("smatchpp"), get_preset("smatch-classic")):
        product = preset.duplicates == "product"
        for a, b in pairs:
            a, b = preset(a), preset(b)
            core.align_graphs(a, b, product, 0.0)
            core.align_graphs(a, b, product, 0.0, True)
            count("golden pairs aligned (3 presets)")
    pair_texts = list(zip(blocks(str(shared / "data" / t)), blocks(str(shared / "data" / g))))
    for preset in (get_preset("smatch"), get_preset("smatchpp"), get_preset("smatch-classic")):
        for a, b in pair_texts:
            core.smatch_texts(a, b, preset.steps, preset.duplicates == "product")
            count("golden pairs through the fused call (3 presets)")
    for a, b in pair_texts:
        for n in (1, 2, 3, 4):
            core.sembleu_texts(a, b, n)
        core.rematch_texts(a, b, REMATCH_STEPS)
        count("golden pairs through the fused SemBLEU (n = 1..4) and rematch calls")

rng = random.Random(seed)
STRUCTURAL = '()/:"~\\ \t\n#'
ODD = ["\u4e2d", "\u05e9", "e\u0301", "\U0001f600", "\x00", "\u00a0", "\u2028", "\x0c", "\ufeff", "\r", "\x7f", "\x1c"]

stage(f"{fuzz:,} fuzzed texts")
regular = [t for t in texts if core.parse_regular(t) is not None]
fuzzed, fuzzed_texts = [], []
for k in range(fuzz):
    kind = k % 10
    if kind < 7:
        text = damage(rng.choice(regular), rng, 6, STRUCTURAL + "".join(ODD))
    elif kind == 7:
        text = "".join(rng.choice(STRUCTURAL + "abxyz-019" + "".join(ODD)) for _ in range(rng.randint(0, 200)))
    elif kind == 8:
        depth = rng.randint(150, 400)
        text = "(a / b" + " :ARG0 (c / d" * depth + ")" * (depth + rng.randint(-2, 2))
    else:
        text = "(a / " + "x" * rng.randint(1, 1 << 20) + ' :op1 "' + "y" * rng.randint(0, 1 << 16) + '")'
    fuzzed.append(read_and_standardize(text, "fuzzed texts"))
    fuzzed_texts.append(text)
stage("random graph pairs, malformed graphs, random indexed problems")
good = [g for g in graphs + fuzzed if g is not None]
for _ in range(fuzz // 4):
    a, b = rng.choice(good), rng.choice(good)
    core.align_graphs(a, b, rng.random() < 0.5, 0.0, rng.random() < 0.5)
    count("random graph pairs aligned")
steps = [preset.steps for preset in presets]
for _ in range(fuzz // 4):
    a, b = rng.choice(fuzzed_texts + regular[:fuzz]), rng.choice(fuzzed_texts + regular[:fuzz])
    core.smatch_texts(a, b, rng.choice(steps), rng.random() < 0.5)
    count("random text pairs through the fused call")
    core.sembleu_texts(a, b, rng.randint(1, 6))
    core.rematch_texts(a, b, rng.choice(steps + [REMATCH_STEPS]))
    count("random text pairs through the fused SemBLEU and rematch calls")
links = "".join(f" :s n{j}" for j in range(4))
dense = "(n0 / x" + links + "".join(f" :r (n{k} / x{links})" for k in range(1, 4)) + ")"
many = "(a / b" + "".join(f" :op{k} {k}" for k in range(5000)) + " :ARG0 a)"
assert core.sembleu_texts(dense, dense, 14) is None  # more paths than the compiled count takes
assert core.rematch_texts(many, many, REMATCH_STEPS) is None  # more motifs than it makes
count("pairs beyond the compiled SemBLEU and rematch limits", 2)
odd = Graph((("a", "b"), ("a", "c")), (("z", ":r", "x"),), (("a", ":r", "q"),), "a")
for a, b in ((odd, odd), (Graph(), Graph()), (odd, Graph())):
    core.align_graphs(a, b, False, 0.0)
    core.standardize(a, ("lowercase", "dedup", "top", "unknown-step"))
    count("malformed graphs")
for _ in range(fuzz // 4):
    n1, n2 = rng.randint(0, 12), rng.randint(0, 12)
    cells = sorted({(i, j) for i in range(n1) for j in range(n2) if rng.random() < 0.5})
    ci, cj = [i for i, _ in cells], [j for _, j in cells]
    cu = [float(rng.choice((0, 0, 1, 2))) for _ in cells]
    qa, qb, qw = [], [], []
    for _ in range(rng.randint(0, 60)):
        if len(cells) < 2:
            break
        a, b = rng.randrange(len(cells)), rng.randrange(len(cells))
        if ci[a] < ci[b] and (cj[a] != cj[b] or rng.random() < 0.05):  # j == l breaks the contract: declined
            qa.append(a); qb.append(b); qw.append(float(rng.randint(1, 3)))
    for q in range(len(cu)):
        if cu[q] == 0 and q not in qa and q not in qb:
            cu[q] = 1.0
    core.solve_indexed(n1, n2, ci, cj, cu, qa, qb, qw, rng.choice((0.0, 1e-6, 1.0)))
    count("random indexed problems solved")
    # the same problem graded (S2match-like similarities, ties included), from a random incumbent
    gu = [round(rng.random(), rng.choice((1, 2, 8))) if rng.random() < 0.7 else 0.0 for _ in cells]
    gw = [rng.choice((1.0, 0.5, 0.1 + 0.2, rng.random() + 1e-3)) for _ in qw]
    held = [rng.randrange(-1, n2) if n2 else -1 for _ in range(n1)]
    core.prove_graded(n1, n2, ci, cj, gu, qa, qb, gw, rng.choice((0.0, 0.5, rng.random() * 5)), held)
    count("random graded problems proved")
    dense = [0.0] * (n1 * n2)
    for i, j, u in zip(ci, cj, gu):
        dense[i * n2 + j] = u
    quads = [x for a, b in zip(qa, qb) for x in (ci[a], cj[a], ci[b], cj[b])]
    core.graded_problem(n1, n2, dense, quads, gw)
    count("random graded problems through the compiled cheap steps")
for bad in ((2, 2, [0, 0], [1, 0], [1.0, 1.0], [], [], [], 0.0), (1, 1, [5], [0], [1.0], [], [], [], 0.0), (1, 1, [0], [0], [1.0], [0], [0], [1.0], 0.0)):
    try:
        core.solve_indexed(*bad)
    except ValueError:
        count("invalid problems refused")
for bad in ((1, 1, [0], [0], [0.5], [], [], [], 0.0, [3]), (1, 1, [0], [0], [0.5], [], [], [], 0.0, []), (1, 1, [0], [0], [0.5], [], [], [], 0.0, [-2])):
    try:
        core.prove_graded(*bad)
    except ValueError:
        count("invalid graded incumbents refused")
for odd in ((1, 1, [0], [0], [float("nan")], [], [], [], 0.0, [0]), (1, 1, [0], [0], [0.5], [], [], [], float("inf"), [0]), (1, 1, [0], [0], [-0.5], [], [], [], 0.0, [0])):
    assert core.prove_graded(*odd) is None
    count("graded problems with weights it does not take declined")
for odd in ((1, 1, [float("nan")], [], []), (1, 1, [-0.5], [], []), (2, 2, [0.5, 0, 0, 0.5], [0, 0, 1, 0], [0.5]), (2, 2, [0.5, 0, 0, 0.5], [0, 0, 1, 1], [0.0]), (2, 2, [0.5, 0, 0, 0.5], [0, 0, 5, 1], [0.5])):
    assert core.graded_problem(*odd) is None
    count("graded problems the compiled cheap steps decline")
for bad in ((2, 2, [0.5], [], []), (1, 1, [0.5], [0, 0, 0], [1.0]), (1, 1, [0.5], [0, 0, -1, 0], [1.0])):
    try:
        core.graded_problem(*bad)
    except ValueError:
        count("invalid graded problems refused")
stage("S2match pairs (the compiled cheap steps and the graded prover through the exact solver)")
from amrmetrics.metrics.registry import parse_metrics
for spec in ("s2match", "s2match:compat=yes"):
    (metric,) = parse_metrics([spec], {"vectors": str(shared / "data" / "vectors" / "glove50-subset.txt")})
    for t, g in zip(read_graphs(shared / "data/bamboo/sts/main/src.dev.amr"), read_graphs(shared / "data/bamboo/sts/main/tgt.dev.amr")):
        metric.pair(metric.prepare(t), metric.prepare(g))
        count("S2match pairs scored (STS dev, 2 modes)")
for what, n in counts.items():
    print(f"{n:>9,}  {what}")
print("counters:", core.counters())
print("graded counters:", core.graded_counters())
'''


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--fuzz", type=int, default=20000, help="fuzzed texts (default 20000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compiler", default="g++")
    args = parser.parse_args()
    runtime = subprocess.run([args.compiler, "-print-file-name=libasan.so"], capture_output=True, text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="amrmetrics-asan-") as folder:
        target = Path(folder, "_core.abi3.so")
        command = [
            args.compiler, "-shared", "-fPIC", "-std=c++17", "-O1", "-g", "-fno-omit-frame-pointer",
            "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-DPy_LIMITED_API=0x030A0000",
            f"-I{sysconfig.get_paths()['include']}", str(SOURCE / "_core.cpp"), "-o", str(target),
        ]
        print("building:", " ".join(command[:9]), "...", flush=True)
        subprocess.run(command, check=True)
        environment = {
            **os.environ,
            "LD_PRELOAD": runtime,
            "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",
            "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
            "PYTHONPATH": str(ROOT / "src"),
        }
        began = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(target), str(args.shared), str(args.fuzz), str(args.seed), str(ROOT)],
            env=environment,
            check=False,
        )
        seconds = time.perf_counter() - began
    if done.returncode != 0:
        print(f"sanitized run FAILED (exit {done.returncode}) after {seconds:.0f} s", file=sys.stderr)
        return 1
    print(f"no sanitizer report ({seconds:.0f} s under ASan + UBSan)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
