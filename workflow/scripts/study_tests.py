# Every pair of a study's learners under every test, Friedman-Nemenyi with its critical-difference diagrams
# (a claims file re-tested on the study's data: study_retest.py).
#
# snakemake.input.metrics   fold-metric CSVs of the study (list)
# snakemake.params.study    study name; .learners (list); .alpha; .rope; .decision; .seed; .nsamples
# snakemake.output.tests, .tests_detail, .tests_per_dataset, .friedman   <stem>.csv each or multiext(<stem>, .csv,
#                           .md, .tex): <stem>.{csv,md,tex} written either way
# snakemake.output.cd_accuracy, .cd_auc   <stem>.png (or [png, pdf]): critical-difference diagrams
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.plots.significance import cd_diagram
from aucacc.report.plots.studies import message_figure
from aucacc.scores import read_metrics
from aucacc.studies.analysis import pairwise_tests

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
metrics = read_metrics(inp.metrics)
opts = dict(alpha=par.alpha, rope=par.rope, decision=par.decision, seed=par.seed, nsamples=par.nsamples)
res = pairwise_tests(metrics, list(par.learners), **opts)
prov = provenance(config=snakemake.config, seed=par.seed, inputs=list(inp), study=par.study)
for name, key in (("tests", "tests"), ("tests_detail", "detail"), ("tests_per_dataset", "per_dataset"),
                  ("friedman", "friedman")):
    res[key].write(stem(out[name]), prov)
for metric in ("accuracy", "auc"):
    target = stem(out[f"cd_{metric}"])
    fr = res["friedman_results"].get(metric)
    fig = (cd_diagram(fr, f"{par.study}: {metric}", par.learners) if fr is not None else
           message_figure(f"{par.study}: {metric}\nFriedman–Nemenyi does not apply (it needs at least 3 learners "
                          "and 2 data sets on which every learner ran)"))
    save_figure(fig, target)
