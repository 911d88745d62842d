# Every pair of a study's learners under every test, Friedman-Nemenyi with its critical-difference diagrams
# (a claims file re-tested on the study's data: study_retest.py).
#
# snakemake.input.metrics   fold-metric CSVs of the study (list)
# snakemake.params.study    study name (config key); .learners (list); .alpha; .rope; .decision; .seed; .nsamples
# snakemake.params.title    its display name, in the figures' titles (aucacc.config.study_title)
# snakemake.output.tests, .tests_detail, .tests_per_dataset, .friedman   <stem>.csv each or multiext(<stem>, .csv,
#                           .md, .tex): <stem>.{csv,md,tex} written either way
# snakemake.output.cd_accuracy, .cd_auc   <stem>.png (or [png, pdf]): critical-difference diagrams
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.study import study_tests
from aucacc.scores import read_metrics

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
metrics = read_metrics(inp.metrics)
res = study_tests(metrics, list(par.learners), par.study, alpha=par.alpha, rope=par.rope, decision=par.decision,
                  seed=par.seed, nsamples=par.nsamples, title=par.title)
prov = provenance(config=snakemake.config, seed=par.seed, inputs=list(inp), study=par.study)
for name, table in res.tables.items():
    table.write(stem(out[name]), prov)
for name, fig in res.figures.items():
    save_figure(fig, stem(out[name]))
