# Sampled multi-class C/D table and figure with bootstrap uncertainty (rule synthetic_multiclass).
import pandas as pd

from aucacc.provenance import provenance, verified
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.plots.synthetic import plot_multiclass
from aucacc.synthetic import examples_per_class, multiclass_experiment

log = setup_log(snakemake)
inp, out = snakemake.input, snakemake.output
table = multiclass_experiment(snakemake.params.synthetic, pd.read_csv(inp.published, dtype=str),
                              snakemake.params.seed, pd.read_csv(verified(inp.exact)))
table.write(stem(out.csv), provenance(config=snakemake.config, seed=snakemake.params.seed,
                                      inputs=[inp.published, inp.exact]))
save_figure(plot_multiclass(table.data, examples_per_class(snakemake.params.synthetic)), stem(out.png))
log.info("\n%s", table.data[["model", "c", "C", "C_se", "D", "D_se", "published_C", "published_D"]].to_string())
