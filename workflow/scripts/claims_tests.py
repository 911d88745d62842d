# Every published significance claim under every test, and one critical-difference diagram per table and metric.
import os
from pathlib import Path

import pandas as pd

from aucacc.captions import caption
from aucacc.provenance import provenance
from aucacc.report.logs import setup_log
from aucacc.report.figures import save_figure
from aucacc.report import stem
from aucacc.report.plots.significance import cd_diagram
from aucacc.studies.fold_tables import flag_datasets
from aucacc.report.tables import Table
from aucacc.scores import read_metrics
from aucacc.significance import claims_against_tests

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
metrics = read_metrics(inp.metrics)
groups = {t: (list(ds), list(ls)) for t, (ds, ls) in par.groups.items()}
claims = pd.read_csv(inp.claims)
# A published table left out of the config (e.g. no svm_table) cannot be re-tested: say so.
for t in sorted(set(claims["table"]) - set(groups)):
    log.warning("claims of table %s not re-tested: the config has no data sets and learners for it", t)
claims = claims[claims["table"].isin(groups)]
res = claims_against_tests(metrics, claims, groups, alpha=par.alpha, rope=par.rope,
                           decision=par.decision, seed=par.seed, nsamples=par.nsamples)
prov = provenance(config=snakemake.config, seed=par.seed, inputs=list(inp))
Table(res["claims"], caption=caption("claims_tests", alpha=par.alpha, rope=par.rope, decision=par.decision)
      ).write(stem(out.claims), prov)
shown, notes = flag_datasets(res["per_dataset"], metrics)  # the ‡ / † data sets of the per-data-set tests
for name, key in (("detail", "claims_tests_detail"), ("per_dataset", "stats_per_dataset"), ("friedman", "friedman")):
    extra = {"display": shown, "notes": notes} if name == "per_dataset" else {}
    Table(res[name], floatfmt=".4g", caption=caption(key), **extra).write(stem(out[name]), prov)
# out.cd lists <dir>/cd_<table>_<metric>.{png,pdf}; each diagram is saved under its stem.
stems = {os.path.splitext(p)[0] for p in out.cd}
for (table, metric), fr in res["friedman_results"].items():
    target = str(Path(out.cd[0]).parent / f"cd_{table}_{metric}")
    if target not in stems:
        raise ValueError(f"critical-difference diagram {target} is not an output of the rule")
    save_figure(cd_diagram(fr, f"{table}: {metric}", par.learners), target)  # colours: the study's learners
for r in res["claims"].itertuples():
    log.info("%s %s %s vs %s: published %s; supported by %s", r.table, r.metric, r.a, r.b, r.published_outcome,
             r.supported_by)
