# Record the whole-data Fayyad–Irani cut points of one data set.
from aucacc.datasets.store import read_dataset
from aucacc.datasets.table import cut_point_record, write_cut_points
from aucacc.evaluation.cross_validate import discretize_whole
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
ds = read_dataset(snakemake.input.data, snakemake.input.meta, snakemake.config)
record = cut_point_record(ds.name, ds.X.shape[1], discretize_whole(ds)[1])
write_cut_points(snakemake.output.cuts, record)
log.info("%s: %d numeric attributes cut; single interval: %s", ds.name, len(record["cut_points"]),
         record["single_interval"])
