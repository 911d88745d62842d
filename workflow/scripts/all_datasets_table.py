# Mean ± sd of every learner on every configured data set, with the published value where the paper has one.
import pandas as pd

from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.claims import load_claims
from aucacc.report.logs import setup_log
from aucacc.report.paper_tables import all_datasets_table
from aucacc.scores import read_metrics

log = setup_log(snakemake)
inp = snakemake.input
metrics = read_metrics(inp.metrics)
table = all_datasets_table(metrics, pd.read_csv(inp.published), snakemake.params.protocol, load_claims(inp.claims))
table.write(stem(snakemake.output.table),
            provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp)))
log.info("%d data sets × learners", len(table.data) // 2)
