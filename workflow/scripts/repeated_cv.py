# Cross-validate one learner on one data set once per repetition of its repeated folds.
import io

import pandas as pd

from aucacc.report.logs import setup_log
from aucacc.datasets.store import read_dataset
from aucacc.evaluation.repeated import repeated_cross_validate
from aucacc.learners import make_learner
from aucacc.provenance import atomic_write_bytes, atomic_write_text

log = setup_log(snakemake)
wc = snakemake.wildcards
ds = read_dataset(snakemake.input.data, snakemake.input.meta)
spec = snakemake.params.spec
scores, m = repeated_cross_validate(ds, pd.read_csv(snakemake.input.folds), lambda: make_learner(spec), wc.protocol)
buf = io.BytesIO()
scores.to_parquet(buf, index=False)
atomic_write_bytes(snakemake.output.scores, buf.getvalue())
m.insert(0, "learner", wc.learner)
m.insert(0, "dataset", wc.dataset)
m.insert(2, "protocol", wc.protocol)
atomic_write_text(snakemake.output.metrics, m.to_csv(index=False))
log.info("%s %s: %d repetitions", wc.dataset, wc.learner, m["repetition"].nunique())
