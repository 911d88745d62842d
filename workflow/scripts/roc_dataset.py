# ROC analysis of one data set: fold curves, vertical/threshold averages, ROCCH, AUC check, figure.
import json

import pandas as pd

from aucacc.provenance import atomic_write_text
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.roc import roc_dataset

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
meta = json.loads(open(inp.meta).read())
tables, fig = roc_dataset(snakemake.wildcards.dataset, meta["classes"],
                          {lrn: pd.read_parquet(p) for lrn, p in zip(par.learners, inp.scores)},
                          {lrn: pd.read_csv(p) for lrn, p in zip(par.learners, inp.metrics)},
                          par.positive, par.hull_points, par.n_points, par.n_thresholds)
for name in ("curves", "hull", "check"):
    atomic_write_text(out[name], tables[name].to_csv(index=False))
save_figure(fig, stem(out.png))
log.info("AUC check: max |points − reference| = %.3g", tables["check"]["abs_diff"].max())
