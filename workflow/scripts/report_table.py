# One table of the run as an HTML page, so that `snakemake --report` shows it inline.
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.provenance import atomic_write_text  # noqa: E402
from aucacc.report.document import table_html  # noqa: E402

log = setup_log(snakemake)
atomic_write_text(snakemake.output.html, table_html(pd.read_csv(snakemake.input.csv), snakemake.wildcards.stem))
