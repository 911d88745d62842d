# Distinct probability vectors and ties per fold, per data set and learner, from the stored scores.
from pathlib import Path

import pandas as pd

from aucacc.datasets.store import read_meta
from aucacc.datasets.table import read_cut_points
from aucacc.provenance import provenance, verified
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.report.scorecard.ties import score_ties
from aucacc.scores import read_score_files

log = setup_log(snakemake)
inp = snakemake.input
scores = {(d, lrn): s for (_, d, lrn), s in read_score_files(inp.scores).items()}
attributes = pd.read_csv(verified(inp.datasets)).set_index("dataset")["attributes"].to_dict()
metas = {Path(p).stem: read_meta(p) for p in inp.metas}
table = score_ties(scores, attributes, metas, read_cut_points(inp.cuts))
table.write(stem(snakemake.output[0]), provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp)))
log.info("score_ties: %d data set × learner rows", len(table.data))
