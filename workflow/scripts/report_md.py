# results/REPORT.md: the scorecard summary and every part of the paper, tables inline, figures linked.
import json
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.provenance import atomic_write_text  # noqa: E402
from aucacc.report.document import report_markdown  # noqa: E402

log = setup_log(snakemake)
prov = json.loads(open(snakemake.input.scorecard + ".provenance.json").read())
atomic_write_text(snakemake.output.md, report_markdown(pd.read_csv(snakemake.input.scorecard), snakemake.params.results,
                                                       prov, snakemake.config))
