# Published profit differences and max-profit threshold beside ours → results/tables/profit_comparison.*
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.profit import write_profit_comparison  # noqa: E402
from aucacc.provenance import provenance  # noqa: E402

log = setup_log(snakemake)
comp = write_profit_comparison(snakemake.input.table, snakemake.input.published,
                               os.path.splitext(snakemake.output.csv)[0],
                               provenance=provenance(config=snakemake.config, seed=snakemake.config["seed"],
                                                     inputs=list(snakemake.input)))
log.info("\n%s", comp.to_string(index=False))
