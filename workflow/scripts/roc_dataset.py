# ROC analysis of one data set: fold curves, vertical/threshold averages, ROCCH, AUC check, figure.
import json
import os
import sys

import numpy as np
import pandas as pd

sys.path.insert(0, os.path.dirname(__file__))
from _common import setup_log  # noqa: E402

from aucacc.evaluation.metrics import rank_auc  # noqa: E402
from aucacc.provenance import atomic_write_text  # noqa: E402
from aucacc.report.figures import plt, save_figure  # noqa: E402
from aucacc.roc import analyse, hull_auc, plot_roc, positive_class, zoom_box  # noqa: E402

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
dataset = snakemake.wildcards.dataset
meta = json.loads(open(inp.meta).read())
classes = [str(c) for c in meta["classes"]]
frames = {lrn: pd.read_parquet(p) for lrn, p in zip(par.learners, inp.scores)}
y = next(iter(frames.values()))["y_true"].astype(str).to_numpy()
# Binary: one positive class. Multi-class: each class against the rest (Fawcett 2006, §9).
if len(classes) == 2 or par.positive:
    positives = [positive_class(classes, y, par.positive)]
else:
    positives = classes

curves, hulls, checks = [], [], []
for pos in positives:
    res = analyse(frames, pos, par.hull_points, par.n_points, par.n_thresholds)
    n_pos = int((y == pos).sum())
    info = {"dataset": dataset, "positive": pos, "n_pos": n_pos, "n_neg": len(y) - n_pos}
    curves.append(res["curves"].assign(**info))
    hulls.append(res["hull"].assign(**info, hull_points=par.hull_points, n_classes=len(classes)))
    folds = res["folds"]
    for lrn, path in zip(par.learners, inp.metrics):
        f = folds[folds["learner"] == lrn].copy()
        if len(classes) == 2:
            # The metric module's stored fold AUC (it ranks by the second class; same AUC).
            m = pd.read_csv(path).query("metric == 'auc'").set_index("fold")["value"] / 100
            f["auc_reference"] = f["fold"].map(m)
            f["reference"] = "stored fold AUC (metrics.auc)"
        else:
            sc = frames[lrn]
            ref = {k: rank_auc(g["y_true"].astype(str).to_numpy() == pos, g[f"p:{pos}"].to_numpy())
                   for k, g in sc.groupby("fold") if g["y_true"].astype(str).eq(pos).any()
                   and not g["y_true"].astype(str).eq(pos).all()}
            f["auc_reference"] = f["fold"].map(ref)
            f["reference"] = "metrics.rank_auc one-vs-rest"
        checks.append(f.assign(**info))
    log.info("%s, positive %s: hull area %.4f, %d vertices", dataset, pos, hull_auc(res["hull"]), len(res["hull"]))

curves, hulls, checks = (pd.concat(x, ignore_index=True) for x in (curves, hulls, checks))
checks["abs_diff"] = (checks["auc_points"] - checks["auc_reference"]).abs()
atomic_write_text(out.curves, curves.to_csv(index=False))
atomic_write_text(out.hull, hulls.to_csv(index=False))
atomic_write_text(out.check, checks.to_csv(index=False))

# Figure: one panel per positive class; for a binary set close to the corner, a close-up beside it.
panels = []
for pos in positives:
    c, h, f = (d[d["positive"] == pos] for d in (curves, hulls, checks))
    panels.append((pos, c, h, f, None))
    z = zoom_box(h) if len(positives) == 1 else None
    if z is not None:
        panels.append((pos, c, h, f, z))
ncol = min(len(panels), 3)
nrow = int(np.ceil(len(panels) / ncol))
fig, axes = plt.subplots(nrow, ncol, figsize=(5.2 * ncol, 5.0 * nrow), squeeze=False)
for ax, (pos, c, h, f, z) in zip(axes.flat, panels):
    plot_roc(ax, c, h, f, zoom=z, legend=z is None, bands=z is None,  # bands would cover a close-up
             hull_points=par.hull_points)
    n_pos = int(h["n_pos"].iloc[0])
    vs = " vs rest" if len(classes) > 2 else ""
    ax.set_title(f"close-up (FPR ≤ {z[0]:g}, no bands)" if z else f"positive = {pos}{vs} ({n_pos} of {len(y)})",
                 fontsize=10)
for ax in list(axes.flat)[len(panels):]:
    ax.set_visible(False)
kind = {"threshold": "threshold-averaged", "pooled": "pooled", "vertical": "vertically averaged"}[par.hull_points]
fig.suptitle(f"{dataset}: ROC curves, vertical average ± 1 sd over {checks['fold'].nunique()} folds; "
             f"ROCCH of the {kind} points", fontsize=11)
fig.tight_layout()
save_figure(fig, os.path.splitext(out.png)[0])
log.info("AUC check: max |points − reference| = %.3g", checks["abs_diff"].max())
