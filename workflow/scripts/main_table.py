# The paper's main table (Knowl 5), its t-tests and the C/D/E fold tally, beside the published numbers.
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.provenance import provenance  # noqa: E402
from aucacc.report.paper_tables import (averages, partial_notes, cde_table, paper_layout, published_long,  # noqa: E402
                                        significance_table, summary_table)
from aucacc.report.tables import write_table  # noqa: E402

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
metrics = pd.concat([pd.read_csv(p) for p in inp.metrics], ignore_index=True)
prov = provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp))

summ = summary_table(metrics, published_long(pd.read_csv(inp.published)))
summ.insert(0, "protocol", par.protocol)
avg = averages(summ, pd.read_csv(inp.averages), table="uci_nb_c44_c45")
wide = paper_layout(summ, avg, par.learners)
write_table(summ, os.path.splitext(out.table)[0], display=wide, provenance=prov, notes=partial_notes(summ),
            caption=f"Accuracy and AUC (%): mean ± sd over the folds, {par.protocol} discretization "
                    "(published mean in brackets)")

sig = significance_table(metrics, par.learners, par.alpha, pd.read_csv(inp.significance), table="uci_nb_c44_c45")
write_table(sig, os.path.splitext(out.sig)[0], provenance=prov, floatfmt=".4g",
            caption="Two-tailed paired t-tests: over per-data-set means (level=dataset) and over folds (level=fold)")

cde = cde_table(metrics, [tuple(p) for p in par.pairs], pd.read_csv(inp.cde))
write_table(cde, os.path.splitext(out.cde)[0], provenance=prov,
            caption="C/D/E of AUC against accuracy over the test folds, beside the published tally")
for _, r in avg.iterrows():
    log.info("average %s %s: %.2f (published %.1f)", r["learner"], r["metric"], r["average"], r["published_average"])
