# Cross-validate learners on one data set under one discretization protocol (or gather one learner's fold jobs).
# Rule `cross_validate` passes one learner; `cross_validate_main` the main table's learners, in one job.
import io
import json

import pandas as pd

from aucacc.datasets.store import read_dataset
from aucacc.evaluation.cross_validate import cross_validate, fold_metrics, gather_folds
from aucacc.learners import make_learner
from aucacc.provenance import atomic_write_bytes, atomic_write_text, provenance
from aucacc.report.logs import setup_log


def as_list(x):
    return [x] if isinstance(x, str) else list(x)


log = setup_log(snakemake)
wc = snakemake.wildcards
ds = read_dataset(snakemake.input.data, snakemake.input.meta)
folds = pd.read_csv(snakemake.input.folds)["fold"].to_numpy()
parts_in = getattr(snakemake.input, "parts", [])
out = zip(snakemake.params.learners, as_list(snakemake.output.scores), as_list(snakemake.output.metrics),
          as_list(snakemake.output.info))
for learner, scores_path, metrics_path, info_path in out:
    spec = snakemake.params.specs[learner]
    if parts_in:  # one cv_fold job per fold ran the learner
        parts = []
        for path, record in zip(parts_in, snakemake.input.part_records):
            with open(record) as fh:
                parts.append((pd.read_parquet(path), json.load(fh)))
        scores, info = gather_folds(parts)
    else:
        scores, info = cross_validate(ds, folds, lambda: make_learner(spec), discretization=wc.protocol,
                                      progress=True, label=f"{wc.dataset}/{learner}")
    buf = io.BytesIO()
    scores.to_parquet(buf, index=False)
    atomic_write_bytes(scores_path, buf.getvalue())
    m = fold_metrics(scores)
    m.insert(0, "learner", learner)
    m.insert(0, "dataset", wc.dataset)
    m.insert(2, "protocol", wc.protocol)
    atomic_write_text(metrics_path, m.to_csv(index=False))
    prov = provenance(config={"learner": spec, "protocol": wc.protocol}, seed=snakemake.config["seed"],
                      inputs=[snakemake.input.data, snakemake.input.folds])
    atomic_write_text(info_path, json.dumps({"folds": info, "provenance": prov}, indent=2, default=str) + "\n")
    summ = m.groupby("metric")["value"].agg(["mean", "std"])
    log.info("%s %s %s: %s", wc.dataset, learner, wc.protocol, summ.round(2).to_dict())
