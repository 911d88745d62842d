# The paper's SVM table (13 binary data sets) with averages and t-tests, beside the published numbers.
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.provenance import provenance  # noqa: E402
from aucacc.report.paper_tables import (averages, partial_notes, paper_layout, published_long,  # noqa: E402
                                        significance_table, summary_table)
from aucacc.report.tables import write_table  # noqa: E402

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
metrics = pd.concat([pd.read_csv(p) for p in inp.metrics], ignore_index=True)
learners = [par.learner] + list(par.compare)
pub = pd.concat([published_long(pd.read_csv(inp.published)), published_long(pd.read_csv(inp.published_main))])
summ = summary_table(metrics, pub)
avg = averages(summ, pd.read_csv(inp.averages), table="svm_binary13")
prov = provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp))

wide = paper_layout(summ, avg, learners)
write_table(summ, os.path.splitext(out.table)[0], display=wide, provenance=prov, notes=partial_notes(summ),
            caption="SVM, NB, C4.4, C4.5 on the binary data sets: mean ± sd over 10 folds (published mean in brackets)")
sig = significance_table(metrics, learners, par.alpha, pd.read_csv(inp.significance), table="svm_binary13")
write_table(sig, os.path.splitext(out.sig)[0], provenance=prov, floatfmt=".4g",
            caption="Two-tailed paired t-tests on the binary data sets: data-set level and fold level")
for _, r in avg.iterrows():
    log.info("average %s %s: %.2f (published %s)", r["learner"], r["metric"], r["average"], r["published_average"])
