# Record the whole-data Fayyad–Irani cut points of one data set.
import json

from aucacc.datasets.store import read_dataset
from aucacc.evaluation.cross_validate import discretize_whole
from aucacc.provenance import atomic_write_text
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
ds = read_dataset(snakemake.input.data, snakemake.input.meta)
_, info = discretize_whole(ds)
info = {"dataset": ds.name, "n_attributes": ds.X.shape[1],
        "n_informative": ds.X.shape[1] - len(info["single_interval"]), **info}
atomic_write_text(snakemake.output.cuts, json.dumps(info, indent=2) + "\n")
log.info("%s: %d numeric attributes cut; single interval: %s", ds.name, len(info["cut_points"]), info["single_interval"])
