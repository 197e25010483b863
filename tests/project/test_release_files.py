"""CITATION.cff and CHANGELOG.md: valid, complete, and naming the package's version.

The full schema check needs cffconvert (not a test dependency: it pins jsonschema below 4); the
other checks read the files as text, so they run everywhere.
"""

from __future__ import annotations

import re

import pytest

import amrmetrics
from conftest import ROOT

CITATION = ROOT / "CITATION.cff"
CHANGELOG = ROOT / "CHANGELOG.md"

SEED_PAPERS = {
    "Smatch: an Evaluation Metric for Semantic Feature Structures": 2013,
    "AMR Similarity Metrics from Principles": 2020,
    "SemBleu: A Robust Metric for AMR Parsing Evaluation": 2019,
    "Weisfeiler-Leman in the Bamboo: Novel AMR Graph Metrics and a Benchmark for AMR Graph Similarity": 2021,
    "Better Smatch = Better Parser? AMR evaluation is not so simple anymore": 2022,
    "An Incremental Parser for Abstract Meaning Representation": 2017,
    "SEMA: an Extended Semantic Evaluation Metric for AMR": 2019,
}
"""The papers the metrics come from, with their years."""


def test_citation_is_valid_cff() -> None:
    cffconvert = pytest.importorskip("cffconvert", reason="cffconvert is not installed (pip install cffconvert)")
    citation = cffconvert.Citation(CITATION.read_text(encoding="utf-8"))
    assert citation.cffversion == "1.2.0"
    citation.validate()  # raises jsonschema.ValidationError naming the offending key


def test_citation_names_the_package_and_its_version() -> None:
    text = CITATION.read_text(encoding="utf-8")
    top = dict(re.findall(r"^([a-z-]+): *(.*)$", text, re.M))
    assert top["cff-version"] == "1.2.0"
    assert top["version"] == amrmetrics.__version__
    assert top["license"] == "MIT" and top["title"].strip('"').startswith("amrmetrics")
    assert re.search(r"^authors:\n  - name: amrmetrics developers$", text, re.M)
    assert {"message", "references"} <= set(top)


def test_citation_references_every_seed_paper() -> None:
    entries = CITATION.read_text(encoding="utf-8").split("\n  - type: ")[1:]
    found = {}
    for entry in entries:
        title = re.search(r'^    title: "(.*)"$', entry, re.M)
        year = re.search(r"^    year: (\d{4})$", entry, re.M)
        assert title and year, entry
        found[title.group(1)] = int(year.group(1))
    assert found == SEED_PAPERS


def test_changelog_has_this_version_and_an_unreleased_section() -> None:
    headings = re.findall(r"^## (.*)$", CHANGELOG.read_text(encoding="utf-8"), re.M)
    assert headings[0] == "Unreleased"
    versions = [h.split(" - ")[0] for h in headings[1:]]
    assert amrmetrics.__version__ in versions
