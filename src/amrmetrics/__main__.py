"""``python -m amrmetrics``: the command line."""

from amrmetrics.cli.main import run

run()
