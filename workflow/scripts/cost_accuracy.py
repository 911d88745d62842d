# Cost-weighted accuracy (Aggarwal eq. 10.77) beside the plain accuracy, per data set with costs in config.
import pandas as pd

from aucacc.captions import caption
from aucacc.evaluation.source_metrics import cost_accuracy_table
from aucacc.provenance import provenance, verified
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.report.tables import Table

log = setup_log(snakemake)
t = cost_accuracy_table(pd.read_csv(verified(snakemake.input.summary)), snakemake.params.costs)
Table(t, floatfmt=".4g", caption=caption("cost_accuracy")).write(
    stem(snakemake.output.table),
    provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(snakemake.input)))
log.info("%d rows", len(t))
