"""One error family: every error class of the package is an AmrMetricsError, and its class decides the exit status."""

from __future__ import annotations

import pytest

from amrmetrics.cli.main import main
from amrmetrics.embed.base import EmbedderUnavailable
from amrmetrics.embed.vectors_file import VectorsFileError
from amrmetrics.engine.run import MetricError
from amrmetrics.errors import DATA_ERROR, USAGE_ERROR, AmrMetricsError, DataError, UsageError, exit_status, message
from amrmetrics.meta.labels import LabelError
from amrmetrics.metrics.registry import MetricSpecError
from amrmetrics.read import CorpusError, GraphError
from amrmetrics.translate.base import TranslatorUnavailable
from amrmetrics.translate.tsv import DictionaryFileError

DATA = [GraphError, CorpusError, LabelError, VectorsFileError, DictionaryFileError]
USAGE = [MetricSpecError, EmbedderUnavailable, TranslatorUnavailable]


@pytest.mark.parametrize("cls", DATA)
def test_data_errors_exit_1_and_stay_value_errors(cls: type[Exception]) -> None:
    assert issubclass(cls, DataError) and issubclass(cls, ValueError)
    assert exit_status(cls("x")) == DATA_ERROR == 1


@pytest.mark.parametrize("cls", USAGE)
def test_usage_errors_exit_2_and_stay_value_errors(cls: type[Exception]) -> None:
    assert issubclass(cls, UsageError) and issubclass(cls, ValueError)
    assert exit_status(cls("x")) == USAGE_ERROR == 2


def test_a_metric_failing_because_of_our_error_reports_that_error() -> None:
    try:
        try:
            raise EmbedderUnavailable("no such model: st:none")
        except EmbedderUnavailable as cause:
            raise MetricError("pair 1: EmbedderUnavailable: no such model") from cause
    except MetricError as err:
        assert isinstance(err, AmrMetricsError)
        assert exit_status(err) == USAGE_ERROR and message(err) == "no such model: st:none"


def test_foreign_errors_are_data_errors() -> None:
    assert exit_status(OSError("disk full")) == DATA_ERROR and message(KeyError("k")) == "'k'"


def test_unknown_argument_names_the_subcommand_help(capsys) -> None:
    assert main(["score", "a.amr", "b.amr", "--no-such-flag"]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert err == "amrmetrics: error: unrecognized arguments: --no-such-flag; see 'amrmetrics score --help'\n"
