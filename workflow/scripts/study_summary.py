# A study's accuracy/AUC table, its paired t-tests over data sets and folds, and what it leaves out.
#
# snakemake.input.metrics   fold-metric CSVs of the study's (data set, learner)s that ran (list)
# snakemake.input.data      the study's clean data records (results/data/<d>.json): what the recipes removed
# snakemake.input.records   cross-validation JSON records (results/scores/<disc>/<dataset>/<learner>.json, list);
#                           a skipped learner's record carries `skipped` (the reason)
# snakemake.params.study    study name; .learners (list, display order); .specs (learner -> config spec: what each
#                           learner was given, in the summary's notes); .alpha; .seed (provenance);
#                           .on_learner_error (stop: a failure recorded under exclude is refused)
# snakemake.output.summary, .ttests, .exclusions   <stem>.csv each, or multiext(<stem>, .csv, .md, .tex): the
#                           three files <stem>.{csv,md,tex} are written (with provenance sidecars) either way
from aucacc.datasets.store import read_metas
from aucacc.scores import refuse_recorded_failures
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.scores import read_metrics, read_study_records
from aucacc.studies.analysis import summary_tables

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
metrics = read_metrics(inp.metrics)
records = read_study_records(inp.records)
refuse_recorded_failures(records, par.on_learner_error, par.study)  # stop: no study completes without a failed pair
cleaning = read_metas(inp.data)  # what each data set's recipe removed, said under the summary
tables = summary_tables(metrics, records, list(par.learners), par.alpha, dict(par.specs), cleaning)
prov = provenance(config=snakemake.config, seed=par.seed, inputs=list(inp), study=par.study)
for name, table in tables.items():
    table.write(stem(out[name]), prov)
for r in tables["exclusions"].data.itertuples():
    log.info("study %s leaves out %s on %s: %s", par.study, r.learner, r.dataset, r.reason)
