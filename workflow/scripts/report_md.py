# results/REPORT.md: the scorecard summary and every part of the paper (with a paper study), then a section
# per study, tables inline, figures linked.
import json
from pathlib import Path

import pandas as pd

from aucacc.provenance import atomic_write_text, provenance, sidecar_path, verified
from aucacc.report.document import report_markdown
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
inp = snakemake.input
if inp.scorecard:  # the paper study's scorecard, and the provenance it recorded
    card = pd.read_csv(inp.scorecard)
    prov = json.loads(sidecar_path(verified(inp.scorecard)).read_text())
else:
    card = None
    prov = provenance(config=snakemake.config, seed=snakemake.config["seed"],
                      inputs=sorted(Path(inp.tables).glob("*.html")))  # the pages of rule report_tables
headlines = [p for p in inp.studies if p.endswith("report/studies.csv")]
atomic_write_text(snakemake.output.md, report_markdown(
    card, snakemake.params.results, prov, snakemake.config, snakemake.params.studies,
    pd.read_csv(verified(headlines[0])) if headlines else None, snakemake.params.rerun))
