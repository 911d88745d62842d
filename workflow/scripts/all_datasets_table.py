# Mean ± sd of every learner on every configured data set, with the published value where the paper has one.
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.provenance import provenance  # noqa: E402
from aucacc.report.paper_tables import partial_notes, published_long, summary_table  # noqa: E402
from aucacc.report.tables import write_table  # noqa: E402

log = setup_log(snakemake)
inp, out = snakemake.input, snakemake.output
metrics = pd.concat([pd.read_csv(p) for p in inp.metrics], ignore_index=True)
summ = summary_table(metrics, published_long(pd.read_csv(inp.published)))
summ.insert(0, "protocol", snakemake.params.protocol)
write_table(summ, os.path.splitext(out.table)[0], notes=partial_notes(summ),
            provenance=provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp)),
            caption=f"Every configured data set ({snakemake.params.protocol} discretization): mean and sd over folds, "
                    "published values where the paper has them")
log.info("%d data sets × learners", len(summ) // 2)
