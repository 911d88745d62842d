# Tables over the data sets: ROCCH dominators by slope range, ROCCH-hybrid choices (by slope, by FPR), AUC check.
import os
import sys

import numpy as np
import pandas as pd

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.provenance import provenance  # noqa: E402
from aucacc.report.tables import write_table  # noqa: E402
from aucacc.roc import dominators, hybrid_at_fprs, hybrid_choices  # noqa: E402

AUC_TOL = 1e-9  # trapezoids and ranks differ by rounding only

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
hull = pd.concat([pd.read_csv(p) for p in inp.hull], ignore_index=True)
check = pd.concat([pd.read_csv(p) for p in inp.check], ignore_index=True)
curves = pd.concat([pd.read_csv(p) for p in inp.curves], ignore_index=True)
prov = provenance(config=snakemake.config, seed=snakemake.config["seed"],
                  inputs=list(inp.hull) + list(inp.check) + list(inp.curves))
keys = ["dataset", "positive"]


def fmt_range(lo, hi):
    return f"[{lo:.3g}, {'∞' if np.isinf(hi) else format(hi, '.3g')}]"


# The AUC of the ROC points must be the metric module's AUC, fold by fold.
bad = check[~(check["abs_diff"] <= AUC_TOL)]
if len(bad):
    raise RuntimeError(f"AUC from ROC points differs from the metric module's in {len(bad)} folds:\n"
                       f"{bad.head(20).to_string()}")
summ = (check.groupby(keys + ["learner", "reference"], sort=False)
        .agg(n_folds=("fold", "count"), auc_points=("auc_points", "mean"), auc_reference=("auc_reference", "mean"),
             max_abs_diff=("abs_diff", "max")).reset_index())
write_table(check[keys + ["learner", "fold", "auc_points", "auc_reference", "abs_diff", "reference", "n_points"]],
            os.path.splitext(out.check)[0], provenance=prov, floatfmt=".6g", display=summ,
            caption="Fold AUC from the ROC points (trapezoids, Fawcett Alg. 2–3) against the metric module "
                    "(mean over folds; max |difference|)")

# Dominators: the tidy table has one row per hull vertex; the display merges them into ranges.
cols = keys + ["vertex", "learner", "threshold", "fpr", "tpr", "fpr_sd", "tpr_sd", "slope_min", "slope_max",
               "tied_with", "hull_points", "n_pos", "n_neg"]
hull = hull.sort_values(keys + ["vertex"], kind="stable")
rng = []
for (d, pos), g in hull.groupby(keys, sort=False):
    for r in dominators(g).itertuples(index=False):
        rng.append({"dataset": d, "positive": pos, "slope range": fmt_range(r.slope_min, r.slope_max),
                    "dominator": r.learner, "hull vertices": r.n_vertices, "same point also": r.tied_with})
write_table(hull[cols], os.path.splitext(out.dominators)[0], provenance=prov, floatfmt=".4g", display=pd.DataFrame(rng),
            caption="ROC convex hull over the learners: which learner is optimal for which range of "
                    "iso-performance slopes m = c(Y,n)p(n) / (c(N,p)p(p)) (Provost & Fawcett 2001)")

# ROCCH-hybrid: for each slope, the vertex to use; also at m = N/P (accuracy at the data's class ratio).
rows = []
for (d, pos), g in hull.groupby(keys, sort=False):
    n_pos, n_neg = int(g["n_pos"].iloc[0]), int(g["n_neg"].iloc[0])
    conds = [(f"m = {m:g}", float(m)) for m in par.slopes] + [("accuracy (m = N/P)", n_neg / n_pos)]
    ch = hybrid_choices(g, [m for _, m in conds])
    ch.insert(0, "condition", [c for c, _ in conds])
    acc = lambda fp, tp: (n_pos * tp + n_neg * (1 - fp)) / (n_pos + n_neg)  # noqa: E731
    ch["accuracy"] = acc(ch["fpr"], ch["tpr"])
    # At a known slope the hybrid's vertex is some learner's point; what it adds is not having to commit to
    # one learner in advance. Regret of committing to the learner of highest mean fold AUC, in TP − m·FP.
    aucs = check[(check["dataset"] == d) & (check["positive"] == pos)].groupby("learner")["auc_points"].mean()
    top = aucs.idxmax()
    pts = curves[(curves["dataset"] == d) & (curves["positive"] == pos) & (curves["learner"] == top)
                 & (curves["kind"] == g["hull_points"].iloc[0])]
    fp, tp = np.r_[pts["fpr"], 0.0, 1.0], np.r_[pts["tpr"], 0.0, 1.0]  # trivial classifiers allowed
    best = [int(np.argmax(tp - m * fp)) for m in ch["slope"]]
    ch["auc_best_learner"] = top
    ch["auc_best_accuracy"] = [acc(fp[k], tp[k]) for k in best]
    own = np.array([tp[k] - m * fp[k] for k, m in zip(best, ch["slope"])])
    ch["regret"] = ch["tpr"] - ch["slope"] * ch["fpr"] - own
    rows.append(ch)
hyb = pd.concat(rows, ignore_index=True)[keys + ["condition", "slope", "learner", "threshold", "fpr", "tpr",
                                                 "accuracy", "tied_with", "auc_best_learner", "auc_best_accuracy",
                                                 "regret"]]
write_table(hyb, os.path.splitext(out.hybrid)[0], provenance=prov, floatfmt=".4g",
            caption="ROCCH-hybrid: the learner and score threshold optimal at each slope m; accuracy at the "
                    "data's class distribution; beside it the learner of highest mean AUC at its own best threshold "
                    "and the hybrid's advantage over it in TP − m·FP "
                    "(thresholds chosen on the test folds: optimistic)")
# ROCCH-hybrid for an FPR limit: mix the decisions of the two hull vertices around it (Provost & Fawcett §3.1).
tg = []
for (d, pos), g in hull.groupby(keys, sort=False):
    t = hybrid_at_fprs(g, par.target_fpr)
    t.insert(0, "positive", pos)
    t.insert(0, "dataset", d)
    tg.append(t)
write_table(pd.concat(tg, ignore_index=True), os.path.splitext(out.fpr_targets)[0], provenance=prov, floatfmt=".4g",
            caption="ROCCH-hybrid at a target FPR: use the right vertex's decision with probability q, the left's "
                    "otherwise; expected TPR on the hull")
log.info("%d hull vertices over %d data sets; AUC check max diff %.3g", len(hull), hull["dataset"].nunique(),
         check["abs_diff"].max())
