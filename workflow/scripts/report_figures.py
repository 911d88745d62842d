# One figure of the comparison with the paper (ours vs published, per data set, the AUC gap), PNG + PDF.
import pandas as pd

from aucacc.report.logs import setup_log
from aucacc.provenance import verified
from aucacc.report.plots.scorecard import write_report_figures
from aucacc.report.scorecard import load_tables

log = setup_log(snakemake)
write_report_figures(pd.read_csv(verified(snakemake.input.scorecard)), load_tables(snakemake.input.tables),
                     snakemake.params.outdir, (snakemake.wildcards.figure,), snakemake.params.learners)
