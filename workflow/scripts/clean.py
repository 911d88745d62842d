# Read one raw file and apply its cleaning recipe.

from aucacc.datasets import clean_raw_file
from aucacc.datasets.store import save_dataset
from aucacc.provenance import provenance, sha256_file
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
name = snakemake.wildcards.dataset
# snakemake.config gives `mirror` / `raw_data`, so a read error names the original file, not the cached copy.
ds = clean_raw_file(name, snakemake.input.raw, snakemake.params.source, snakemake.params.recipe, snakemake.params.seed,
                    snakemake.config)
for e in ds.exclusions:
    log.info("%s: %s (rows removed %d, columns removed %s)", e["step"], e["detail"], e["rows_removed"], e["columns_removed"])
prov = provenance(config={"source": snakemake.params.source, "recipe": snakemake.params.recipe},
                  seed=snakemake.params.seed, inputs=[snakemake.input.raw],
                  raw_sha256=sha256_file(snakemake.input.raw))  # later jobs compare it with the pinned one
save_dataset(ds, snakemake.output.data, snakemake.output.meta, extra={"provenance": prov})
log.info("%s: %d instances, %d attributes, classes %s", name, len(ds.y), ds.X.shape[1], ds.class_distribution())
