# Distinct probability vectors and ties per fold, per data set and learner, from the stored scores.
from pathlib import Path

import pandas as pd

from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.report.scorecard.ties import score_ties

log = setup_log(snakemake)
inp = snakemake.input
scores = {(Path(p).parent.name, Path(p).stem): pd.read_parquet(p) for p in inp.scores}
attributes = pd.read_csv(inp.datasets).set_index("dataset")["attributes"].to_dict()
table = score_ties(scores, attributes)
table.write(stem(snakemake.output[0]), provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=list(inp)))
log.info("score_ties: %d data set × learner rows", len(table.data))
