# Profit curves (AUC and accuracy) per setting and cut-off → results/figures/profit_*.{png,pdf}
import os

import pandas as pd

from aucacc.provenance import verified
from aucacc.profit import parse_published, profit_figures
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
inp = snakemake.input
outdir = os.path.dirname(snakemake.output.figures[0])
for name, fig in profit_figures(pd.read_csv(verified(inp.table)), parse_published(inp.published)).items():
    log.info("wrote %s", save_figure(fig, os.path.join(outdir, name))["png"])
