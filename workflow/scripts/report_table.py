# One table of the run as an HTML page, so that `snakemake --report` shows it inline.

import pandas as pd

from aucacc.provenance import atomic_write_text, verified
from aucacc.report.document import table_html
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
try:
    frame = pd.read_csv(verified(snakemake.input.csv))
except pd.errors.EmptyDataError:  # a table with no rows and no columns (e.g. a study with nothing to test)
    frame = pd.DataFrame()
atomic_write_text(snakemake.output.html, table_html(frame, snakemake.wildcards.stem))
