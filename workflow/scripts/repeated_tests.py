# Tests over b rounds of k-fold CV, per data set and learner pair.
import pandas as pd

from aucacc.captions import caption
from aucacc.report.logs import setup_log
from aucacc.significance import repeated_tests
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.tables import Table
from aucacc.scores import read_metrics

log = setup_log(snakemake)
par = snakemake.params
metrics = read_metrics(snakemake.input.metrics)
res = repeated_tests(metrics, [tuple(p) for p in par.pairs], par.alpha, par.rope, par.decision)
Table(res, floatfmt=".4g", caption=caption("repeated_tests")).write(
    stem(snakemake.output.table),
    provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(snakemake.input)))
log.info("%d rows", len(res))
