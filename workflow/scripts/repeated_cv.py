# Cross-validate one learner on one data set once per repetition of its repeated folds.
import pandas as pd

from aucacc.report.logs import setup_log
from aucacc.datasets.store import read_dataset
from aucacc.evaluation.repeated import repeated_cross_validate
from aucacc.learners import make_learner
from aucacc.provenance import verified
from aucacc.scores import write_metrics, write_scores

log = setup_log(snakemake)
wc = snakemake.wildcards
ds = read_dataset(snakemake.input.data, snakemake.input.meta, snakemake.config)
spec = snakemake.params.spec
scores, m = repeated_cross_validate(ds, pd.read_csv(verified(snakemake.input.folds)), lambda: make_learner(spec, wc.learner), wc.protocol)
write_scores(snakemake.output.scores, scores)
m = write_metrics(snakemake.output.metrics, m, wc.dataset, wc.learner, wc.protocol)
log.info("%s %s: %d repetitions", wc.dataset, wc.learner, m["repetition"].nunique())
