# Recompute fold AUCs under each candidate reading and compare with the published AUCs.
import os
from pathlib import Path

import pandas as pd

from aucacc.auc_gap import gap_report, hypothesis_tables, impossible_published
from aucacc.evaluation.cross_validate import absent_class_folds
from aucacc.provenance import atomic_write_text, provenance
from aucacc.report.logs import setup_log
from aucacc.report.paper_tables import mark_partial, partial_notes, published_long
from aucacc.report.tables import write_table

log = setup_log(snakemake)
inp, out = snakemake.input, snakemake.output
scores = {}
for path in list(inp.whole) + list(inp.per_fold) + list(inp.extra):
    p = Path(path)
    scores[(p.parent.parent.name, p.parent.name, p.stem)] = pd.read_parquet(p)
wide = pd.read_csv(inp.published)
pub = pd.concat([published_long(wide), published_long(pd.read_csv(inp.published_svm))], ignore_index=True)
by, summary = hypothesis_tables(scores, pub, seed=snakemake.params.seed)
prov = provenance(config=snakemake.config, seed=snakemake.params.seed, inputs=list(inp))
write_table(summary, os.path.splitext(out.table)[0], provenance=prov,
            caption="Mean absolute difference to the published AUCs under each reading of how AUC was computed")
# Flag the data sets with a test fold that lacks a class (the folds are the same for every learner).
partial = {d: absent_class_folds(s) for (_, d, _), s in scores.items()}
by["partial_folds"] = by["dataset"].map(partial).fillna(0).astype(int)
write_table(by, os.path.splitext(out.by_dataset)[0], provenance=prov, display=mark_partial(by),
            notes=partial_notes(by, snakemake.config["protocol"]["n_folds"]),
            caption="Per data set and learner: mean fold AUC under each reading, beside the published AUC")
n_classes = pd.read_csv(inp.datasets).set_index("dataset")["classes"].to_dict()
imp = impossible_published(wide, n_classes)
write_table(imp, os.path.splitext(out.impossible)[0], provenance=prov, floatfmt=".1f",
            caption="Published AUCs no ranking-based binary AUC can produce")
sig = pd.read_csv(inp.significance) if "significance" in inp.keys() else None
atomic_write_text(out.report, gap_report(summary, by, imp, sig, snakemake.config["protocol"]["n_folds"]))
log.info("best reading: %s", summary[summary.learner == "all"].sort_values("mean_abs_diff").iloc[0].to_dict())
