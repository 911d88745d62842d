# The paper's main table (§IV-B; Knowl 5), its t-tests and the C/D/E fold tally, beside the published numbers.
import pandas as pd

from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.claims import load_claims
from aucacc.report.logs import setup_log
from aucacc.report.paper_tables import main_tables
from aucacc.scores import read_metrics

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
metrics = read_metrics(inp.metrics)
tables, avg = main_tables(metrics, pd.read_csv(inp.published), pd.read_csv(inp.averages), pd.read_csv(inp.significance),
                          pd.read_csv(inp.cde), par.learners, par.pairs, par.alpha, par.protocol,
                          load_claims(inp.claims))
prov = provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp))
for name, table in tables.items():
    table.write(stem(out[name]), prov)
for _, r in avg.iterrows():
    log.info("average %s %s: %.2f (published %.1f)", r["learner"], r["metric"], r["average"], r["published_average"])
