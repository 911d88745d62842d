# b repetitions of the seeded stratified k-fold assignment of one data set (repetition 0 = the default folds).

from aucacc.report.logs import setup_log
from aucacc.datasets.store import read_dataset
from aucacc.evaluation.folds import repeated_folds
from aucacc.report.tables import Table

log = setup_log(snakemake)
par = snakemake.params
ds = read_dataset(snakemake.input.data, snakemake.input.meta, snakemake.config)
f = repeated_folds(ds.y, par.n_folds, par.seed, ds.name, par.repetitions)
Table(f).write_csv(snakemake.output.folds)
log.info("%s: %d repetitions of %d folds", ds.name, par.repetitions, par.n_folds)
