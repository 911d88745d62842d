# Profit curves (AUC and accuracy) per setting and cut-off → results/figures/profit_*.{png,pdf}
import os

import pandas as pd

from aucacc.provenance import verified
from aucacc.profit import parse_published, profit_figure_data
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.plots.profit import profit_figure

log = setup_log(snakemake)
inp = snakemake.input
outdir = os.path.dirname(snakemake.output.figures[0])
for name, data in profit_figure_data(pd.read_csv(verified(inp.table)), parse_published(inp.published)).items():
    log.info("wrote %s", save_figure(profit_figure(**data), os.path.join(outdir, name))["png"])
