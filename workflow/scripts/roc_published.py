# A study's ROC convex hull beside a published table of dominators by slope range, and each data set's dominance
# (Provost & Fawcett 2001, §4.2).
import pandas as pd

from aucacc.provenance import provenance, verified
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.roc.published import published_rocch_tables, read_published

log = setup_log(snakemake)
inp, out = snakemake.input, snakemake.output
tables = published_rocch_tables(pd.read_csv(verified(inp.hull)), read_published(inp.published))
prov = provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=[inp.hull, inp.published])
for name, table in tables.items():
    table.write(stem(out[name]), prov)
log.info("%s", " ".join(tables["dominance"].notes))
