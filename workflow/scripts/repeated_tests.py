# Tests over b rounds of k-fold CV, per data set and learner pair.
import os

import pandas as pd

from aucacc.report.logs import setup_log
from aucacc.evaluation.repeated import repeated_tests
from aucacc.provenance import provenance
from aucacc.report.tables import write_table

log = setup_log(snakemake)
par = snakemake.params
metrics = pd.concat([pd.read_csv(p) for p in snakemake.input.metrics], ignore_index=True)
res = repeated_tests(metrics, [tuple(p) for p in par.pairs], par.alpha, par.rope, par.decision)
write_table(res, os.path.splitext(snakemake.output.table)[0], floatfmt=".4g",
            provenance=provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(snakemake.input)),
            caption="Repeated CV: Aggarwal's paired test over b rounds, naive and Nadeau–Bengio corrected t over "
                    "b × k folds, Bayesian correlated t-test, per data set and learner pair")
log.info("%d rows", len(res))
