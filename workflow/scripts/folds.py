# Seeded stratified fold assignment for one data set.

import pandas as pd

from aucacc.datasets.store import read_dataset
from aucacc.evaluation.folds import derive_seed, small_classes, stratified_folds
from aucacc.report.logs import setup_log
from aucacc.report.tables import Table

log = setup_log(snakemake)
ds = read_dataset(snakemake.input.data, snakemake.input.meta, snakemake.config)
seed = derive_seed(snakemake.params.seed, "folds", ds.name)
fold = stratified_folds(ds.y, snakemake.params.n_folds, seed, dataset=ds.name)
Table(pd.DataFrame({"row": range(len(fold)), "fold": fold})).write_csv(snakemake.output.folds)
log.info("%s: %d folds, seed %d, sizes %s", ds.name, snakemake.params.n_folds, seed, pd.Series(fold).value_counts().sort_index().tolist())
binary = ds.y.cat.categories.size == 2
for cls, n in small_classes(ds.y, snakemake.params.n_folds).items():
    log.warning("data set %r: class %r has %d instances, fewer than protocol.n_folds = %d: %d test folds have none "
                "of it (%s)%s", ds.name, cls, n, snakemake.params.n_folds, snakemake.params.n_folds - n,
                "a binary fold with one class has no AUC: undefined, left out of the AUC mean" if binary
                else "Hand-Till M over the class pairs present there",
                "; one training part lacks it too" if n == 1 else "")
