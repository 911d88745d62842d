# Exact C/D/E table and figure of one binary synthetic experiment (rule synthetic_binary).
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.provenance import provenance  # noqa: E402
from aucacc.synthetic import run_binary_experiment  # noqa: E402

log = setup_log(snakemake)
out = snakemake.output
df = run_binary_experiment(
    snakemake.wildcards.experiment, snakemake.params.synthetic, snakemake.input.published,
    os.path.splitext(out.csv)[0], os.path.splitext(out.png)[0],
    provenance=provenance(config=snakemake.config, seed=snakemake.params.seed, inputs=[snakemake.input.published]),
)
log.info("%s: %d settings\n%s", snakemake.wildcards.experiment, len(df),
         df[["setting", "C", "D", "E", "published_C", "published_D", "published_E"]].to_string())
