# Sampled multi-class C/D table and figure with bootstrap uncertainty (rule synthetic_multiclass).
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.provenance import provenance  # noqa: E402
from aucacc.synthetic import run_multiclass_experiment  # noqa: E402

log = setup_log(snakemake)
out = snakemake.output
df = run_multiclass_experiment(
    snakemake.params.synthetic, snakemake.input.published, snakemake.params.seed,
    os.path.splitext(out.csv)[0], os.path.splitext(out.png)[0], exact_csv=snakemake.input.exact,
    provenance=provenance(config=snakemake.config, seed=snakemake.params.seed,
                          inputs=[snakemake.input.published, snakemake.input.exact]),
)
log.info("\n%s", df[["model", "c", "C", "C_se", "D", "D_se", "published_C", "published_D"]].to_string())
