# Tables over the data sets: ROCCH dominators by slope range, ROCCH-hybrid choices (by slope, by FPR, under the
# workforce, precision and lift constraints), AUC check, each learner's area over the hull's candidate points.
import pandas as pd

from aucacc.provenance import provenance, verified
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.roc import roc_tables

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
hull, check, curves = (pd.concat([pd.read_csv(verified(p)) for p in paths], ignore_index=True)
                       for paths in (inp.hull, inp.check, inp.curves))
prov = provenance(config=snakemake.config, seed=snakemake.config["seed"],
                  inputs=list(inp.hull) + list(inp.check) + list(inp.curves))
for name, table in roc_tables(hull, check, curves, par.slopes, par.target_fpr, par.workforce, par.min_precision,
                                par.lift_fraction).items():
    table.write(stem(out[name]), prov)
log.info("%d hull vertices over %d data sets; AUC check max diff %.3g", len(hull), hull["dataset"].nunique(),
         check["abs_diff"].max())
