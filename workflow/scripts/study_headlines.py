# One line per study: its headline (aucacc.studies.analysis.headline) for the report's front page and REPORT.md.
import pandas as pd

from aucacc.provenance import atomic_write_text, provenance, verified
from aucacc.report.document import studies_rst, study_headline_frame
from aucacc.report.logs import setup_log
from aucacc.report.tables import Table
from aucacc.studies.analysis import headline

log = setup_log(snakemake)
inp = snakemake.input
rows = [(study, title, headline(pd.read_csv(verified(s)), pd.read_csv(verified(c))))
        for (study, title), s, c in zip(snakemake.params.studies.items(), inp.summary, inp.cde)]
frame = study_headline_frame(rows)
Table(frame).write_csv(snakemake.output.csv, provenance(config=snakemake.config, seed=snakemake.config["seed"],
                                                        inputs=list(inp.summary) + list(inp.cde)))
atomic_write_text(snakemake.output.rst, studies_rst(frame, folded=snakemake.params.folded))
for r in rows:
    log.info("%s: %s", r[0], r[2])
