# Cross-validate one learner on one data set under one discretization protocol (or gather its fold jobs).
import io
import json

import pandas as pd

from aucacc.datasets.store import read_dataset
from aucacc.evaluation.cross_validate import cross_validate, fold_metrics, gather_folds
from aucacc.learners import make_learner
from aucacc.provenance import atomic_write_bytes, atomic_write_text, provenance
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
wc = snakemake.wildcards
ds = read_dataset(snakemake.input.data, snakemake.input.meta)
folds = pd.read_csv(snakemake.input.folds)["fold"].to_numpy()
spec = snakemake.params.spec
if snakemake.input.parts:  # one cv_fold job per fold ran the learner
    parts = []
    for path, record in zip(snakemake.input.parts, snakemake.input.part_records):
        with open(record) as fh:
            parts.append((pd.read_parquet(path), json.load(fh)))
    scores, info = gather_folds(parts)
else:
    scores, info = cross_validate(ds, folds, lambda: make_learner(spec), discretization=wc.protocol,
                                  progress=True, label=f"{wc.dataset}/{wc.learner}")
buf = io.BytesIO()
scores.to_parquet(buf, index=False)
atomic_write_bytes(snakemake.output.scores, buf.getvalue())
m = fold_metrics(scores)
m.insert(0, "learner", wc.learner)
m.insert(0, "dataset", wc.dataset)
m.insert(2, "protocol", wc.protocol)
atomic_write_text(snakemake.output.metrics, m.to_csv(index=False))
prov = provenance(config={"learner": spec, "protocol": wc.protocol}, seed=snakemake.config["seed"],
                  inputs=[snakemake.input.data, snakemake.input.folds])
atomic_write_text(snakemake.output.info, json.dumps({"folds": info, "provenance": prov}, indent=2, default=str) + "\n")
summ = m.groupby("metric")["value"].agg(["mean", "std"])
log.info("%s %s %s: %s", wc.dataset, wc.learner, wc.protocol, summ.round(2).to_dict())
