"""Why the published AUCs differ from a standard computation: candidate readings, tested on stored scores.

Each *reading* is a way the paper might have computed AUC (Huang & Ling 2005, §IV-B and §IV-C). Every reading is
recomputed from the stored per-instance class-probability vectors — nothing is re-trained —
and compared with the published per-data-set AUCs. The standard reading (per-fold rank AUC
with mid-ranks; Hand & Till M for more than two classes) stays the default everywhere else.

Readings
--------
standard
    Per fold: binary rank AUC with mid-ranks for ties (Hand & Till 2001, eq. 3); multi-class
    Hand–Till M (eq. 7).
hard_label
    The predicted class label instead of the probability (a one-hot score), so the ROC curve
    has a single operating point: binary AUC = (TPR + TNR) / 2.
ties_pessimistic
    Tied positive–negative pairs count as wrongly ordered (0 instead of ½).
ties_random
    Ties broken by one seeded random order (the expectation equals ``standard``; one draw
    shows how much an arbitrary order can move a fold's AUC).
pooled
    One AUC over the scores of all folds pooled (Fawcett 2006, §8 "merging"), not the mean of
    per-fold AUCs.
ovr_unweighted, ovr_weighted
    Multi-class only: the mean of one-vs-rest AUCs, unweighted or weighted by class prevalence
    (Provost & Domingos 2001; Weka's "weighted AUC"); binary data sets as ``standard``.
per_fold_discretization
    ``standard`` on scores from the leakage-free protocol (cut points from each training part);
    ``per_fold_discretization+<reading>`` combines that protocol with each other reading.
weka342_<scope>_<positive>_<order>
    Weka 3.4.2's ``ThresholdCurve`` area, bug included (:mod:`aucacc.weka342`), the tool of
    the paper's time: ``scope`` ``fold`` (mean of per-fold areas) or ``pooled`` (one area of
    the predictions of all folds, as the Explorer showed it); ``positive`` the ``first``,
    ``last`` or ``minority`` class (one-vs-rest for a multi-class set, as Weka 3.4 had no
    multi-class AUC); ``order`` the order the predictions are given to Weka's unstable
    quicksort: ``stored`` (fold by fold, instances in data order), ``reversed``, or
    ``shuffled`` (one seeded permutation of the instances, shared by every learner).
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pandas as pd
from scipy.stats import rankdata

from aucacc.evaluation.cross_validate import score_classes
from aucacc.evaluation.metrics import hand_till_m, rank_auc

PairAUC = Callable[[np.ndarray, np.ndarray], float]


def _auc_pessimistic(pos: np.ndarray, s: np.ndarray) -> float:
    # Count strictly correctly ordered pairs only: rank positives below every tied negative.
    n0 = pos.sum()
    n1 = pos.size - n0
    r = rankdata(s, method="min")
    # With 'min' ranks, (rank − 1) counts instances scored strictly lower; subtract positives below.
    below = r[pos] - 1
    pos_sorted = np.sort(s[pos])
    pos_below = np.searchsorted(pos_sorted, s[pos], side="left")
    return float((below - pos_below).sum() / (n0 * n1))


def _make_random_tie(seed: int) -> PairAUC:
    rng = np.random.default_rng(seed)

    def f(pos: np.ndarray, s: np.ndarray) -> float:
        jitter = rng.permutation(s.size)
        order = np.lexsort((jitter, s))  # by score, ties by the random permutation
        r = np.empty(s.size)
        r[order] = np.arange(1, s.size + 1)
        n0 = pos.sum()
        return float((r[pos].sum() - n0 * (n0 + 1) / 2) / (n0 * (s.size - n0)))

    return f


def _auc(y: np.ndarray, P: np.ndarray, classes: list[str], pair_auc: PairAUC) -> float:
    if len(classes) == 2:
        return pair_auc(y == classes[1], P[:, 1])
    return hand_till_m(y, P, classes, pair_auc)[0]


def _ovr(y: np.ndarray, P: np.ndarray, classes: list[str], weighted: bool) -> float:
    if len(classes) == 2:
        return rank_auc(y == classes[1], P[:, 1])
    vals, w = [], []
    for k, c in enumerate(classes):
        pos = y == c
        if pos.any() and (~pos).any():
            vals.append(rank_auc(pos, P[:, k]))
            w.append(pos.mean())
    return float(np.average(vals, weights=w if weighted else None))


def _onehot(pred: np.ndarray, classes: list[str]) -> np.ndarray:
    return (pred[:, None] == np.asarray(classes)[None, :]).astype(float)


def reading_aucs(scores: pd.DataFrame, reading: str, seed: int = 0) -> np.ndarray:
    """AUCs (percent) of one learner on one data set under a reading: one per fold, or one if pooled.

    Parameters
    ----------
    scores : stored scores (``fold, y_true, y_pred, p:<class>…``; see
        :func:`aucacc.evaluation.cross_validate.cross_validate`).
    reading : one of :data:`READINGS` except ``per_fold_discretization`` (that reading is
        ``standard`` applied to the per-fold protocol's scores).
    seed : for ``ties_random``.
    """
    if reading.startswith("weka342_"):
        return weka342_reading(scores, reading, seed)
    classes = score_classes(scores)
    pcols = [f"p:{c}" for c in classes]
    if reading == "pooled":
        y = scores["y_true"].to_numpy()
        return np.array([100 * _auc(y, scores[pcols].to_numpy(), classes, rank_auc)])
    rand = _make_random_tie(seed)
    out = []
    for _, g in scores.groupby("fold", sort=True):
        y = g["y_true"].to_numpy()
        P = g[pcols].to_numpy()
        if reading in ("standard", "per_fold_discretization"):
            v = _auc(y, P, classes, rank_auc)
        elif reading == "hard_label":
            v = _auc(y, _onehot(g["y_pred"].to_numpy(), classes), classes, rank_auc)
        elif reading == "ties_pessimistic":
            v = _auc(y, P, classes, _auc_pessimistic)
        elif reading == "ties_random":
            v = _auc(y, P, classes, rand)
        elif reading in ("ovr_unweighted", "ovr_weighted"):
            v = _ovr(y, P, classes, weighted=reading == "ovr_weighted")
        else:
            raise ValueError(f"unknown AUC reading {reading!r}; known: {READINGS}")
        out.append(100 * v)
    return np.asarray(out)


WEKA342_SCOPES = ("fold", "pooled")
WEKA342_POSITIVES = ("first", "last", "minority")
WEKA342_ORDERS = ("stored", "reversed", "shuffled")
WEKA342_READINGS = tuple(f"weka342_{s}_{p}_{o}" for s in WEKA342_SCOPES for p in WEKA342_POSITIVES
                         for o in WEKA342_ORDERS)
READINGS = ("standard", "hard_label", "ties_pessimistic", "ties_random", "pooled", "ovr_unweighted",
            "ovr_weighted", "per_fold_discretization") + WEKA342_READINGS


def weka342_inputs(scores: pd.DataFrame, scope: str, positive: str, order: str,
                   seed: int = 0) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """The predictions Weka 3.4.2 would get: ``(actual, proba, class_index)`` per fold, or one if pooled.

    Parameters
    ----------
    scores : stored scores (``row, fold, y_true, p:<class>…``).
    scope : ``"fold"`` or ``"pooled"`` (all folds appended fold by fold, as Weka's CV does).
    positive : ``"first"``, ``"last"`` (Weka's default ``getCurve`` class) or ``"minority"``
        (fewest instances in the data set; :func:`aucacc.roc.positive_class`).
    order : ``"stored"``, ``"reversed"`` or ``"shuffled"`` (``numpy`` ``default_rng(seed)``
        permutation of the instances, the same for every learner of a data set).
    """
    classes = score_classes(scores)
    if scope not in WEKA342_SCOPES or positive not in WEKA342_POSITIVES or order not in WEKA342_ORDERS:
        raise ValueError(f"unknown Weka 3.4.2 reading part: scope {scope!r}, positive {positive!r}, order {order!r}")
    if positive == "first":
        ci = 0
    elif positive == "last":
        ci = len(classes) - 1
    else:
        from aucacc.roc import positive_class

        ci = classes.index(positive_class(classes, scores["y_true"]))
    df = scores.sort_values(["fold", "row"], kind="stable")
    if order == "reversed":
        df = df.iloc[::-1]
    elif order == "shuffled":
        perm = np.random.default_rng(seed).permutation(len(scores))
        df = scores.sort_values("row", kind="stable").iloc[perm]
        df = df.sort_values("fold", kind="stable")  # fold by fold, shuffled within each fold
    code = {c: k for k, c in enumerate(classes)}
    pcols = [f"p:{c}" for c in classes]
    groups = [df] if scope == "pooled" else [g for _, g in df.groupby("fold", sort=True)]
    return [(g["y_true"].map(code).to_numpy(dtype=int), g[pcols].to_numpy(dtype=float), ci) for g in groups]


def weka342_reading(scores: pd.DataFrame, reading: str, seed: int = 0) -> np.ndarray:
    """Weka 3.4.2 ROC areas (percent) under reading ``weka342_<scope>_<positive>_<order>``.

    Folds where Weka's area is not a number (the positive class absent from a test fold, so
    its first point has TP = 0 and the rates are 0/0) are left out of the fold mean.
    """
    from aucacc.weka342 import roc_area

    try:
        _, scope, positive, order = reading.split("_")
    except ValueError:
        raise ValueError(f"unknown AUC reading {reading!r}; known: {READINGS}") from None
    vals = np.array([roc_area(a, p, c) for a, p, c in weka342_inputs(scores, scope, positive, order, seed)])
    return 100 * vals[np.isfinite(vals)]


def weka342_cases(scores: pd.DataFrame, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """Every Weka 3.4.2 input of one scores frame (all scopes, positive classes and orders), for tests."""
    return [case for s in WEKA342_SCOPES for p in WEKA342_POSITIVES for o in WEKA342_ORDERS
            for case in weka342_inputs(scores, s, p, o, seed)]


def hypothesis_tables(scores: dict[tuple[str, str, str], pd.DataFrame], published: pd.DataFrame,
                      seed: int = 0) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Recompute every reading and compare with the published AUCs.

    Parameters
    ----------
    scores : ``{(protocol, dataset, learner): scores frame}`` with protocol ``whole_data`` and,
        for the ``per_fold_discretization`` reading, ``per_fold``.
    published : long published values (``dataset, learner, metric, published_mean``) —
        see :func:`aucacc.report.paper_tables.published_long`.

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
    from aucacc.report.paper_tables import published_long

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


def reading_claims(by_dataset: pd.DataFrame, learners: tuple[str, ...] = ("NB", "C4.4", "C4.5"),
                   alpha: float = 0.05) -> pd.DataFrame:
    """Does a reading reproduce the paper's AUC claims, not only its values?

    Per reading: the learners' average AUC over the data sets all of them have, whether the
    published ordering NB ≥ C4.4 > C4.5 holds, and data-set-level paired t-tests (Huang & Ling
    2005, Sec. 4.2: NB > C4.5 and C4.4 > C4.5 significant, NB vs C4.4 not).
    """
    from aucacc.stats import paired_ttest

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


def claim_verdicts(by_dataset: pd.DataFrame, significance: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """The published AUC significance claims, re-tested under every reading.

    Per reading and AUC claim of ``significance`` (``table, metric, a, b, published_outcome``;
    ``config/published/significance.csv``): the two-tailed paired t-test over data-set means
    (the paper's test, Huang & Ling 2005, Sec. IV) on the data sets both learners have under
    that reading (18 for ``uci_nb_c44_c45``; the SVM's 13 for ``svm_binary13``). Accuracy claims
    do not depend on how AUC is read and are left out.

    Returns ``reading, table, a, b, n, mean_diff, p, verdict, published_outcome, kept``.
    """
    from aucacc.stats import paired_ttest

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


def weka342_comparison(by_dataset: pd.DataFrame, significance: pd.DataFrame | None = None,
                       alpha: float = 0.05) -> pd.DataFrame:
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


def _weka342_section(by_dataset: pd.DataFrame, significance: pd.DataFrame | None) -> list[str]:
    """Markdown lines: does Weka 3.4.2's own AUC explain the published AUCs better than the other readings?"""
    from aucacc.report.tables import to_markdown

    cmp = weka342_comparison(by_dataset, significance)
    cmp = cmp[~cmp["reading"].str.startswith("per_fold_discretization+weka342")]
    if not cmp["weka342"].any():
        return []
    full = cmp[cmp["n_nb_c44_c45"] == cmp["n_nb_c44_c45"].max()]
    wk, other = full[full["weka342"]], full[~full["weka342"]]
    bw, bo = wk.iloc[0], other.iloc[0]
    std = full[full["reading"] == "standard"]
    std_txt = f"; standard reading {std['mad_nb_c44_c45'].iloc[0]:.2f}" if len(std) else ""
    better = bw["mad_nb_c44_c45"] < bo["mad_nb_c44_c45"]
    sw = wk.sort_values("mad_svm", kind="stable").iloc[0]
    so = other.dropna(subset=["mad_svm"]).sort_values("mad_svm", kind="stable")
    so_txt = f"best other reading **{so.iloc[0]['reading']}** {so.iloc[0]['mad_svm']:.2f}" if len(so) else "no other reading"
    std_svm = f"; standard {std['mad_svm'].iloc[0]:.2f}" if len(std) else ""
    lines = [
        "## Weka 3.4.2's own AUC (ThresholdCurve with the bug fixed in 3.4.3)",
        "",
        "Each `weka342_<scope>_<positive>_<order>` reading is Weka 3.4.2's ROC area, bug included "
        "(`aucacc.weka342`, equal to the real class to 1e-12 in the tests): per fold (mean) or pooled over "
        "the folds; the first, last or minority class as positive; predictions in stored, reversed or "
        "one shuffled order before Weka's unstable quicksort. Nothing is tuned.",
        "",
        f"- Over the {int(bw['n_nb_c44_c45'])} NB/C4.4/C4.5 cells (mean |ours − published|, points): best Weka "
        f"3.4.2 reading **{bw['reading']}** {bw['mad_nb_c44_c45']:.2f}; best other reading **{bo['reading']}** "
        f"{bo['mad_nb_c44_c45']:.2f}{std_txt}. So the Weka 3.4.2 reading "
        f"{'explains the published AUCs better than every reading tested before' if better else 'does not explain the published AUCs better than the best reading tested before'}.",
        f"- Over the {int(sw['n_svm'])} SVM cells: best Weka 3.4.2 reading **{sw['reading']}** {sw['mad_svm']:.2f}; "
        f"{so_txt}{std_svm}.",
    ]
    if "claims_kept" in cmp.columns:
        allk = wk[wk["claims_kept"] == wk["claims_tested"]]
        lines.append(f"- AUC claims kept (paired t-tests over data-set means, the paper's test; of "
                     f"{int(bw['claims_tested'])}): {bw['reading']} keeps {int(bw['claims_kept'])} (not kept: "
                     f"{bw['claims_not_kept'] or 'none'}); {bo['reading']} keeps {int(bo['claims_kept'])}. "
                     + (f"Weka 3.4.2 readings that keep every AUC claim: "
                        + ", ".join(f"{r.reading} ({r.mad_nb_c44_c45:.2f} points)" for r in allk.itertuples()) + "."
                        if len(allk) else "No Weka 3.4.2 reading keeps every AUC claim."))
    lines += ["", to_markdown(cmp, ".2f")]
    return lines


def gap_report(summary: pd.DataFrame, by_dataset: pd.DataFrame, impossible: pd.DataFrame,
               significance: pd.DataFrame | None = None) -> str:
    """A short Markdown write-up of the AUC-gap analysis, with every number taken from the tables."""
    from aucacc.report.tables import to_markdown

    allrows = summary[summary["learner"] == "all"].sort_values("mean_abs_diff")
    claims = reading_claims(by_dataset)
    best = allrows.iloc[0]
    std = allrows[allrows["reading"] == "standard"].iloc[0]
    per_learner = summary.pivot(index="reading", columns="learner", values="mean_abs_diff").loc[allrows["reading"]]
    signed = summary.pivot(index="reading", columns="learner", values="mean_diff").loc[allrows["reading"]]
    lines = [
        "# The AUC gap: how might the paper have computed AUC?",
        "",
        "Our accuracies are close to the paper's (see `results/report/scorecard.md`); our AUCs (standard "
        "per-fold rank AUC, Hand–Till M for multi-class) are clearly higher than the published ones. Each reading below recomputes the fold AUCs "
        "from the stored class-probability vectors (nothing is re-trained) and compares the per-data-set "
        "means with the published AUCs (`results/tables/auc_hypotheses*.csv`).",
        "",
        f"- Standard reading: mean absolute difference {std['mean_abs_diff']:.2f} points, mean signed "
        f"difference {std['mean_diff']:+.2f} (ours − published) over {int(std['n'])} data-set × learner cells.",
        f"- Closest reading: **{best['reading']}**, mean absolute difference {best['mean_abs_diff']:.2f}, "
        f"signed {best['mean_diff']:+.2f}.",
        f"- Readings that also reproduce the paper's AUC claims (ordering and significance, next section): "
        f"{', '.join(claims.loc[claims['claims_reproduced'] == True, 'reading']) or 'none'}.",  # noqa: E712
        "",
        "## Mean absolute difference to the published AUC (points), per reading and learner",
        "",
        "`all` averages over the learners every reading has (the SVM is run under the paper's "
        "protocol only), so the readings are ranked on the same cells.",
        "",
        to_markdown(per_learner.reset_index(), ".2f"),
        "## Mean signed difference (ours − published)",
        "",
        to_markdown(signed.reset_index(), ".2f"),
        "## Does a reading reproduce the paper's AUC claims?",
        "",
        "Values alone are not enough: a reading should also give the published ordering "
        "NB ≥ C4.4 > C4.5 and the data-set-level significance (NB > C4.5 and C4.4 > C4.5 significant, "
        "NB vs C4.4 not), on the 18 data sets.",
        "",
        to_markdown(claims, ".4g"),
        "## Published values no ranking-based binary AUC can produce",
        "",
    ]
    if len(impossible):
        lines += [to_markdown(impossible, ".1f"),
                  "On a binary data set, 100 % accuracy in every fold means the predicted label separates "
                  "the classes perfectly, so the class probability ranks them perfectly and the rank AUC "
                  "is 100 % in every fold. These published AUCs therefore cannot be per-fold rank AUCs of "
                  "class probabilities, whatever the tie handling.", ""]
    else:
        lines += ["None.", ""]
    worst = by_dataset[by_dataset["reading"] == "standard"].assign(a=lambda d: d["diff"].abs())
    worst = worst.sort_values("a", ascending=False).head(8)[["dataset", "learner", "auc", "published_auc", "diff"]]
    lines += ["## Largest differences under the standard reading", "", to_markdown(worst, ".1f")]
    lines += _weka342_section(by_dataset, significance)
    return "\n".join(lines) + "\n"
