"""Every reading of AUC against the paper: per-data-set differences, the impossible cells, the claims kept.

The tables of the AUC-gap analysis (``results/tables/auc_hypotheses*.csv``, ``auc_impossible.csv``),
from the readings of :mod:`aucacc.auc_gap.readings` and the published values of Huang & Ling
(2005), §IV-B and §IV-C.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from aucacc.auc_gap.readings import READINGS, reading_aucs
from aucacc.published import published_long
from aucacc.stats import paired_ttest


def hypothesis_tables(scores: dict[tuple[str, str, str], pd.DataFrame], published: pd.DataFrame,
                      seed: int = 0) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Recompute every reading and compare with the published AUCs.

    Parameters
    ----------
    scores : ``{(protocol, dataset, learner): scores frame}`` with protocol ``whole_data`` and,
        for the ``per_fold_discretization`` reading, ``per_fold``.
    published : long published values (``dataset, learner, metric, published_mean``) —
        see :func:`aucacc.published.published_long`.

    Returns
    -------
    by_dataset : ``reading, dataset, learner, auc, published_auc, diff`` (auc = mean over folds).
    summary : per reading and learner, and ``all`` (over the learners every reading has):
        ``mean_abs_diff``, ``mean_diff``, ``n``, ``rank`` (of ``all``).
    """
    pub = published[published["metric"] == "auc"].set_index(["dataset", "learner"])["published_mean"]
    rows = []
    for (protocol, dataset, learner), sc in sorted(scores.items()):
        for reading in READINGS:
            if reading == "per_fold_discretization":
                continue
            # The per-fold protocol's scores under every reading: combined hypotheses.
            name = reading if protocol != "per_fold" else (
                "per_fold_discretization" if reading == "standard" else f"per_fold_discretization+{reading}")
            vals = reading_aucs(sc, reading, seed)
            p = pub.get((dataset, learner), np.nan)
            rows.append({"reading": name, "dataset": dataset, "learner": learner, "auc": float(np.mean(vals)),
                         "published_auc": p, "diff": float(np.mean(vals)) - p})
    by = pd.DataFrame(rows)
    ok = by.dropna(subset=["published_auc"])
    # "all" averages over the learners every reading has (the SVM has no per-fold-protocol
    # scores), so readings are ranked on the same cells.
    common = set.intersection(*(set(g["learner"]) for _, g in ok.groupby("reading")))
    summ = []
    for reading, g in ok.groupby("reading", sort=False):
        for learner, h in list(g.groupby("learner", sort=False)) + [("all", g[g["learner"].isin(common)])]:
            summ.append({"reading": reading, "learner": learner, "mean_abs_diff": h["diff"].abs().mean(),
                         "mean_diff": h["diff"].mean(), "n": len(h)})
    summary = pd.DataFrame(summ)
    summary["rank"] = summary[summary["learner"] == "all"]["mean_abs_diff"].rank().reindex(summary.index)
    return by, summary


def impossible_published(published_wide: pd.DataFrame, n_classes: dict[str, int]) -> pd.DataFrame:
    """Published (data set, learner) pairs that no ranking-based binary AUC can produce.

    ``n_classes`` maps data set → number of classes; only binary data sets are checked. On a
    binary data set with 100 % accuracy in every fold (mean 100, sd 0) every test fold is separated perfectly
    by the predicted label, so the ranking by the predicted class's probability is perfect
    too and the rank AUC is 100 %. A published AUC below 100 there cannot be a per-fold
    rank AUC of the class probabilities.
    """
    long = published_long(published_wide)
    acc = long[long["metric"] == "accuracy"].set_index(["dataset", "learner"])
    auc = long[long["metric"] == "auc"].set_index(["dataset", "learner"])
    rows = []
    for key in acc.index:
        a, s = acc.loc[key, "published_mean"], acc.loc[key, "published_sd"]
        if n_classes.get(key[0]) == 2 and a == 100.0 and s == 0.0 and key in auc.index and auc.loc[key, "published_mean"] < 100.0:
            rows.append({"dataset": key[0], "learner": key[1], "published_accuracy": a, "published_accuracy_sd": s,
                         "published_auc": auc.loc[key, "published_mean"], "published_auc_sd": auc.loc[key, "published_sd"],
                         "why": "100 % accuracy in every fold implies rank AUC = 100 % in every fold"})
    return pd.DataFrame(rows)


