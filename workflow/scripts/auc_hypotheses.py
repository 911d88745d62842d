# Recompute fold AUCs under each candidate reading and compare with the published AUCs.
import pandas as pd

from aucacc.auc_gap.experiment import gap_analysis
from aucacc.provenance import atomic_write_text, provenance
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.scores import read_score_files

log = setup_log(snakemake)
inp, out = snakemake.input, snakemake.output
tables, report = gap_analysis(read_score_files(list(inp.whole) + list(inp.per_fold) + list(inp.extra)),
                              pd.read_csv(inp.published), pd.read_csv(inp.published_svm),
                              pd.read_csv(inp.datasets).set_index("dataset")["classes"].to_dict(),
                              pd.read_csv(inp.significance) if "significance" in inp.keys() else None,
                              seed=snakemake.params.seed, n_folds=snakemake.config["protocol"]["n_folds"],
                              alpha=snakemake.params.alpha)
prov = provenance(config=snakemake.config, seed=snakemake.params.seed, inputs=list(inp))
for name in ("table", "by_dataset", "impossible"):
    tables[name].write(stem(out[name]), prov)
atomic_write_text(out.report, report)
summary = tables["table"].data
log.info("best reading: %s", summary[summary.learner == "all"].sort_values("mean_abs_diff").iloc[0].to_dict())
