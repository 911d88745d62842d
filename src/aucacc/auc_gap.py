"""Why the published AUCs differ from a standard computation: candidate readings, tested on stored scores.

Each *reading* is a way the paper might have computed AUC (SPEC §3). Every reading is
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
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pandas as pd
from scipy.stats import rankdata

from aucacc.evaluation.cross_validate import score_classes
from aucacc.evaluation.metrics import hand_till_m

PairAUC = Callable[[np.ndarray, np.ndarray], float]


def _auc_midrank(pos: np.ndarray, s: np.ndarray) -> float:
    n0 = pos.sum()
    n1 = pos.size - n0
    r = rankdata(s, method="average")
    return float((r[pos].sum() - n0 * (n0 + 1) / 2) / (n0 * n1))


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
        return _auc_midrank(y == classes[1], P[:, 1])
    vals, w = [], []
    for k, c in enumerate(classes):
        pos = y == c
        if pos.any() and (~pos).any():
            vals.append(_auc_midrank(pos, P[:, k]))
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
    classes = score_classes(scores)
    pcols = [f"p:{c}" for c in classes]
    if reading == "pooled":
        y = scores["y_true"].to_numpy()
        return np.array([100 * _auc(y, scores[pcols].to_numpy(), classes, _auc_midrank)])
    rand = _make_random_tie(seed)
    out = []
    for _, g in scores.groupby("fold", sort=True):
        y = g["y_true"].to_numpy()
        P = g[pcols].to_numpy()
        if reading in ("standard", "per_fold_discretization"):
            v = _auc(y, P, classes, _auc_midrank)
        elif reading == "hard_label":
            v = _auc(y, _onehot(g["y_pred"].to_numpy(), classes), classes, _auc_midrank)
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


READINGS = ("standard", "hard_label", "ties_pessimistic", "ties_random", "pooled", "ovr_unweighted",
            "ovr_weighted", "per_fold_discretization")


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


def gap_report(summary: pd.DataFrame, by_dataset: pd.DataFrame, impossible: pd.DataFrame) -> str:
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
    return "\n".join(lines) + "\n"