def reading_claims(by_dataset: pd.DataFrame, alpha: float,
                   learners: tuple[str, ...] = ("NB", "C4.4", "C4.5")) -> pd.DataFrame:
    """Does a reading reproduce the paper's AUC claims, not only its values?

    Per reading: the learners' average AUC over the data sets all of them have, whether the
    published ordering NB ≥ C4.4 > C4.5 holds, and data-set-level paired t-tests (Huang & Ling
    2005, Sec. 4.2: NB > C4.5 and C4.4 > C4.5 significant, NB vs C4.4 not).
    """
    rows = []
    for reading, g in by_dataset.groupby("reading", sort=False):
        wide = g.pivot(index="dataset", columns="learner", values="auc")
        if not set(learners) <= set(wide.columns):
            continue
        wide = wide[list(learners)].dropna()
        avg = wide.mean()
        nb_c45 = paired_ttest(wide["NB"], wide["C4.5"], alpha)
        c44_c45 = paired_ttest(wide["C4.4"], wide["C4.5"], alpha)
        nb_c44 = paired_ttest(wide["NB"], wide["C4.4"], alpha)
        order = bool(avg["NB"] >= avg["C4.4"] > avg["C4.5"])
        sig = nb_c45.p < alpha and nb_c45.mean_diff > 0 and c44_c45.p < alpha and c44_c45.mean_diff > 0
        rows.append({"reading": reading, "n_datasets": len(wide), **{f"avg_{k}": avg[k] for k in learners},
                     "ordering_NB>=C4.4>C4.5": order, "p_NB_vs_C4.5": nb_c45.p, "p_C4.4_vs_C4.5": c44_c45.p,
                     "p_NB_vs_C4.4": nb_c44.p, "claims_reproduced": order and sig and nb_c44.p >= alpha})
    return pd.DataFrame(rows)


def claim_verdicts(by_dataset: pd.DataFrame, significance: pd.DataFrame, alpha: float) -> pd.DataFrame:
    """The published AUC significance claims, re-tested under every reading.

    Per reading and AUC claim of ``significance`` (``table, metric, a, b, published_outcome``;
    ``config/published/significance.csv``): the two-tailed paired t-test over data-set means
    (the paper's test, Huang & Ling 2005, Sec. IV) on the data sets both learners have under
    that reading (18 for ``uci_nb_c44_c45``; the SVM's 13 for ``svm_binary13``). Accuracy claims
    do not depend on how AUC is read and are left out.

    Returns ``reading, table, a, b, n, mean_diff, p, verdict, published_outcome, kept``.
    """
    claims = significance[significance["metric"] == "auc"]
    rows = []
    for reading, g in by_dataset.groupby("reading", sort=False):
        wide = g.pivot(index="dataset", columns="learner", values="auc")
        for c in claims.itertuples(index=False):
            if c.a not in wide.columns or c.b not in wide.columns:
                continue
            sub = wide[[c.a, c.b]].dropna()
            if c.table == "svm_binary13" and "SVM" in wide.columns:
                sub = sub.loc[sub.index.isin(wide["SVM"].dropna().index)]
            if len(sub) < 2:
                continue
            t = paired_ttest(sub[c.a], sub[c.b], alpha)
            verdict = {"a significantly higher": f"{c.a} significantly higher",
                       "b significantly higher": f"{c.b} significantly higher"}.get(t.verdict, t.verdict)
            rows.append({"reading": reading, "table": c.table, "a": c.a, "b": c.b, "n": t.n,
                         "mean_diff": t.mean_diff, "p": t.p, "verdict": verdict,
                         "published_outcome": c.published_outcome, "kept": verdict == c.published_outcome})
    return pd.DataFrame(rows)


def weka342_comparison(by_dataset: pd.DataFrame, significance: pd.DataFrame | None, alpha: float) -> pd.DataFrame:
    """Every reading on the cells the issue names: the 54 NB/C4.4/C4.5 cells and the 13 SVM cells.

    Returns one row per reading: ``reading, weka342`` (is it a Weka 3.4.2 reading),
    ``mad_nb_c44_c45`` / ``n_nb_c44_c45`` (mean |ours − published| AUC, points, over the
    published NB, C4.4, C4.5 cells), ``mad_svm`` / ``n_svm`` (the SVM cells; the SVM has no
    per-fold-protocol scores, so those readings have none), and with ``significance`` the
    number of AUC claims kept (:func:`claim_verdicts`) and which are not.
    """
    ok = by_dataset.dropna(subset=["published_auc"])
    rows = []
    for reading, g in ok.groupby("reading", sort=False):
        tree = g[g["learner"].isin(["NB", "C4.4", "C4.5"])]
        svm = g[g["learner"] == "SVM"]
        rows.append({"reading": reading, "weka342": reading.startswith("weka342_"),
                     "mad_nb_c44_c45": tree["diff"].abs().mean(), "n_nb_c44_c45": len(tree),
                     "mad_svm": svm["diff"].abs().mean() if len(svm) else np.nan, "n_svm": len(svm)})
    out = pd.DataFrame(rows)
    if significance is not None and len(out):
        cv = claim_verdicts(by_dataset, significance, alpha)
        if len(cv):
            kept = cv.groupby("reading")["kept"].agg(["sum", "count"])
            broken = {r: "; ".join(f"{x.a} vs {x.b} ({x.table}): {x.verdict}" for x in d.itertuples())
                      for r, d in cv[~cv["kept"]].groupby("reading", sort=False)}
            out["claims_kept"] = out["reading"].map(kept["sum"]).astype("Int64")
            out["claims_tested"] = out["reading"].map(kept["count"]).astype("Int64")
            out["claims_not_kept"] = out["reading"].map(broken).fillna("")
    return out.sort_values("mad_nb_c44_c45", kind="stable").reset_index(drop=True)
