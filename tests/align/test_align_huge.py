"""Huge pairs: counted before anything n x m is built, restricted to a bounded problem, reported with
valid bounds within the memory and time asked for (issue 30: one line with 16,000 children of one
concept reached 5.9 GB and died with MemoryError; a 2,000-node tree spent 143 s in the climb under
``--timeout 20``)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tracemalloc
from pathlib import Path

import numpy as np
import pytest
from align_helpers import brute_force, random_graph, renamed
from hypothesis import given, settings
from hypothesis import strategies as st

import amrmetrics.align.problem as problem_module
from amrmetrics.align import ExactSolver, build_problem
from amrmetrics.align.problem import ConceptWeights
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.graph import Graph
from amrmetrics.metrics.registry import METRICS, metric_class
from amrmetrics.metrics.smatch import AlignedMatch

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-vectors.txt"


def star(children: int, concept: str = "x") -> Graph:
    """``(r / x :ARG0 (n0 / x) :ARG0 (n1 / x) ...)``: every node pair shares the concept, every pair
    of edges the label."""
    return Graph(
        (("r", concept), *((f"n{i}", concept) for i in range(children))),
        (),
        tuple(("r", ":ARG0", f"n{i}") for i in range(children)),
        "r",
    )


def star_line(children: int) -> str:
    return "(r / x " + " ".join(f":ARG0 (n{i} / x)" for i in range(children)) + ")\n"


def tree_line(seed: int, nodes: int, concepts: int, labels: int) -> str:
    """A random tree in PENMAN on one line (each node below a random earlier one)."""
    rng = np.random.default_rng(seed)
    children: dict[int, list[tuple[str, int]]] = {}
    for node in range(1, nodes):
        children.setdefault(int(rng.integers(node)), []).append((f":ARG{rng.integers(labels)}", node))
    concept = [f"c{rng.integers(concepts)}" for _ in range(nodes)]

    def write(node: int) -> str:
        inner = " ".join(f"{role} {write(child)}" for role, child in children.get(node, []))
        return f"(v{node} / {concept[node]}{' ' + inner if inner else ''})"

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * nodes))
    return write(0) + "\n"


def run_capped(args: list[str], limit_gb: float, timeout: float = 600) -> tuple[subprocess.CompletedProcess[str], float]:
    """``python -m amrmetrics ARGS`` with its address space capped at ``limit_gb``: the finished
    process and the CPU seconds it used (user + system, from the kernel's accounting)."""
    size = int(limit_gb * 2**30)

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "amrmetrics", *args], check=False, capture_output=True, text=True, env=env, preexec_fn=cap, timeout=timeout
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def only_result(pairs: Path) -> dict:
    (line,) = pairs.read_text(encoding="utf-8").splitlines()
    (result,) = json.loads(line)["metrics"].values()
    return result


SPEC = {
    "s2match": f"s2match:vectors={TINY}",
    "smatch-fine": "smatch:fine",
    "docsmatch": "smatch:doc=sentence",
    "xsmatch": "xsmatch:source_lang=es",
    "xs2match": f"xs2match:source_lang=es,vectors={TINY}",
}
FAMILY = [n for n in sorted(METRICS) if issubclass(metric_class(n), AlignedMatch) and metric_class(n).unit == "graph"]
"""Every registered metric that aligns graph pairs (the document metric ``umr`` is tested below)."""


def test_the_family_is_the_one_expected() -> None:
    """The parametrization below covers the aligning metrics by their registry entries (a new one joins it)."""
    assert {"smatch", "s2match", "smatch-fine", "docsmatch"} <= set(FAMILY)


@pytest.mark.parametrize("metric", [SPEC.get(n, n) for n in FAMILY] + ["smatch:doc=any", "smatch:solver=hillclimb", "smatch:std=smatchpp"])
def test_the_issue_s_16000_children_line_is_scored_under_a_1_5_gb_cap(tmp_path: Path, metric: str) -> None:
    """The issue's line against itself, no timeout, 1.5 GB of address space, by every Smatch-family
    metric (graded concepts: S2match's similarity table is of the distinct concepts, never of the
    nodes; documents; the hill-climber; another preset): exit 0 and a reported result whose bounds
    hold (the identity earns every triple: 16,001 instances, 16,000 edges and the root's TOP), not
    a MemoryError."""
    line = tmp_path / "star.amr"
    line.write_text(star_line(16_000), encoding="utf-8")
    pairs = tmp_path / "pairs.jsonl"
    args = ["score", str(line), str(line), "-m", metric, "--no-progress", "--per-pair", str(pairs)]
    done, _ = run_capped(args, 1.5)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "MemoryError" not in done.stderr
    result = only_result(pairs)
    assert result["lower"] <= 32_002 <= result["upper"]
    assert result["status"] in ("optimal", "size-limit", "time-limit", "clock-limit")


