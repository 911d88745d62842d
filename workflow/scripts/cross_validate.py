# Cross-validate one learner on one data set under one discretization protocol (or gather its fold jobs).
import pandas as pd

from aucacc.datasets.store import read_dataset
from aucacc.datasets.table import read_cut_points
from aucacc.evaluation.cross_validate import (cross_validate, discretize_recorded, excluded_scores, fold_metrics,
                                              gather_folds, skip_reason)
from aucacc.learners import make_learner
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
prov = provenance(config={"learner": spec, "protocol": wc.protocol}, seed=snakemake.config["seed"],
                  inputs=[snakemake.input.data, snakemake.input.folds, *([cuts] if cuts else [])])
reason = skip_reason(ds, spec)  # e.g. a binary-only learner on a multi-class data set
if reason:
    write_scores(out.scores, excluded_scores(ds), prov)
    write_metrics(out.metrics, fold_metrics(excluded_scores(ds)), wc.dataset, wc.learner, wc.protocol, prov)
    write_exclusion_record(out.info, wc.dataset, wc.learner, reason, prov)
    log.warning("%s %s %s: skipped, not trained: %s", wc.dataset, wc.learner, wc.protocol, reason)
else:
    if parts:  # one cv_fold job per fold ran the learner
        scores, info = gather_folds([(read_scores(p), read_fold_records(r))
                                     for p, r in zip(parts, snakemake.input.part_records)])
    else:
        whole = discretize_recorded(ds, read_cut_points([cuts])[ds.name]) if cuts else None
        scores, info = cross_validate(ds, folds, lambda: make_learner(spec, wc.learner, PACKAGES),
                                      discretization=wc.protocol, progress=True, label=f"{wc.dataset}/{wc.learner}",
                                      learner=wc.learner, discretized=whole)
    write_scores(out.scores, scores, prov)
    m = write_metrics(out.metrics, fold_metrics(scores), wc.dataset, wc.learner, wc.protocol, prov)
    write_fold_records(out.info, info, prov)
    summ = m.groupby("metric")["value"].agg(["mean", "std"])
    log.info("%s %s %s: %s", wc.dataset, wc.learner, wc.protocol, summ.round(2).to_dict())
