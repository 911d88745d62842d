# Mean ± sd over folds of every source metric, per data set and learner.
import pandas as pd

from aucacc.captions import caption
from aucacc.report.logs import setup_log
from aucacc.evaluation.source_metrics import source_metrics_summary
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.tables import Table
from aucacc.scores import read_metrics

log = setup_log(snakemake)
frames = read_metrics(snakemake.input.metrics)
summ = source_metrics_summary(frames, pairs=snakemake.params.pairs)
Table(summ, floatfmt=".4g", caption=caption("source_metrics")).write(
    stem(snakemake.output.table),
    provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(snakemake.input)))
log.info("%d rows", len(summ))
