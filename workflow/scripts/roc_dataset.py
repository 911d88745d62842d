# ROC analysis of one data set: fold curves, vertical/threshold averages, ROCCH, AUC check, DET points, figures.
import pandas as pd

from aucacc.datasets.store import read_meta
from aucacc.provenance import verified
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.plots.det import det_figure
from aucacc.report.plots.roc import roc_dataset_figure
from aucacc.report.tables import Table
from aucacc.roc import roc_dataset
from aucacc.scores import missing_learners, read_scores, trained

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
meta = read_meta(inp.meta)
# a learner skipped on this data set (binary-only on a multi-class one) has no rows and is left out
scores = trained({lrn: read_scores(p) for lrn, p in zip(par.learners, inp.scores)})
tables = roc_dataset(snakemake.wildcards.dataset, meta["classes"], scores,
                     {lrn: pd.read_csv(verified(p)) for lrn, p in zip(par.learners, inp.metrics) if lrn in scores},
                     par.positive, par.hull_points, par.n_points, par.n_thresholds)
for name in ("curves", "hull", "check", "det"):
    Table(tables[name]).write_csv(out[name])
# colours by the study's learners; a learner of the figure without scores here named in the legend, with its reason
absent = missing_learners(par.learners, scores, inp.records)
save_figure(roc_dataset_figure(snakemake.wildcards.dataset, tables, par.palette, absent), stem(out.png))
save_figure(det_figure(snakemake.wildcards.dataset, tables["det"], par.palette, absent), stem(out.det_png))
log.info("AUC check: max |points − reference| = %.3g", tables["check"]["abs_diff"].max())
