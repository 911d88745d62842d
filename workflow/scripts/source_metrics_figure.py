# One data set: precision–recall curves of each learner; one-vs-rest ROC beside Hand–Till M if multi-class.
import os
from pathlib import Path

import pandas as pd

from aucacc.report.logs import setup_log
from aucacc.evaluation.source_metrics import source_metrics_figure
from aucacc.report.figures import save_figure

log = setup_log(snakemake)
scores = {Path(p).stem: pd.read_parquet(p) for p in snakemake.input.scores}
fig = source_metrics_figure(scores, positive=snakemake.params.positive, title=snakemake.wildcards.dataset)
save_figure(fig, os.path.splitext(snakemake.output.png)[0])
