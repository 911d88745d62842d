# Every table of a rule's input as an HTML page in one folder (<table>.html), so that `snakemake --report` shows each
# inline: results/report/tables/ (rule report_tables) or a study's report/ folder (study_report_tables).
from pathlib import Path

import pandas as pd

from aucacc.provenance import atomic_write_text, verified
from aucacc.report.document import table_html
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
folder = Path(snakemake.output.folder)
folder.mkdir(parents=True, exist_ok=True)
for csv in snakemake.input.csv:
    stem = Path(csv).stem
    try:
        frame = pd.read_csv(verified(csv))
    except pd.errors.EmptyDataError:  # a table with no rows and no columns (e.g. a study with nothing to test)
        frame = pd.DataFrame()
    atomic_write_text(folder / f"{stem}.html", table_html(frame, stem))
log.info("%d tables written to %s", len(snakemake.input.csv), folder)
