# Fetch one raw data file (cache → mirror → raw_data → url → OpenML) and check its checksum.
from aucacc.datasets.fetch import fetch_raw
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
# The mirror is read here (AUCACC_MIRROR or config `mirror`), not passed as a param: where a
# file was copied from must not invalidate a cached file whose checksum is right.
cfg = {k: snakemake.config[k] for k in ("cache", "mirror", "raw_data", "openml", "openml_server", "lock_file")}
with open(snakemake.log[0], "a") as progress:  # a download's progress bar goes to the job's log
    path = fetch_raw(snakemake.wildcards.dataset, snakemake.params.source, cfg, dest=snakemake.output.raw,
                     progress=progress)
log.info("raw file ready: %s", path)
