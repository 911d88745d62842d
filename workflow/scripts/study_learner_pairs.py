# Learner against learner under one measure of a study, each point a data set (means over its test folds), from the
# study's per-fold measures only (nothing retrained, no score re-read).
#
# snakemake.input.fold_measures   the study's tables/fold_measures.csv (rule study_measures)
# snakemake.wildcards.measure     the measure
# snakemake.params.study          study name; .learners (their colours); .pairs (list of [a, b])
# snakemake.output.figure         <stem>.png ([png, pdf] written)
from aucacc.measures import read_fold_measures
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.study import study_learner_pairs

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
measure = snakemake.wildcards.measure
res = study_learner_pairs(read_fold_measures(inp.fold_measures), measure, par.learners, par.pairs, par.study)
save_figure(res.figures[f"learner_pairs/{measure}"], stem(out.figure))
log.info("%s: learner pairs drawn", measure)
