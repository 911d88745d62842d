# The paper's main table (§IV-B; Knowl 5), its t-tests and the C/D/E fold tally, beside the published numbers:
# views of the paper study's summary, t-tests and AUC-against-accuracy tables (nothing recomputed).
import pandas as pd

from aucacc.provenance import provenance, verified
from aucacc.report import stem
from aucacc.report.claims import load_claims
from aucacc.report.logs import setup_log
from aucacc.report.paper_tables import main_tables

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
study = {k: pd.read_csv(verified(inp[k])) for k in ("summary", "ttests", "auc_vs_accuracy")}
tables, avg = main_tables(study["summary"], study["ttests"], study["auc_vs_accuracy"], pd.read_csv(inp.published),
                          pd.read_csv(inp.averages), pd.read_csv(inp.significance), pd.read_csv(inp.cde),
                          par.learners, par.pairs, par.protocol, load_claims(inp.claims))
prov = provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp))
for name, table in tables.items():
    table.write(stem(out[name]), prov)
for _, r in avg.iterrows():
    log.info("average %s %s: %.2f (published %.1f)", r["learner"], r["metric"], r["average"], r["published_average"])
