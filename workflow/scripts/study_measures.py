# C/D/E of every pair of a study's measures over its test folds for each learner pair and pooled: the tables
# measures_cde and measures_matrix, and the matrix's heat map.
#
# snakemake.input.measures   per-fold measure CSVs of the study (list; rule fold_measures)
# snakemake.params.study     study name; .pairs (list of [a, b]); .measures (names); .alpha; .n_boot; .seed
# snakemake.output.measures_cde, .measures_matrix   <stem>.csv: <stem>.{csv,md,tex} written
# snakemake.output.figure    <stem>.png ([png, pdf] written)
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.study import study_measures
from aucacc.scores import read_metrics

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
res = study_measures(read_metrics(inp.measures), par.pairs, par.measures, par.study, alpha=par.alpha,
                     n_boot=par.n_boot, seed=par.seed)
prov = provenance(config=snakemake.config, seed=par.seed, inputs=list(inp), study=par.study)
for name in ("measures_cde", "measures_matrix"):
    res.tables[name].write(stem(out[name]), prov)
save_figure(res.figures["measures_matrix"], stem(out.figure))
cde = res.tables["measures_cde"].data
log.info("%d measures, %d rows of C/D/E (%d learner pairs)", len(par.measures), len(cde), len(par.pairs))
