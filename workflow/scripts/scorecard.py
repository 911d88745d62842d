# Write the reproduction scorecard (Markdown + CSV) from the workflow's tables.
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.provenance import atomic_write_text, provenance, write_sidecar  # noqa: E402
from aucacc.report.scorecard import scorecard  # noqa: E402
from aucacc.report.tables import to_markdown  # noqa: E402

log = setup_log(snakemake)
card = scorecard(snakemake.params.tables)
counts = card["result"].value_counts().to_dict()
head = ("# Reproduction scorecard — Huang & Ling (2005)\n\n"
        f"{counts.get('pass', 0)} pass, {counts.get('FAIL', 0)} fail, {counts.get('reported', 0)} reported "
        "(a published number shown beside ours with no pass/fail: see the notes in each row).\n\n")
atomic_write_text(snakemake.output.md, head + to_markdown(card))
atomic_write_text(snakemake.output.csv, card.to_csv(index=False))
write_sidecar(snakemake.output.csv, provenance(config=snakemake.config, seed=snakemake.config["seed"],
                                               inputs=list(snakemake.input)))
log.info("scorecard: %s", counts)
