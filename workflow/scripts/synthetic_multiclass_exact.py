# Exact multi-class C/D/E for the smallest c by enumeration (rule synthetic_multiclass_exact).
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.synthetic import multiclass_exact_experiment

log = setup_log(snakemake)
table = multiclass_exact_experiment(snakemake.params.synthetic)
table.write(stem(snakemake.output.csv), provenance(config=snakemake.config, seed=snakemake.params.seed))
log.info("\n%s", table.data[["model", "c", "C", "D", "E"]].to_string())
