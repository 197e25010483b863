"""``python -m amrmetrics``: the command line."""

import sys

from amrmetrics.cli.main import main

sys.exit(main())
