"""What the tie rule (issue 35) changes in a finished run, and how it compares with Weka's ROC area.

Usage: ``python benchmarks/tie_rule_cells.py RESULTS [--roc] [--weka]``

Reads the stored scores (``RESULTS/scores/<protocol>/<dataset>/<learner>.parquet``) and the fold metrics
written from them (``RESULTS/metrics/<protocol>/<dataset>/<learner>.csv``, the AUC as the run computed it,
by the rule of its commit), recomputes every fold AUC with :func:`aucacc.evaluation.cross_validate.fold_metrics`
of this checkout, and prints in Markdown:

1. fold AUCs that change, by more than 1e-9 (a tie decided otherwise) or in the last bits only;
2. the table cells (protocol x data set x learner, mean AUC over the folds with an AUC, as the paper's
   tables) whose mean changes, with the change and whether the one-decimal cell changes;
3. folds whose ROC points change: tie groups (:func:`aucacc.evaluation.metrics.tie_groups` of the ranking
   key) that join distinct floats;
4. with ``--roc``: the ROC stage's per-data-set tables (``RESULTS/roc/<dataset>/*.csv``, rule ``roc_dataset``:
   whole-data scores, the minority class positive, the grids and hull points of ``--n-points``,
   ``--n-thresholds``, ``--hull-points``: the schema's defaults, as the paper's config) recomputed by this checkout
   and compared byte for byte with the stored ones (the library at the run's commit rewrites them byte for
   byte), with what differs;
5. with ``--weka``: Weka 3.9's ``ThresholdCurve.getROCArea`` of every fold (binary: the class index of
   either class; multi-class: one-vs-rest for each class), run with the ``weka.jar`` of
   python-weka-wrapper3 in a JVM of its own (``java`` and ``javac`` needed), against the rule's AUC of the
   same ranking (binary: the stored fold AUC; multi-class: :func:`aucacc.evaluation.metrics.rank_auc`).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from aucacc.evaluation.cross_validate import fold_metrics
from aucacc.evaluation.metrics import rank_auc, tie_groups
from aucacc.roc.curves import ranking_key
from aucacc.scores import score_classes

DRIVER = r"""
import java.io.*;
import java.util.ArrayList;
import weka.classifiers.evaluation.NominalPrediction;
import weka.classifiers.evaluation.Prediction;
import weka.classifiers.evaluation.ThresholdCurve;

/** Reads cases ("case <classIndex>", then "<actual> <p0> <p1> ...", then "end"); prints each ROC area. */
public class WekaAuc {
  public static void main(String[] args) throws Exception {
    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
    String line; ArrayList<Prediction> preds = null; int ci = -1;
    while ((line = r.readLine()) != null) {
      line = line.trim();
      if (line.startsWith("case ")) { ci = Integer.parseInt(line.substring(5)); preds = new ArrayList<Prediction>(); }
      else if (line.equals("end")) {
        System.out.println(Double.toString(ThresholdCurve.getROCArea(new ThresholdCurve().getCurve(preds, ci))));
      } else if (line.length() > 0) {
        String[] f = line.split(" ");
        double[] d = new double[f.length - 1];
        for (int i = 1; i < f.length; i++) d[i - 1] = Double.parseDouble(f[i]);
        preds.add(new NominalPrediction(Double.parseDouble(f[0]), d, 1.0));
      }
    }
  }
}
"""


def _runs(results: Path):
    for sc in sorted((results / "scores").rglob("*.parquet")):
        protocol, dataset, learner = sc.parts[-3], sc.parts[-2], sc.stem
        mfile = results / "metrics" / protocol / dataset / f"{learner}.csv"
        if mfile.exists():
            yield protocol, dataset, learner, pd.read_parquet(sc), pd.read_csv(mfile)


def _weka_areas(cases: list[tuple[np.ndarray, np.ndarray, int]]) -> list[float]:
    """Weka 3.9's ROC area of each case ``(actual class indices, probability rows, class index)``."""
    import weka

    jar = Path(weka.__file__).parent / "lib" / "weka.jar"
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "WekaAuc.java").write_text(DRIVER)
        subprocess.run(["javac", "-cp", str(jar), "-d", d, str(Path(d) / "WekaAuc.java")], check=True,
                       capture_output=True)
        lines = []
        for actual, proba, ci in cases:
            lines.append(f"case {ci}")
            lines += [" ".join([repr(float(a))] + [repr(float(v)) for v in p]) for a, p in zip(actual, proba)]
            lines.append("end")
        out = subprocess.run(["java", "-cp", f"{jar}{os.pathsep}{d}", "WekaAuc"], input="\n".join(lines) + "\n",
                             capture_output=True, text=True, check=True).stdout.split()
    return [float(v) for v in out]


