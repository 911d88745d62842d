"""The readings of AUC that need no Weka: standard, hard labels, tie handling, pooled folds, one-vs-rest.

Each reading recomputes a learner's fold AUCs from its stored class-probability vectors (the
readings are described in :mod:`aucacc.auc_gap`); the Weka 3.4.2 readings are
:mod:`aucacc.auc_gap.weka_readings`, and :func:`reading_aucs` dispatches to them as well.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pandas as pd

from aucacc.auc_gap.weka_readings import WEKA342_READINGS, weka342_reading
from aucacc.evaluation.metrics import class_score, hand_till_m, rank_auc, tie_groups
from aucacc.scores import score_classes

PairAUC = Callable[[np.ndarray, np.ndarray], float]
READINGS = ("standard", "hard_label", "ties_pessimistic", "ties_random", "pooled", "ovr_unweighted",
            "ovr_weighted", "per_fold_discretization") + WEKA342_READINGS


def _auc_pessimistic(pos: np.ndarray, s: np.ndarray) -> float:
    # Count strictly correctly ordered pairs only: rank positives below every tied negative
    # (ties up to rounding: the scores' tie groups, as every AUC of the project ranks them).
    s = tie_groups(s)
    n0 = pos.sum()
    n1 = pos.size - n0
    from scipy.stats import rankdata  # lazy: scipy.stats costs ~0.6 s of job start-up (report jobs)

    r = rankdata(s, method="min")
    # With 'min' ranks, (rank − 1) counts instances scored strictly lower; subtract positives below.
    below = r[pos] - 1
    pos_sorted = np.sort(s[pos])
    pos_below = np.searchsorted(pos_sorted, s[pos], side="left")
    return float((below - pos_below).sum() / (n0 * n1))


def _make_random_tie(seed: int) -> PairAUC:
    rng = np.random.default_rng(seed)

    def f(pos: np.ndarray, s: np.ndarray) -> float:
        s = tie_groups(s)  # ties up to rounding, as every AUC of the project ranks them
        jitter = rng.permutation(s.size)
        order = np.lexsort((jitter, s))  # by score, ties by the random permutation
        r = np.empty(s.size)
        r[order] = np.arange(1, s.size + 1)
        n0 = pos.sum()
        return float((r[pos].sum() - n0 * (n0 + 1) / 2) / (n0 * (s.size - n0)))

    return f


def _auc(y: np.ndarray, P: np.ndarray, classes: list[str], pair_auc: PairAUC) -> float:
    if len(classes) == 2:
        pos = y == classes[1]
        # a binary test fold with one class: AUC undefined (docs/small-classes.md)
        return pair_auc(pos, class_score(P, 1)) if pos.any() and not pos.all() else np.nan
    return hand_till_m(y, P, classes, pair_auc)[0]


def _ovr(y: np.ndarray, P: np.ndarray, classes: list[str], weighted: bool) -> float:
    if len(classes) == 2:
        return _auc(y, P, classes, rank_auc)
    vals, w = [], []
    for k, c in enumerate(classes):
        pos = y == c
        if pos.any() and (~pos).any():
            vals.append(rank_auc(pos, class_score(P, k)))  # the project's ranking: log p_k, ties relative
            w.append(pos.mean())
    return float(np.average(vals, weights=w if weighted else None))


def _onehot(pred: np.ndarray, classes: list[str]) -> np.ndarray:
    return (pred[:, None] == np.asarray(classes)[None, :]).astype(float)


def reading_aucs(scores: pd.DataFrame, reading: str, seed: int = 0) -> np.ndarray:
    """AUCs (percent) of one learner on one data set under a reading: one per fold, or one if pooled.

    Parameters
    ----------
    scores : stored scores (``fold, y_true, y_pred, p:<class>…``; see
        :mod:`aucacc.scores`).
    reading : one of :data:`READINGS` except ``per_fold_discretization`` (that reading is
        ``standard`` applied to the per-fold protocol's scores).
    seed : for ``ties_random``.

    A binary test fold with one class has no AUC (undefined; docs/small-classes.md, "Small
    classes"): it is left out, as :func:`aucacc.auc_gap.weka_readings.weka342_reading` leaves
    out the folds where Weka's area is not a number, so the result may have fewer values than
    there are folds.

    Raises
    ------
    ValueError
        ``reading`` is not one of :data:`READINGS`.
    """
    if reading not in READINGS:
        raise ValueError(f"unknown AUC reading {reading!r}; known: {READINGS}")
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
    out = np.asarray(out)
    return out[np.isfinite(out)]
