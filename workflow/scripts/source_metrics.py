# Every metric of the sources for each fold of one learner on one data set, from its stored scores.

import pandas as pd

from aucacc.report.logs import setup_log
from aucacc.evaluation.source_metrics import fold_source_metrics
from aucacc.provenance import atomic_write_text

log = setup_log(snakemake)
wc, par = snakemake.wildcards, snakemake.params
m = fold_source_metrics(pd.read_parquet(snakemake.input.scores), positive=par.positive, costs=dict(par.costs))
m.insert(0, "learner", wc.learner)
m.insert(0, "dataset", wc.dataset)
m.insert(2, "protocol", wc.protocol)
atomic_write_text(snakemake.output.metrics, m.to_csv(index=False))
log.info("%s %s %s: %d fold metrics, positive class %s", wc.dataset, wc.learner, wc.protocol, len(m),
         m["positive"].iloc[0])
