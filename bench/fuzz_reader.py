"""Run the reader fuzzer's long profile (issue 14) and report what it covered.

    PYTHONPATH=src python bench/fuzz_reader.py --corpora 3000 --cli 300 [--huge 1048576] [--jobs 2]

Each corpus is a test and a gold file built from the shipped examples (tests/fuzz/reader_cases.py),
with up to three damaged graphs per file; every oracle of tests/fuzz/oracles.py runs on it: both
splitters and both decoder paths agree, one position per graph written, undamaged graphs read as
their seeds, scores under fail/zero/skip with pairs scored + skipped = graphs written and every pair
against its own partner, the API on the same texts. ``--cli`` corpora also go through
``amrmetrics score`` (in this process, every policy in turn). A failure prints hypothesis's
smallest failing corpus and exits 1 (failures are kept in .hypothesis/ and replayed first).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path[:0] = [str(TESTS), str(TESTS / "fuzz")]

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from oracles import check_case  # noqa: E402
from reader_cases import Case, corpus_cases  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpora", type=int, default=3000, help="corpora through the library (default 3000)")
    parser.add_argument("--cli", type=int, default=300, help="corpora through the command line (default 300)")
    parser.add_argument("--huge", type=int, default=1 << 20, help="length of an oversized token (default 1 MiB)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for scoring (default 1)")
    args = parser.parse_args()
    seen: Counter[str] = Counter()
    profile = settings(deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)

    def tally(case: Case) -> None:
        seen["corpora"] += 1
        seen["graphs written"] += 2 * case.size
        seen["forged boundaries"] += case.shifts_possible()
        for side in (case.test, case.gold):
            seen.update(f"damage: {d.kind}" for d in side.damage.values())
            seen["with byte-order mark"] += side.bom
            seen["with CRLF"] += side.crlf

    @settings(profile, max_examples=args.corpora)
    @given(corpus_cases(max_graphs=6, huge=args.huge, damaged=3))
    def library(case: Case) -> None:
        tally(case)
        check_case(case, jobs=args.jobs)

    @settings(profile, max_examples=args.cli)
    @given(corpus_cases(max_graphs=4, huge=args.huge, damaged=3), st.sampled_from(["fail", "zero", "skip"]))
    def command_line(case: Case, policy: str) -> None:
        tally(case)
        seen[f"command line --on-error {policy}"] += 1
        check_case(case, cli_policy=policy, jobs=args.jobs)

    start = time.perf_counter()
    for run in (library, command_line):
        try:
            run()
        except Exception as err:  # its notes hold hypothesis's smallest failing corpus
            traceback.print_exception(err)
            print(f"FAILED in {run.__name__} after {time.perf_counter() - start:.0f} s", file=sys.stderr)
            return 1
    print(f"all oracles held in {time.perf_counter() - start:.0f} s")
    for key, count in sorted(seen.items()):
        print(f"  {key}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
