# Distinct probability vectors and ties per fold, per data set and learner, from the stored scores.
import json
from pathlib import Path

import pandas as pd

from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.datasets.table import read_cut_points
from aucacc.report.scorecard.ties import score_ties, value_combinations

log = setup_log(snakemake)
inp = snakemake.input
scores = {(Path(p).parent.name, Path(p).stem): pd.read_parquet(p) for p in inp.scores}
attributes = pd.read_csv(inp.datasets).set_index("dataset")["attributes"].to_dict()
metas = {Path(p).stem: json.loads(Path(p).read_text()) for p in inp.metas}
cuts = read_cut_points(inp.cuts)
table = score_ties(scores, attributes, {d: value_combinations(metas[d], cuts[d]) for d in metas})
table.write(stem(snakemake.output[0]), provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp)))
log.info("score_ties: %d data set × learner rows", len(table.data))
