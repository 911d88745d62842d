# One outer fold of one learner on one data set: the fold's scores and its record (gathered by cross_validate).
import pandas as pd

from aucacc.datasets.store import read_dataset
from aucacc.datasets.table import read_cut_points
from aucacc.evaluation.cross_validate import (cross_validate, discretize_recorded, excluded_scores, failure_exclusion,
                                              skip_reason)
from aucacc.exceptions import LearnerFitError
from aucacc.learners import time_limit
from aucacc.learners.factory import make_learner
from aucacc.report.logs import setup_log
from aucacc.provenance import verified
from aucacc.scores import write_exclusion_record, write_fold_records, write_scores

log = setup_log(snakemake)
wc = snakemake.wildcards
PACKAGES = snakemake.config["estimator_packages"]  # the researcher's own estimator packages
ds = read_dataset(snakemake.input.data, snakemake.input.meta, snakemake.config)
folds = pd.read_csv(verified(snakemake.input.folds))["fold"].to_numpy()
spec = snakemake.params.spec
timeout = time_limit(snakemake.config["learners"][wc.learner])  # seconds per fold, or None: no limit
reason = skip_reason(ds, spec)
if reason:  # cross_validate, gathering the folds, writes the exclusion record
    write_scores(snakemake.output.scores, excluded_scores(ds))
    write_fold_records(snakemake.output.info, [])
    log.warning("%s %s %s fold %s: skipped, not trained: %s", wc.dataset, wc.learner, wc.protocol, wc.fold, reason)
else:
    cuts = snakemake.input.cuts  # the whole-data cut points (rule discretize); none under the other protocols
    whole = discretize_recorded(ds, read_cut_points([cuts])[ds.name]) if cuts else None
    try:
        scores, info = cross_validate(ds, folds, lambda: make_learner(spec, wc.learner, PACKAGES),
                                      discretization=wc.protocol, only_folds=[int(wc.fold)], learner=wc.learner,
                                      discretized=whole, timeout=timeout)
    except LearnerFitError as exc:  # on_learner_error: stop (the default) raises it; exclude records it for the gather
        excluded = failure_exclusion(exc, snakemake.config["on_learner_error"])
        if excluded is None:
            raise
        reason, error = excluded
        write_scores(snakemake.output.scores, excluded_scores(ds))
        write_exclusion_record(snakemake.output.info, wc.dataset, wc.learner, reason, error=error)
        log.warning("%s %s %s fold %s: %s", wc.dataset, wc.learner, wc.protocol, wc.fold, reason)
    else:
        write_scores(snakemake.output.scores, scores)
        write_fold_records(snakemake.output.info, info)
        log.info("%s %s %s fold %s: %s", wc.dataset, wc.learner, wc.protocol, wc.fold,
                 {k: v for k, v in info[0].items() if k != "inner_cv"})