def umr_document(graph: str) -> str:
    """A one-sentence UMR document holding ``graph`` (written on one line) and an empty document layer."""
    bar = "#" * 80
    return f"{bar}\n# meta-info :: sent_id = star-1\n# :: snt1\nIndex: 1\nWords: x\n\n# sentence level graph:\n{graph}\n\n# alignment:\nr: 1-1\n\n# document level annotation:\n(s1s0 / sentence)\n"


def test_a_umr_document_with_a_16000_children_sentence_is_scored_under_a_1_5_gb_cap(tmp_path: Path) -> None:
    """The certified UMR document metric on the issue's star as a sentence, against a copy with one child
    changed (so equal names do not certify it and the solver runs): under 1.5 GB, exit 0 and bounds
    around the optimum (the identity matches all but the changed child's instance: 32,001 of 32,002
    gold triples), not a MemoryError from a dense table of the sentence's node pairs."""
    star_graph = star_line(16_000).strip()
    gold, test = tmp_path / "gold.umr", tmp_path / "test.umr"
    gold.write_text(umr_document(star_graph), encoding="utf-8")
    test.write_text(umr_document(star_graph.replace("(n5 / x)", "(n5 / y :mod (z / x))")), encoding="utf-8")
    pairs = tmp_path / "pairs.jsonl"
    done, _ = run_capped(["score", str(test), str(gold), "-m", "umr", "--no-progress", "--per-pair", str(pairs)], 1.5)
    assert done.returncode == 0, done.stderr[-2000:]
    result = only_result(pairs)
    assert result["lower"] <= 32_001 <= result["upper"] <= 32_002
    assert result["status"] in ("optimal", "size-limit", "time-limit", "clock-limit")


def test_a_2000_node_tree_under_a_small_timeout_returns_within_a_few_times_it(tmp_path: Path) -> None:
    """Two random 2,000-node trees of 8 concepts and 3 labels (half a million same-concept pairs, over
    a million links), ``--timeout 2``: the whole process (start-up, reading, building, solving) uses
    under 4 x 2 + 6 s of CPU (before the budget: over two minutes), and reports valid bounds."""
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text(tree_line(1, 2000, 8, 3), encoding="utf-8")
    gold.write_text(tree_line(2, 2000, 8, 3), encoding="utf-8")
    pairs = tmp_path / "pairs.jsonl"
    done, cpu = run_capped(["score", str(test), str(gold), "--no-progress", "--timeout", "2", "--per-pair", str(pairs)], 3.0)
    assert done.returncode == 0, done.stderr[-2000:]
    result = only_result(pairs)
    assert 0 < result["lower"] <= result["upper"] <= 4001  # 2,000 instances, 1,999 edges, TOP, each side
    assert result["status"] in ("optimal", "time-limit", "clock-limit")
    assert cpu < 4 * 2 + 6
    # what a person reads: the table's note gives the bound's gap, not a traceback
    stats = result["stats"]
    total = stats["n_test"] + stats["n_gold"]
    gain = 100 * 2 * (min(result["upper"], stats["n_test"], stats["n_gold"]) - result["lower"]) / total
    if result["status"] == "optimal":
        assert "the one pair certified optimal" in done.stdout
    else:
        assert f"1 of 1 pair not certified optimal; micro F could rise by at most {gain:.4f} points" in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("children", [4000, 16_000])
def test_a_huge_star_is_built_and_solved_in_bounded_memory(children: int) -> None:
    """In process (a smaller cousin of the 1.5 GB test): the problem holds at most KEPT_LIMIT node pairs
    and twice as many links, building and solving stay under 250 MB (the full problem: 16 or 256
    million pairs and as many links), and the diagonal band finds the identity, which the
    triple-count ceiling certifies."""
    graph = star(children)
    tracemalloc.start()
    try:
        problem = build_problem(graph, graph)
        result = DecomposingSolver().solve(problem)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    nnz = problem.unary.nnz if hasattr(problem.unary, "nnz") else int(np.count_nonzero(problem.unary))
    assert problem.ceiling == 2 * children + 1
    assert nnz <= problem_module.KEPT_LIMIT and len(problem.pairs) <= 2 * problem_module.KEPT_LIMIT
    assert result.value == problem.value(result.mapping) == 2 * children + 1 and result.status == "optimal"
    assert peak < 250 * 2**20


