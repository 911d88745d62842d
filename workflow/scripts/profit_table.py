# Expected-profit table (exact for every setting, Monte Carlo for the paper's) → results/tables/profit.*
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.profit import write_profit_table  # noqa: E402
from aucacc.provenance import provenance  # noqa: E402

log = setup_log(snakemake)
cfg, seed = snakemake.params.profit, int(snakemake.params.seed)
table = write_profit_table(cfg, seed, os.path.splitext(snakemake.output.csv)[0],
                           provenance=provenance(config=snakemake.config, seed=seed, profit=cfg))
log.info("%d rows (settings: %s; methods: %s)", len(table), sorted(table["setting"].unique()),
         sorted(table["method"].unique()))
