# Cross-validate one learner on one data set under one discretization protocol (or gather its fold jobs).
import pandas as pd

from aucacc.datasets.store import read_dataset
from aucacc.datasets.table import read_cut_points
from aucacc.evaluation.cross_validate import (cross_validate, discretize_recorded, excluded_scores, failure_exclusion,
                                              first_failed_fold, fold_metrics, gather_folds, skip_reason)
from aucacc.exceptions import LearnerFitError
from aucacc.learners import time_limit
from aucacc.learners.factory import make_learner
from aucacc.provenance import provenance, verified
from aucacc.report.logs import setup_log
from aucacc.scores import (read_fold_records, read_scores, write_exclusion_record, write_fold_records, write_metrics,
                           write_scores)

log = setup_log(snakemake)
wc = snakemake.wildcards
out = snakemake.output
PACKAGES = snakemake.config["estimator_packages"]  # the researcher's own estimator packages
ds = read_dataset(snakemake.input.data, snakemake.input.meta, snakemake.config)
folds = pd.read_csv(verified(snakemake.input.folds))["fold"].to_numpy()
parts = snakemake.input.parts
cuts = snakemake.input.cuts  # the whole-data cut points (rule discretize); none under the other protocols
spec = snakemake.params.spec
timeout = time_limit(snakemake.config["learners"][wc.learner])  # seconds per fold, or None: no limit
prov = provenance(config={"learner": spec, "protocol": wc.protocol}, seed=snakemake.config["seed"],
                  inputs=[snakemake.input.data, snakemake.input.folds, *([cuts] if cuts else [])])
reason, error = skip_reason(ds, spec), None  # e.g. a binary-only learner on a multi-class data set
if not reason:
    try:
        if parts:  # one cv_fold job per fold ran the learner
            records = [read_fold_records(r) for r in snakemake.input.part_records]
            failed = first_failed_fold(records)  # under on_learner_error: exclude, the lowest failing fold
            if failed:
                reason, error = failed["skipped"], failed["error"]
            else:
                scores, info = gather_folds([(read_scores(p), r) for p, r in zip(parts, records)])
        else:
            whole = discretize_recorded(ds, read_cut_points([cuts])[ds.name]) if cuts else None
            scores, info = cross_validate(ds, folds, lambda: make_learner(spec, wc.learner, PACKAGES),
                                          discretization=wc.protocol, progress=True, label=f"{wc.dataset}/{wc.learner}",
                                          learner=wc.learner, discretized=whole, timeout=timeout)
    except LearnerFitError as exc:  # on_learner_error: stop (the default) raises it; exclude records it
        excluded = failure_exclusion(exc, snakemake.config["on_learner_error"])
        if excluded is None:
            raise
        reason, error = excluded
if reason:
    write_scores(out.scores, excluded_scores(ds), prov)
    write_metrics(out.metrics, fold_metrics(excluded_scores(ds)), wc.dataset, wc.learner, wc.protocol, prov)
    write_exclusion_record(out.info, wc.dataset, wc.learner, reason, prov, error)
    log.warning("%s %s %s: left out, %s", wc.dataset, wc.learner, wc.protocol, reason)
else:
    write_scores(out.scores, scores, prov)
    m = write_metrics(out.metrics, fold_metrics(scores), wc.dataset, wc.learner, wc.protocol, prov)
    write_fold_records(out.info, info, prov)
    summ = m.groupby("metric")["value"].agg(["mean", "std"])
    log.info("%s %s %s: %s", wc.dataset, wc.learner, wc.protocol, summ.round(2).to_dict())