def test_a_restriction_is_never_certified_by_its_own_bounds() -> None:
    """Two 70-node chains of one label whose concepts all differ: no node pair earns a unary weight,
    so a restriction keeps nothing, while the identity earns the 69 edges. The decomposing solver
    (70 nodes: it would split the problem) must report the ceiling, not the restriction's own bound
    of 0 with status optimal (as it did)."""
    n = 70
    test = Graph(tuple((f"t{i}", f"a{i}") for i in range(n)), (), tuple((f"t{i}", ":next", f"t{i + 1}") for i in range(n - 1)))
    gold = Graph(tuple((f"g{i}", f"b{i}") for i in range(n)), (), tuple((f"g{i}", ":next", f"g{i + 1}") for i in range(n - 1)))
    optimum = build_problem(test, gold).value(list(range(n)))
    assert optimum == 69
    restricted = _forced(build_problem, test, gold)
    assert restricted.ceiling is not None
    for solver in (DecomposingSolver(), ExactSolver()):
        result = solver.solve(restricted)
        assert result.value <= optimum <= result.upper and result.status == "size-limit"


def _forced(build, *args, **kwargs):  # type: ignore[no-untyped-def]
    """``build(*args)`` with every pair over the limits (a restriction)."""
    saved = problem_module.LINK_LIMIT
    problem_module.LINK_LIMIT = -1
    try:
        return build(*args, **kwargs)
    finally:
        problem_module.LINK_LIMIT = saved


pairs_of_graphs = st.tuples(st.integers(0, 2**32 - 1), st.integers(1, 7), st.integers(1, 7), st.integers(1, 3), st.integers(1, 3))


@settings(max_examples=60, deadline=None)
@given(pairs_of_graphs, st.sampled_from(["min", "product"]))
def test_on_small_pairs_the_builders_agree_and_restrictions_bound_the_optimum(drawn: tuple[int, ...], duplicates: str) -> None:
    """The plain-Python builder, the array builder (forced) and a restriction (forced, at a random
    size): the array builder gives the same problem; the restriction gives every kept pair its whole
    unary weight and every link between kept pairs, and a ceiling above the brute-force optimum; the
    exact solver on it finds a true value (at most the optimum) and never a bound below the optimum."""
    seed, n1, n2, concepts, labels = drawn
    rng = np.random.default_rng(seed)
    test = random_graph(rng, n1, concepts, labels, extra=0.5, duplicates=0.3)
    gold = random_graph(rng, n2, concepts, labels, extra=0.5, duplicates=0.3)
    whole = build_problem(test, gold, duplicates=duplicates)
    best = brute_force(whole)
    saved = problem_module.SMALL_BUILD, problem_module.KEPT_LIMIT, problem_module.CANDIDATE_LIMIT
    try:
        problem_module.SMALL_BUILD = -1
        arrays = build_problem(test, gold, duplicates=duplicates)
        problem_module.CANDIDATE_LIMIT = -1
        problem_module.KEPT_LIMIT = int(rng.integers(0, n1 * n2 + 2))
        restricted = build_problem(test, gold, duplicates=duplicates)
    finally:
        problem_module.SMALL_BUILD, problem_module.KEPT_LIMIT, problem_module.CANDIDATE_LIMIT = saved
    assert np.array_equal(_dense(arrays.unary), _dense(whole.unary)) and _links(arrays) == _links(whole)
    kept = _dense(restricted.unary) > 0
    assert np.array_equal(_dense(restricted.unary)[kept], _dense(whole.unary)[kept])
    assert _links(restricted) == {q: w for q, w in _links(whole).items() if kept[q[0], q[1]] and kept[q[2], q[3]]}
    assert restricted.ceiling is not None and restricted.ceiling >= best - 1e-9
    for solver in (ExactSolver(), DecomposingSolver()):
        result = solver.solve(restricted)
        assert result.value == whole.value(result.mapping) <= best + 1e-9 <= result.upper + 2e-9


def _dense(unary: object) -> np.ndarray:
    return unary.toarray() if hasattr(unary, "toarray") else np.asarray(unary)  # type: ignore[union-attr]


def _links(problem: object) -> dict[tuple[int, ...], float]:
    return {tuple(q): w for q, w in zip(problem.pairs.tolist(), np.asarray(problem.weights).tolist())}  # type: ignore[attr-defined]


