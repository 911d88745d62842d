# results/REPORT.md: the scorecard summary and every part of the paper, tables inline, figures linked.
import json

import pandas as pd

from aucacc.provenance import atomic_write_text
from aucacc.report.document import report_markdown
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
prov = json.loads(open(snakemake.input.scorecard + ".provenance.json").read())
atomic_write_text(snakemake.output.md, report_markdown(pd.read_csv(snakemake.input.scorecard), snakemake.params.results,
                                                       prov, snakemake.config))
