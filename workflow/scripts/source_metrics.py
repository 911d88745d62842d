# Every metric of the sources for each fold of each learner on one data set, from its stored scores, and its figure.
import os
from pathlib import Path

from aucacc.evaluation.source_metrics import dataset_source_metrics
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.plots.source_metrics import source_metrics_figure
from aucacc.report.tables import Table
from aucacc.scores import missing_learners, read_scores, trained

log = setup_log(snakemake)
wc, par = snakemake.wildcards, snakemake.params
scores = trained({Path(p).stem: read_scores(p) for p in snakemake.input.scores})  # skipped learners left out
m = dataset_source_metrics(scores, wc.dataset, par.protocol, positive=par.positive, costs=dict(par.costs))
Table(m).write_csv(snakemake.output.metrics)
# colours by the study's learners; a learner without scores here named in the legend, with its reason
absent = missing_learners(par.learners, scores, snakemake.input.records)
save_figure(source_metrics_figure(scores, positive=par.positive, title=wc.dataset, learners=par.learners,
                                  absent=absent),
            os.path.splitext(snakemake.output.png)[0])
log.info("%s %s: %d fold metrics of %s, positive class %s", wc.dataset, par.protocol, len(m), ", ".join(scores),
         m["positive"].iloc[0])
