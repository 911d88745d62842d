# The figures across data sets of a study's measures, from its per-fold measures only (nothing retrained, no score
# re-read): measure against measure (one point per data set and learner) and the learners' average ranks under each
# measure.
#
# snakemake.input.fold_measures   the study's tables/fold_measures.csv (rule study_measures)
# snakemake.params.study          study name; .learners (their colours); .measures (names)
# snakemake.output.scatter, .ranks   <stem>.png ([png, pdf] written)
from aucacc.measures import read_fold_measures
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.study import study_measure_figures

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
fold = read_fold_measures(inp.fold_measures)
res = study_measure_figures(fold, par.measures, par.learners, par.study)
save_figure(res.figures["measures_scatter"], stem(out.scatter))
save_figure(res.figures["measure_ranks"], stem(out.ranks))
log.info("%d measures, %d (data set, learner) means", len(par.measures), fold.groupby(["dataset", "learner"]).ngroups)
