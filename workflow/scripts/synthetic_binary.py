# Exact C/D/E table and figure of one binary synthetic experiment (rule synthetic_binary).
import pandas as pd

from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.plots.synthetic import plot_binary
from aucacc.synthetic import binary_experiment

log = setup_log(snakemake)
out = snakemake.output
table = binary_experiment(snakemake.wildcards.experiment, snakemake.params.synthetic,
                          pd.read_csv(snakemake.input.published, dtype=str))
table.write(stem(out.csv), provenance(config=snakemake.config, seed=snakemake.params.seed,
                                      inputs=[snakemake.input.published]))
save_figure(plot_binary(table.data, snakemake.wildcards.experiment), stem(out.png))
log.info("%s: %d settings\n%s", snakemake.wildcards.experiment, len(table.data),
         table.data[["setting", "C", "D", "E", "published_C", "published_D", "published_E"]].to_string())
