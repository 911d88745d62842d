# The figures across data sets of a study's measures, from its per-fold measures only (nothing retrained, no score
# re-read): measure against measure (one point per data set and learner), the learners' average ranks under each
# measure, and per measure learner against learner (one point per data set).
#
# snakemake.input.fold_measures   the study's tables/fold_measures.csv (rule study_measures)
# snakemake.params.study          study name (config key); .learners (their colours); .measures (names);
#                                 .pairs (list of [a, b])
# snakemake.params.title          its display name, in the figures' titles (aucacc.config.study_title)
# snakemake.output.scatter, .ranks   <stem>.png ([png, pdf] written)
# snakemake.output.learner_pairs  folder: <measure>.png and .pdf per measure
from pathlib import Path

from aucacc.measures import read_fold_measures
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.study import study_measure_figures

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
fold = read_fold_measures(inp.fold_measures)
res = study_measure_figures(fold, par.measures, par.learners, par.pairs, par.study, par.title)
save_figure(res.figures["measures_scatter"], stem(out.scatter))
save_figure(res.figures["measure_ranks"], stem(out.ranks))
Path(out.learner_pairs).mkdir(parents=True, exist_ok=True)
for m in par.measures:
    save_figure(res.figures[f"learner_pairs/{m}"], Path(out.learner_pairs) / m)
log.info("%d measures, %d (data set, learner) means", len(par.measures), fold.groupby(["dataset", "learner"]).ngroups)
