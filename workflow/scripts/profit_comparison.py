# The published profit differences and thresholds beside ours (exact and Monte Carlo).
import pandas as pd

from aucacc.profit import parse_published, profit_comparison
from aucacc.provenance import provenance, verified
from aucacc.report import stem
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
inp = snakemake.input
table = profit_comparison(pd.read_csv(verified(inp.table)), parse_published(inp.published))
table.write(stem(snakemake.output.csv), provenance(config=snakemake.config, seed=snakemake.config["seed"],
                                                   inputs=list(inp)))
log.info("\n%s", table.data.to_string(index=False))
