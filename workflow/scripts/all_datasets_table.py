# Mean ± sd of the main table's learners on every data set of the paper study, with the published value where the
# paper has one: a view of the paper study's summary table (nothing recomputed).
import pandas as pd

from aucacc.provenance import provenance, verified
from aucacc.report import stem
from aucacc.report.claims import load_claims
from aucacc.report.logs import setup_log
from aucacc.report.paper_tables import all_datasets_table

log = setup_log(snakemake)
inp, par = snakemake.input, snakemake.params
table = all_datasets_table(pd.read_csv(verified(inp.summary)), pd.read_csv(inp.published), list(par.learners),
                           par.protocol, load_claims(inp.claims))
table.write(stem(snakemake.output.table),
            provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp)))
log.info("%d data sets × learners", len(table.data) // 2)
