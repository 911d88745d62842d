# Fetch one raw data file (cache → mirror → OpenML) and check its checksum.
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.datasets.fetch import fetch_raw  # noqa: E402

log = setup_log(snakemake)
cfg = {"mirror": snakemake.params.mirror, "openml": snakemake.config.get("openml", True)}
path = fetch_raw(snakemake.wildcards.dataset, snakemake.params.source, cfg, dest=snakemake.output.raw)
log.info("raw file ready: %s", path)
