"""The cross-lingual metrics' parameter checks (exact messages, the edges of min_sim's [0, 1)) and
XS2match's ``src`` signature item."""

from __future__ import annotations

import pytest

from amrmetrics.metrics.crosslingual import XS2match, XSemBLEU, XSmatch


@pytest.mark.parametrize("cls", [XSemBLEU, XSmatch])
def test_translate_side_is_checked_by_name(cls: type) -> None:
    with pytest.raises(ValueError, match=r"^translate must be test or gold$"):
        cls(translate="both")


@pytest.mark.parametrize("min_sim", [1.0, 1.5, -0.1])
def test_min_sim_outside_zero_to_one_is_refused(min_sim: float) -> None:
    with pytest.raises(ValueError, match=r"^min_sim must be in \[0, 1\)$"):
        XSemBLEU(min_sim=min_sim)


@pytest.mark.parametrize("min_sim", [0.0, 0.999])
def test_min_sim_edges_inside_are_accepted(min_sim: float) -> None:
    assert XSemBLEU(min_sim=min_sim).min_sim == min_sim


def test_negative_truncate_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"^truncate must be >= 0$"):
        XSemBLEU(truncate=-1)
    assert XSemBLEU(truncate=0).truncate == 0


def test_xs2match_names_its_source_language() -> None:
    assert XS2match().signature_items()[-1] == ("src", "unspecified")
    assert XS2match(source_lang="es").signature_items()[-1] == ("src", "es")
