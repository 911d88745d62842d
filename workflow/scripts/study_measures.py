# Every measure of a study per test fold, from its stored scores, and C/D/E of every pair of its measures over its
# test folds for each learner pair and pooled: the tables fold_measures, measures_cde and measures_matrix, and the
# matrix's heat map.
#
# snakemake.input.scores     the study's scores Parquet files (list; results/[repeated_r<r>/]scores/...)
# snakemake.params.study     study name (config key); .pairs (list of [a, b]); .measures (names); .alpha; .n_boot; .seed
# snakemake.params.title     its display name, in the figures' titles (aucacc.config.study_title)
# snakemake.output.fold_measures   CSV: dataset, learner, protocol, [repetition,] fold, measure, value, exact, n_test
# snakemake.output.measures_cde, .measures_matrix   <stem>.csv: <stem>.{csv,md,tex} written
# snakemake.output.figure    <stem>.png ([png, pdf] written)
from aucacc.measures import study_fold_measures
from aucacc.provenance import provenance, write_intermediate
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.study import study_measures

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
fold = study_fold_measures(inp.scores, par.measures)
res = study_measures(fold, par.pairs, par.measures, par.study, alpha=par.alpha, n_boot=par.n_boot, seed=par.seed,
                     title=par.title)
prov = provenance(config=snakemake.config, seed=par.seed, inputs=list(inp), study=par.study)
write_intermediate(out.fold_measures, fold.to_csv(index=False), prov)
for name in ("measures_cde", "measures_matrix"):
    res.tables[name].write(stem(out[name]), prov)
save_figure(res.figures["measures_matrix"], stem(out.figure))
cde = res.tables["measures_cde"].data
log.info("%d measures, %d rows of C/D/E (%d learner pairs)", len(par.measures), len(cde), len(par.pairs))
