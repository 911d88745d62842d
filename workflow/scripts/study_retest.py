# A study's claims file re-tested on its data under every test (config key `studies.<name>.retest`).
#
# snakemake.input.retest    a claims CSV (metric, a, b, published_outcome[, table])
# snakemake.input.metrics   fold-metric CSVs of the study (list)
# snakemake.params.study    study name; .learners (list); .alpha; .rope; .decision; .seed; .nsamples
# snakemake.params.retest_learners  claims-file learner -> the study's learner standing for it ({}: none)
# snakemake.output.retest   <stem>.csv or multiext(<stem>, .csv, .md, .tex): <stem>.{csv,md,tex} written either way
import pandas as pd

from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.scores import read_metrics
from aucacc.studies.analysis import retest_claims

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
metrics = read_metrics(inp.metrics)
rt = retest_claims(metrics, pd.read_csv(inp.retest), list(par.learners), stand_ins=par.retest_learners,
                   alpha=par.alpha, rope=par.rope, decision=par.decision, seed=par.seed, nsamples=par.nsamples)
prov = provenance(config=snakemake.config, seed=par.seed, inputs=list(inp), study=par.study)
rt["retest"].write(stem(out.retest), prov)
for r in rt["retest"].data.itertuples():
    log.info("%s %s %s vs %s: claimed %s; supported by %s", r.table, r.metric, r.a, r.b, r.claimed_outcome,
             r.supported_by)
