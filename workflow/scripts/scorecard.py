# The per-cell scorecard (every published cell and verdict, ours beside it) and the report's front-page summary.
from aucacc.captions import caption
from aucacc.provenance import atomic_write_text, provenance
from aucacc.report import stem
from aucacc.report.claims import load_claims
from aucacc.report.document import front_page_rst, provenance_html, scorecard_markdown, table_html
from aucacc.report.logs import setup_log
from aucacc.report.scorecard import (expectation_mismatches, load_published, load_tables, scorecard, source_summary,
                                     summary, summary_line)
from aucacc.report.tables import Table

log = setup_log(snakemake)
out = snakemake.output
claims = load_claims(snakemake.input.claims)
# Exactly the declared inputs: the run's tables and the published CSVs.
card = scorecard(load_tables(list(snakemake.input.tables) + [snakemake.input.folds]), claims, load_published(snakemake.input.published),
                 snakemake.params.alpha)
prov = provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(snakemake.input))
Table(card).write_csv(out.csv, prov)
atomic_write_text(out.md, scorecard_markdown(card, claims))
atomic_write_text(out.html, table_html(card, f"Scorecard: {summary_line(card)}"))
changed = expectation_mismatches(card, claims)
Table(summary(card), caption=caption("scorecard_summary", summary=summary_line(card), n_changed=len(changed))
      ).write(stem(out.summary), prov)
Table(source_summary(card), caption=caption("scorecard_sources", summary=summary_line(card))).write(stem(out.sources),
                                                                                                prov)
atomic_write_text(out.rst, front_page_rst(card, prov, snakemake.config, snakemake.params.rerun))
atomic_write_text(out.provenance, provenance_html(prov, snakemake.config, snakemake.params.rerun))
log.info("scorecard: %s", summary_line(card))
for line in changed:
    log.warning("status differs from config/claims.yaml: %s", line)
