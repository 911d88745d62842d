# Regenerate the data-set table beside the paper's counts.
# snakemake.params.raw  the data sets their learners get as they are (aucacc.config.raw_datasets)
import pandas as pd

from aucacc.captions import caption
from aucacc.datasets.store import read_meta
from aucacc.datasets.table import dataset_table, read_cut_points
from aucacc.provenance import provenance
from aucacc.report.logs import setup_log
from aucacc.report import stem
from aucacc.report.tables import Table

log = setup_log(snakemake)
metas = [read_meta(p) for p in snakemake.input.metas]
disc = read_cut_points(getattr(snakemake.input, "cuts", []) or [])
# Without a study of published numbers (no `published` input) the table has no published columns.
pub = getattr(snakemake.input, "published", None)
# the data sets of studies with discretization none only: their attributes as they are (numeric, nominal)
raw = list(getattr(snakemake.params, "raw", []) or [])
table = dataset_table(metas, pd.read_csv(pub) if pub else None, disc or None, raw)
shown = table[[c for c in ["dataset", "instances", "published_instances", "attributes", "published_attributes",
                           "attributes_raw", "numeric", "nominal", "classes", "published_classes", "match_instances",
                           "match_classes", "rows_removed", "columns_removed"] if c in table]]
title = caption("datasets") if pub else (caption("datasets_raw") if raw else caption("datasets_own"))
Table(table, display=shown, caption=title).write(
    stem(snakemake.output.csv),
    provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(snakemake.input)))
if pub:
    n = int((table["match_instances"] & table["match_classes"]).sum())
    log.info("%d of %d data sets match the paper's instance and class counts", n, len(table))
