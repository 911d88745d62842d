# results/REPORT.md: the scorecard summary and every part of the paper, tables inline, figures linked.
import json

import pandas as pd

from aucacc.provenance import atomic_write_text, sidecar_path, verified
from aucacc.report.document import report_markdown
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
prov = json.loads(sidecar_path(verified(snakemake.input.scorecard)).read_text())
atomic_write_text(snakemake.output.md, report_markdown(pd.read_csv(snakemake.input.scorecard), snakemake.params.results,
                                                       prov, snakemake.config))