def test_a_restriction_climbs_from_the_better_of_its_greedy_start_and_the_start_given() -> None:
    """A restricted problem and a start far better than its greedy start (an isomorphic copy's identity,
    three swaps undone; kept pairs only): with the budget of the set-up and four climb steps, the
    decomposing solver returns that start climbed that far, exactly (it used to spend them from the
    greedy start and keep the start as it was)."""
    from amrmetrics.align.bounds import potentials
    from amrmetrics.align.budget import SETUP_PASSES, Budget, pass_units
    from amrmetrics.align.hillclimb import climb, greedy_init, step_units
    from amrmetrics.align.indexed import index_problem

    rng = np.random.default_rng(7)
    test = random_graph(rng, 300, 1, 1)  # one concept, one label: the greedy start's climb stops far below
    gold = renamed(test, rng)
    where = {v: j for j, (v, _) in enumerate(gold.instances)}
    names = dict(zip((v for v, _ in test.instances), (v for v, _ in renamed_names(test, gold))))
    restricted = _forced(build_problem, test, gold)
    ip = index_problem(restricted)
    greedy = greedy_init(ip, potentials(ip))
    start = np.array([where[names[v]] for v, _ in test.instances])
    start[[0, 1, 2, 3, 4, 5]] = start[[1, 0, 3, 2, 5, 4]]  # three swaps a climb undoes
    start = climb(ip, start, Budget(0))  # kept pairs only
    assert restricted.value(start) > restricted.value(climb(ip, greedy))
    setup = SETUP_PASSES * pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold)
    step = step_units(ip.size, len(ip.qw), ip.n_test)
    expected = climb(ip, start, Budget(4 * step))
    result = DecomposingSolver().solve(restricted, start=start, budget=Budget(setup + 4 * step))
    assert restricted.value(expected) > restricted.value(start)
    assert result.mapping == tuple(expected.tolist()) and result.upper == restricted.ceiling


def renamed_names(test: Graph, gold: Graph) -> list[tuple[str, str]]:
    """For each test node in order, the gold node :func:`renamed` made of it (the same triples under new names)."""
    mapping: dict[str, str] = {}
    for (s, r, t), (s2, r2, t2) in zip(test.relations, gold.relations):
        mapping[s], mapping[t] = s2, t2
    for (v, _, _), (v2, _, _) in zip(test.attributes, gold.attributes):
        mapping[v] = v2
    return [(mapping[v], c) for v, c in test.instances]


def _graded(test: Graph, gold: Graph, rng: np.random.Generator) -> ConceptWeights:
    """Random similarities in (0, 1] between the pair's distinct concepts (equal concepts earn 1)."""
    left = tuple(dict.fromkeys(c for _, c in test.instances))
    right = tuple(dict.fromkeys(c for _, c in gold.instances))
    a, b, value = [], [], []
    for i, x in enumerate(left):
        for j, y in enumerate(right):
            if x == y or rng.random() < 0.5:
                a.append(i)
                b.append(j)
                value.append(1.0 if x == y else float(rng.uniform(0.05, 1.0)))
    return ConceptWeights(left, right, np.array(a, dtype=np.int64), np.array(b, dtype=np.int64), np.array(value))


@settings(max_examples=60, deadline=None)
@given(pairs_of_graphs, st.sampled_from(["min", "product"]))
def test_with_graded_concepts_and_extra_weights_the_builders_agree(drawn: tuple[int, ...], duplicates: str) -> None:
    """S2match's problem (graded concepts; under compat an extra weight for the two tops): the plain-Python
    builder gives, bit for bit, the array builder's problem."""
    seed, n1, n2, concepts, labels = drawn
    rng = np.random.default_rng(seed)
    test = random_graph(rng, n1, concepts, labels, extra=0.5, duplicates=0.3)
    gold = random_graph(rng, n2, concepts, labels, extra=0.5, duplicates=0.3)
    weights = _graded(test, gold, rng)
    extra = [(int(rng.integers(n1)), int(rng.integers(n2)), float(rng.uniform(0, 1))) for _ in range(int(rng.integers(0, 3)))]
    small = build_problem(test, gold, duplicates=duplicates, concepts=weights, extra=extra)
    saved = problem_module.SMALL_BUILD
    try:
        problem_module.SMALL_BUILD = -1
        arrays = build_problem(test, gold, duplicates=duplicates, concepts=weights, extra=extra)
    finally:
        problem_module.SMALL_BUILD = saved
    assert np.array_equal(_dense(arrays.unary), _dense(small.unary)) and _links(arrays) == _links(small)


def test_a_small_pair_with_extra_weights_is_built_in_plain_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """S2match under compat adds the tops' weight as ``extra``: a sentence pair still takes the plain-Python
    builder (the array builder's fixed costs doubled S2match's scoring time when it did not)."""
    rng = np.random.default_rng(7)
    test, gold = random_graph(rng, 6, 3, 2), random_graph(rng, 5, 3, 2)
    expected = build_problem(test, gold, concepts=_graded(test, gold, np.random.default_rng(1)), extra=[(0, 0, 0.5)])

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the array builder was used for a sentence pair")

    monkeypatch.setattr(problem_module, "_Builder", refused)
    again = build_problem(test, gold, concepts=_graded(test, gold, np.random.default_rng(1)), extra=[(0, 0, 0.5)])
    assert np.array_equal(_dense(again.unary), _dense(expected.unary)) and _links(again) == _links(expected)
