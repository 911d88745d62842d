# One figure of the comparison with the paper (ours vs published, per data set, the AUC gap), PNG + PDF.
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.report.plots.scorecard import write_report_figures  # noqa: E402
from aucacc.report.scorecard import load_tables  # noqa: E402

log = setup_log(snakemake)
write_report_figures(pd.read_csv(snakemake.input.scorecard), load_tables(snakemake.params.tables),
                     snakemake.params.outdir, (snakemake.wildcards.figure,))
