# Cross-validate learners on one data set under one discretization protocol (or gather one learner's fold jobs).
# Rule `cross_validate` passes one learner; `cross_validate_main` the main table's learners, in one job, and
# `cross_validate_bundle_<n>` a study's other learners (evaluate.smk).
import pandas as pd

from aucacc.datasets.store import read_dataset
from aucacc.evaluation.cross_validate import (cross_validate, discretize_whole, excluded_scores, fold_metrics,
                                              gather_folds, skip_reason)
from aucacc.learners import make_learner
from aucacc.provenance import provenance, verified
from aucacc.report.logs import setup_log
from aucacc.scores import (read_fold_records, read_scores, write_exclusion_record, write_fold_records, write_metrics,
                           write_scores)


def as_list(x):
    return [x] if isinstance(x, str) else list(x)


log = setup_log(snakemake)
wc = snakemake.wildcards
PACKAGES = snakemake.config["estimator_packages"]  # the researcher's own estimator packages
ds = read_dataset(snakemake.input.data, snakemake.input.meta, snakemake.config)
folds = pd.read_csv(verified(snakemake.input.folds))["fold"].to_numpy()
parts_in = getattr(snakemake.input, "parts", [])
out = zip(snakemake.params.learners, as_list(snakemake.output.scores), as_list(snakemake.output.metrics),
          as_list(snakemake.output.info))
whole = None
for learner, scores_path, metrics_path, info_path in out:
    spec = snakemake.params.specs[learner]
    prov = provenance(config={"learner": spec, "protocol": wc.protocol}, seed=snakemake.config["seed"],
                      inputs=[snakemake.input.data, snakemake.input.folds])
    reason = skip_reason(ds, spec)  # e.g. a binary-only learner on a multi-class data set
    if reason:
        write_scores(scores_path, excluded_scores(ds), prov)
        write_metrics(metrics_path, fold_metrics(excluded_scores(ds)), wc.dataset, learner, wc.protocol, prov)
        write_exclusion_record(info_path, wc.dataset, learner, reason, prov)
        log.warning("%s %s %s: skipped, not trained: %s", wc.dataset, learner, wc.protocol, reason)
        continue
    if parts_in:  # one cv_fold job per fold ran the learner
        scores, info = gather_folds([(read_scores(p), read_fold_records(r))
                                     for p, r in zip(parts_in, snakemake.input.part_records)])
    else:
        if wc.protocol == "whole_data" and whole is None:  # the learners of this job share it
            whole = discretize_whole(ds)[0]
        scores, info = cross_validate(ds, folds, lambda: make_learner(spec, learner, PACKAGES), discretization=wc.protocol,
                                      progress=True, label=f"{wc.dataset}/{learner}", learner=learner,
                                      discretized=whole)
    write_scores(scores_path, scores, prov)
    m = write_metrics(metrics_path, fold_metrics(scores), wc.dataset, learner, wc.protocol, prov)
    write_fold_records(info_path, info, prov)
    summ = m.groupby("metric")["value"].agg(["mean", "std"])
    log.info("%s %s %s: %s", wc.dataset, learner, wc.protocol, summ.round(2).to_dict())
