# Cross-validate one learner on one data set once per repetition of its repeated folds (a binary-only learner on a
# data set of more classes: no rows, as cross_validate writes for it).
import pandas as pd

from aucacc.report.logs import setup_log
from aucacc.datasets.store import read_dataset
from aucacc.evaluation.cross_validate import excluded_scores, fold_metrics, skip_reason
from aucacc.evaluation.repeated import repeated_cross_validate
from aucacc.learners import time_limit
from aucacc.learners.factory import make_learner
from aucacc.provenance import verified
from aucacc.scores import write_metrics, write_scores

log = setup_log(snakemake)
wc = snakemake.wildcards
PACKAGES = snakemake.config["estimator_packages"]  # the researcher's own estimator packages
ds = read_dataset(snakemake.input.data, snakemake.input.meta, snakemake.config)
spec = snakemake.params.spec
timeout = time_limit(snakemake.config["learners"][wc.learner])  # seconds per fold, or None: no limit
reason = skip_reason(ds, spec)
if reason:
    scores = excluded_scores(ds)
    scores.insert(0, "repetition", pd.Series([], dtype=int))
    m = fold_metrics(excluded_scores(ds))
    m.insert(0, "repetition", pd.Series([], dtype=int))
    log.warning("%s %s: skipped, not trained: %s", wc.dataset, wc.learner, reason)
else:
    scores, m = repeated_cross_validate(ds, pd.read_csv(verified(snakemake.input.folds)),
                                        lambda: make_learner(spec, wc.learner, PACKAGES), wc.protocol,
                                        learner=wc.learner, timeout=timeout)
write_scores(snakemake.output.scores, scores)
m = write_metrics(snakemake.output.metrics, m, wc.dataset, wc.learner, wc.protocol)
log.info("%s %s: %d repetitions", wc.dataset, wc.learner, m["repetition"].nunique())
