# Every test for every measure of a study and the agreement of two measures' verdicts and learner rankings, from the
# study's per-fold measures (tables/fold_measures.csv of study_measures): the tables measure_tests, measure_friedman,
# measure_posthoc, measure_agreement, measure_rank_agreement, measure_tests_detail, measure_tests_per_dataset.
#
# snakemake.input.fold_measures   CSV: dataset, learner, protocol, [repetition,] fold, measure, value, exact, n_test
# snakemake.params.study     study name; .learners; .measures (names); .alpha; .rope; .decision; .nsamples;
#                            .posthoc; .measure_ropes (measure -> rope in its units); .seed
# snakemake.output.<table>   <stem>.csv: <stem>.{csv,md,tex} written
from aucacc.measures import read_fold_measures
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.report.study import study_measure_tests

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
fold = read_fold_measures(inp.fold_measures)
res = study_measure_tests(fold, list(par.learners), list(par.measures), par.study, alpha=par.alpha, rope=par.rope,
                          decision=par.decision, seed=par.seed, nsamples=par.nsamples, posthoc=par.posthoc,
                          ropes=dict(par.measure_ropes))
prov = provenance(config=snakemake.config, seed=par.seed, inputs=list(inp), study=par.study)
for name, table in res.tables.items():
    table.write(stem(out[name]), prov)
log.info("%d measures x %d learners: %d test rows, %d agreement rows (post-hoc %s)", len(par.measures),
         len(par.learners), len(res.tables["measure_tests"].data), len(res.tables["measure_agreement"].data),
         par.posthoc)
