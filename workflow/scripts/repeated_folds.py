# b repetitions of the seeded stratified k-fold assignment of one data set (repetition 0 = the default folds).
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.datasets.store import read_dataset  # noqa: E402
from aucacc.evaluation.folds import repeated_folds  # noqa: E402
from aucacc.provenance import atomic_write_text  # noqa: E402

log = setup_log(snakemake)
par = snakemake.params
ds = read_dataset(snakemake.input.data, snakemake.input.meta)
f = repeated_folds(ds.y, par.n_folds, par.seed, ds.name, par.repetitions)
atomic_write_text(snakemake.output.folds, f.to_csv(index=False))
log.info("%s: %d repetitions of %d folds", ds.name, par.repetitions, par.n_folds)
