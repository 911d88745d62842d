# Exact C/D/E of the configured measure pairs over the binary ranked lists (rule synthetic_measure_pairs).
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.synthetic import measure_pairs_experiment

log = setup_log(snakemake)
table = measure_pairs_experiment(snakemake.params.synthetic)
table.write(stem(snakemake.output.csv), provenance(config=snakemake.config, seed=snakemake.params.seed))
log.info("\n%s", table.data[["experiment", "setting", "f", "g", "C", "D", "E"]].to_string())
