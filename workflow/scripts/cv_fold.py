# One outer fold of one learner on one data set: the fold's scores and its record (gathered by cross_validate).
import io
import json

import pandas as pd

from aucacc.datasets.store import read_dataset
from aucacc.evaluation.cross_validate import cross_validate
from aucacc.learners import make_learner
from aucacc.provenance import atomic_write_bytes, atomic_write_text
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
wc = snakemake.wildcards
ds = read_dataset(snakemake.input.data, snakemake.input.meta)
folds = pd.read_csv(snakemake.input.folds)["fold"].to_numpy()
spec = snakemake.params.spec
scores, info = cross_validate(ds, folds, lambda: make_learner(spec), discretization=wc.protocol,
                              only_folds=[int(wc.fold)])
buf = io.BytesIO()
scores.to_parquet(buf, index=False)
atomic_write_bytes(snakemake.output.scores, buf.getvalue())
atomic_write_text(snakemake.output.info, json.dumps(info, indent=2, default=str) + "\n")
log.info("%s %s %s fold %s: %s", wc.dataset, wc.learner, wc.protocol, wc.fold,
         {k: v for k, v in info[0].items() if k != "inner_cv"})