def _compare_roc(results: Path, n_points: int, n_thresholds: int, hull_points: str) -> None:
    """Print which ``RESULTS/roc/<dataset>/*.csv`` this checkout's :func:`aucacc.roc.roc_dataset` writes otherwise."""
    import json

    from aucacc.roc import roc_dataset
    from aucacc.tables import Table

    print(f"\n## ROC stage tables recomputed (whole_data, minority class positive, grids {n_points} and "
          f"{n_thresholds}, hull points {hull_points})\n")
    with tempfile.TemporaryDirectory() as tmp:
        for d in sorted(p for p in (results / "roc").iterdir() if p.is_dir()):
            learners = list(dict.fromkeys(pd.read_csv(d / "curves.csv")["learner"]))
            classes = json.loads((results / "data" / f"{d.name}.json").read_text())["classes"]
            scores = {lrn: pd.read_parquet(results / "scores" / "whole_data" / d.name / f"{lrn}.parquet")
                      for lrn in learners}
            metrics = {lrn: pd.read_csv(results / "metrics" / "whole_data" / d.name / f"{lrn}.csv") for lrn in learners}
            t = roc_dataset(d.name, classes, scores, metrics, None, hull_points, n_points, n_thresholds)
            for name, fn in [("curves", "curves.csv"), ("hull", "hull.csv"), ("check", "auc_check.csv"),
                             ("det", "det.csv")]:
                out = Path(tmp) / f"{d.name}_{fn}"
                Table(t[name]).write_csv(out)
                if out.read_bytes() == (d / fn).read_bytes():
                    continue
                a, b = pd.read_csv(d / fn), pd.read_csv(out)
                if a.shape != b.shape:
                    keys = [c for c in ("learner", "kind", "positive") if c in a.columns]
                    n = pd.concat([a.groupby(keys).size(), b.groupby(keys).size()], axis=1).fillna(0).astype(int)
                    n = n[n.iloc[:, 0] != n.iloc[:, 1]]
                    what = "; ".join(f"{'/'.join(map(str, k if isinstance(k, tuple) else (k,)))}: {r.iloc[0]} → "
                                     f"{r.iloc[1]} rows" for k, r in n.iterrows())
                else:
                    num = a.select_dtypes("number").columns
                    mx = (a[num] - b[num]).abs().max()
                    what = "largest change " + ", ".join(f"{c} {v:.3g}" for c, v in mx[mx > 0].items())
                print(f"- `{d.name}/{fn}` differs: {what}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", type=Path)
    ap.add_argument("--roc", action="store_true", help="recompute the ROC stage's tables and compare them")
    ap.add_argument("--n-points", type=int, default=101, help="config roc.n_points of the run (default 101)")
    ap.add_argument("--n-thresholds", type=int, default=101, help="config roc.n_thresholds of the run (default 101)")
    ap.add_argument("--hull-points", default="threshold", help="config roc.hull_points of the run")
    ap.add_argument("--weka", action="store_true", help="compare every fold with Weka 3.9's ROC area")
    args = ap.parse_args(argv)
    folds, roc_moves, cases, case_info = [], [], [], []
    for protocol, dataset, learner, sc, m in _runs(args.results):
        old = m.query("metric == 'auc'").set_index("fold")["value"]
        new = fold_metrics(sc).query("metric == 'auc'").set_index("fold")["value"]
        for k in old.index:
            folds.append({"protocol": protocol, "dataset": dataset, "learner": learner, "fold": int(k),
                          "old": old[k], "new": new[k]})
        classes = score_classes(sc)
        y = sc["y_true"].astype(str).to_numpy()
        P = sc[[f"p:{c}" for c in classes]].to_numpy(dtype=float)
        for ci, c in enumerate(classes):
            key = ranking_key(sc, c)
            key = P[:, ci] if key is None else key
            for k, g in sc.groupby("fold", sort=True):
                idx = g.index.to_numpy()
                if np.unique(key[idx]).size != np.unique(tie_groups(key[idx])).size:
                    roc_moves.append((protocol, dataset, learner, c, int(k)))
                if args.weka:
                    pos = y[idx] == c
                    if pos.any() and not pos.all():
                        actual = np.array([classes.index(v) for v in y[idx]], dtype=float)
                        cases.append((actual, P[idx], ci))
                        ours = new[k] / 100 if len(classes) == 2 else rank_auc(pos, P[idx, ci])
                        case_info.append({"protocol": protocol, "dataset": dataset, "learner": learner,
                                          "fold": int(k), "class": c, "ours": ours, "binary": len(classes) == 2})
            if len(classes) == 2:
                break  # the other class's key is the negative: the same groups
    f = pd.DataFrame(folds)
    both_nan = f["old"].isna() & f["new"].isna()
    diff = (f["new"] - f["old"]).abs()
    changed = f[~both_nan & (f["old"] != f["new"])]
    print(f"## Fold AUCs ({args.results})\n")
    print(f"{len(f)} fold AUCs; {len(changed)} change: {int((diff > 1e-9).sum())} by more than 1e-9, "
          f"{int(((diff > 0) & (diff <= 1e-9)).sum())} in the last bits only.\n")
    if len(changed):
        print(changed.assign(change=changed["new"] - changed["old"]).to_markdown(index=False, floatfmt=".17g"))
    cells = f.groupby(["protocol", "dataset", "learner"], sort=True).agg(old=("old", "mean"), new=("new", "mean"))
    moved = cells[cells["old"] != cells["new"]].copy()
    moved["change"] = moved["new"] - moved["old"]
    moved["one_decimal_cell_changes"] = moved["old"].round(1) != moved["new"].round(1)
    print(f"\n## Table cells (mean AUC over the folds, %)\n\n{len(cells)} cells; {len(moved)} change.\n")
    if len(moved):
        print(moved.reset_index().to_markdown(index=False, floatfmt=".17g"))
    print(f"\n## ROC points\n\n{len(roc_moves)} (fold, positive class) curves whose tie groups join distinct floats"
          + (": " + ", ".join("/".join(map(str, r)) for r in roc_moves[:40]) if roc_moves else "."))
    if args.roc:
        _compare_roc(args.results, args.n_points, args.n_thresholds, args.hull_points)
    if args.weka:
        w = pd.DataFrame(case_info).assign(weka=_weka_areas(cases))
        w["abs_diff"] = (w["weka"] - w["ours"]).abs()
        print("\n## Weka 3.9 ThresholdCurve.getROCArea against the tie rule, fold by fold\n")
        for binary, g in w.groupby("binary"):
            kind = "binary folds, each class index" if binary else "multi-class folds, one-vs-rest per class"
            print(f"- {kind}: {len(g)} areas; differ by more than 1e-9: {int((g['abs_diff'] > 1e-9).sum())}; "
                  f"largest difference {g['abs_diff'].max():.3g}")
        off = w[w["abs_diff"] > 1e-9]
        if len(off):
            print("\n" + off.to_markdown(index=False, floatfmt=".17g"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
