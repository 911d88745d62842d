# One data set: precision–recall curves of each learner; one-vs-rest ROC beside Hand–Till M if multi-class.
import os
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.evaluation.source_metrics import source_metrics_figure  # noqa: E402
from aucacc.report.figures import save_figure  # noqa: E402

log = setup_log(snakemake)
scores = {Path(p).stem: pd.read_parquet(p) for p in snakemake.input.scores}
fig = source_metrics_figure(scores, positive=snakemake.params.positive, title=snakemake.wildcards.dataset)
save_figure(fig, os.path.splitext(snakemake.output.png)[0])
