# Regenerate the data-set table beside the paper's counts.
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
table = dataset_table(metas, pd.read_csv(snakemake.input.published), disc or None)
shown = table[["dataset", "instances", "published_instances", "attributes", "published_attributes",
               "attributes_raw", "classes", "published_classes", "match_instances", "match_classes",
               "rows_removed", "columns_removed"]]
Table(table, display=shown, caption=caption("datasets")).write(
    stem(snakemake.output.csv),
    provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(snakemake.input)))
n = int((table["match_instances"] & table["match_classes"]).sum())
log.info("%d of %d data sets match the paper's instance and class counts", n, len(table))
