# C/D/E of AUC against accuracy over a study's test folds for each learner pair: exact sign tests, bootstrap
# intervals over data sets, the two answers (consistent? more discriminating?), and its figure.
#
# snakemake.input.metrics   fold-metric CSVs of the study (list)
# snakemake.params.study    study name (config key); .pairs (list of [a, b]); .alpha; .n_boot; .seed
# snakemake.params.title    its display name, in the figures' titles (aucacc.config.study_title)
# snakemake.output.auc_vs_accuracy   <stem>.csv or multiext(<stem>, .csv, .md, .tex): <stem>.{csv,md,tex} written
# snakemake.output.figure   <stem>.png (or [png, pdf])
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.study import study_cde
from aucacc.scores import read_metrics

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
metrics = read_metrics(inp.metrics)
res = study_cde(metrics, par.pairs, par.study, alpha=par.alpha, n_boot=par.n_boot, seed=par.seed, title=par.title)
table = res.tables["auc_vs_accuracy"]
prov = provenance(config=snakemake.config, seed=par.seed, inputs=list(inp), study=par.study)
table.write(stem(out.auc_vs_accuracy), prov)
save_figure(res.figures["auc_vs_accuracy"], stem(out.figure))
for r in table.data.itertuples():
    log.info("%s: C = %.3f [%.3f, %.3f] (p = %.3g), D = %.3f [%.3f, %.3f] (p = %.3g); consistent %s, more "
             "discriminating %s", r.pair, r.C, r.C_lo, r.C_hi, r.p_C, r.D, r.D_lo, r.D_hi, r.p_D, r.consistent,
             r.more_discriminating)
