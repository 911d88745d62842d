# Profit curves (AUC and accuracy) per setting and cut-off → results/figures/profit_*.{png,pdf}
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.profit import write_profit_figures  # noqa: E402

log = setup_log(snakemake)
written = write_profit_figures(snakemake.input.table, snakemake.input.published, snakemake.params.outdir)
log.info("wrote %s", [str(p) for p in written])
