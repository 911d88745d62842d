# The paper's SVM table (§IV-C; 13 binary data sets) with averages and t-tests, beside the published numbers:
# views of the paper study's summary and t-tests over the data sets every learner ran (nothing recomputed).
import pandas as pd

from aucacc.provenance import provenance, verified
from aucacc.report import stem
from aucacc.report.claims import load_claims
from aucacc.report.logs import setup_log
from aucacc.report.paper_tables import published_long, svm_tables

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
pub = pd.concat([published_long(pd.read_csv(inp.published)), published_long(pd.read_csv(inp.published_main))])
tables, avg = svm_tables(pd.read_csv(verified(inp.summary)), pd.read_csv(verified(inp.ttests_common)), pub,
                         pd.read_csv(inp.averages), pd.read_csv(inp.significance), [par.learner] + list(par.compare),
                         list(par.datasets), load_claims(inp.claims))
prov = provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp))
for name, table in tables.items():
    table.write(stem(out[name]), prov)
for _, r in avg.iterrows():
    log.info("average %s %s: %.2f (published %s)", r["learner"], r["metric"], r["average"], r["published_average"])
