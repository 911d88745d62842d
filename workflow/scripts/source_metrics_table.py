# Mean ± sd over folds of every source metric, per data set and learner.
import os

import pandas as pd

from aucacc.report.logs import setup_log
from aucacc.evaluation.source_metrics import source_metrics_summary
from aucacc.provenance import provenance
from aucacc.report.tables import write_table

log = setup_log(snakemake)
frames = pd.concat([pd.read_csv(p) for p in snakemake.input.metrics], ignore_index=True)
summ = source_metrics_summary(frames, pairs=snakemake.params.pairs)
write_table(summ, os.path.splitext(snakemake.output.table)[0], floatfmt=".4g",
            provenance=provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(snakemake.input)),
            caption="Every metric of the sources (Tharwat §2, Aggarwal eq. 10.77, Fawcett §9): mean and sd over "
                    "folds, fractions in 0–1 (counts for TP, FN, FP, TN); positive class per data set")
log.info("%d rows", len(summ))
