# Exact multi-class C/D/E for the smallest c by enumeration (rule synthetic_multiclass_exact).
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.provenance import provenance  # noqa: E402
from aucacc.synthetic import run_multiclass_exact  # noqa: E402

log = setup_log(snakemake)
df = run_multiclass_exact(snakemake.params.synthetic, os.path.splitext(snakemake.output.csv)[0],
                          provenance=provenance(config=snakemake.config, seed=snakemake.params.seed))
log.info("\n%s", df[["model", "c", "C", "D", "E"]].to_string())
