"""Per-fold metrics: accuracy, rank AUC (binary) and Hand–Till M (multi-class).

Binary AUC is the Wilcoxon–Mann–Whitney statistic with mid-ranks for ties
(Huang & Ling 2005, eq. 1; Hand & Till 2001, eq. 3):

    Â = (S0 − n0(n0 + 1)/2) / (n0 · n1),

``S0`` the rank sum of the positives. It equals the trapezoidal area under the ROC curve
(Fawcett 2006, Alg. 2), which is what ``sklearn.metrics.roc_auc_score`` computes and what
:func:`auc` uses; :func:`rank_auc` is the formula itself, and the tests check that they agree. Multi-class AUC is Hand & Till's (2001) M (eq. 7):
the mean over unordered class pairs {i, j} of (Â(i|j) + Â(j|i)) / 2, where Â(i|j) ranks
the instances of classes i and j by their probability of class i.

Ties up to rounding (:func:`tie_groups`, :func:`class_score`): every AUC and ROC point of the
project ranks scores through these two helpers. Two scores tie when they are equal up to
:data:`SCORE_TIE_TOL`, and a two-class problem ranks by a score computed from both columns, so
that which class is declared first never decides how rounding noise breaks a tie.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from aucacc.scores import score_classes

# scipy.stats and sklearn.metrics are imported where used: they cost a job ~1 s of start-up.

#: How far a probability may lie outside [0, 1], and a row of them sum away from 1, and still be taken as a
#: probability vector (:func:`aucacc.evaluation.cross_validate.check_probabilities`; the ROC points' thresholds, :func:`aucacc.roc.curves.roc_points`): 1e-5, what scikit-learn's ``roc_auc_score`` allows a
#: multi-class row's sum (``np.allclose(1, row.sum())``: 1e-8 + 1e-5 × 1). Rounding in float64 moves a sum of k
#: terms by about k × 1.1e-16, in float32 by about k × 6e-8, far below it; an unnormalized score or a
#: misplaced column moves it far above it. The probabilities are stored as the learner gave them.
PROBABILITY_TOLERANCE = 1e-5

#: Scores closer than this are tied (:func:`tie_groups`); on :func:`class_score`'s log scale, a relative tolerance.
SCORE_TIE_TOL = 1e-13


def tie_groups(score, tol: float = SCORE_TIE_TOL) -> np.ndarray:
    """Tie group of each score: scores equal up to rounding share a group (the project's one tie rule).

    The scores are sorted and cut wherever two neighbours differ by more than ``tol``; the
    groups are numbered from the lowest score up. Two scores within ``tol`` of each other, or
    joined by a chain of neighbours within ``tol``, are tied (single linkage, so the rule is
    transitive). Every AUC (:func:`rank_auc`, :func:`roc_auc_binary`, :func:`hand_till_m`,
    :func:`auc`) and the ROC points (:func:`aucacc.roc.curves.roc_points`) rank the groups, not
    the raw floats.

    Why: class probabilities carry rounding error. Two instances whose posteriors are equal in
    exact arithmetic can be stored one unit in the last place apart (naive Bayes multiplies the
    same factors in another order), and ``p(a)`` and ``1 − p(b)`` differ the same way, so a
    ranking by raw floats breaks such ties by rounding noise, and which column is ranked
    decides how. The project ranks :func:`class_score`, a log scale, on which the rounding error
    of a probability, relative, becomes absolute: each of the ``m`` floating-point operations
    that make a probability adds at most a unit roundoff u = 2⁻⁵³ ≈ 1.1e-16 of it, so two equal
    in exact arithmetic differ by less than about 2 m u of their size; ``1e-13`` is about 900 u,
    the rounding of probabilities made by up to a few hundred operations. On that scale
    posteriors far below the tolerance stay apart (1e-174 and 1e-33) and distinct tiny ones do
    not chain into one group (``docs/ties.md``); in the paper's run the rule moves no fold AUC
    by more than 1e-9. The cost: probabilities within a relative 1e-13 are tied even where the
    learner meant them apart.

    The groups depend on the set of scores only, not on their order, and negating every score
    gives the same groups numbered the other way (a − b = −(b − a) exactly in floating point),
    which is what makes a two-class AUC independent of the class order (:func:`class_score`).

    Parameters
    ----------
    score : float array, shape (n,) — finite scores, or ±inf (equal infinities tie).
    tol : float — non-negative tolerance, in the scores' units.

    Returns
    -------
    int array, shape (n,) — group ``0`` holds the lowest scores; ``k`` groups give ``0 … k − 1``.

    Raises
    ------
    ValueError
        A score is NaN, ``score`` is not 1-d, or ``tol`` is negative or not finite.
    """
    s = np.asarray(score, dtype=float)
    if s.ndim != 1:
        raise ValueError(f"score must be 1-d, got shape {s.shape}")
    if np.isnan(s).any():
        raise ValueError("score contains NaN")
    if not (np.isfinite(tol) and tol >= 0):
        raise ValueError(f"tol must be finite and non-negative, got {tol!r}")
    order = np.argsort(s, kind="stable")
    ss = s[order]
    with np.errstate(invalid="ignore"):  # inf − inf: equal infinities tie by the == below
        new = ~((ss[1:] == ss[:-1]) | (ss[1:] - ss[:-1] <= tol))
    groups = np.empty(s.size, dtype=np.int64)
    groups[order] = np.r_[0, np.cumsum(new)] if s.size else np.zeros(0, dtype=np.int64)
    return groups


def class_score(proba, k: int) -> np.ndarray:
    """The score that ranks instances for class ``k``: ``log p_k``, or the log-odds ``log p_k − log p_other`` for two classes.

    With two classes ``p_k`` and ``1 − p_other`` are equal in exact arithmetic but not in
    floating point, so ranking either column alone lets the declared class order decide how
    rounding breaks a tie. The log-odds use both columns, and the other class's score is
    exactly its negative (a − b = −(b − a) in floating point), so with :func:`tie_groups` the
    two classes give the same ties in reverse order. The logarithm keeps what a learner says
    far below any tolerance: posteriors of 1e-174 and 1e-33 stay apart (``1e-33 − 1`` is
    ``−1`` in floating point, so a difference of the columns would tie them), and the
    tolerance :data:`SCORE_TIE_TOL` on this scale is relative, ``|Δp| / p`` ≲ 1e-13 (the
    size of rounding error, which is relative), so scores a few units in the last place
    apart tie at any magnitude and no chain of distinct tiny posteriors joins one tie. A
    probability 0 scores ``−inf`` (equal infinities tie); a two-class row of two zeros, which
    the learner checks refuse, scores 0. With more than two classes ``log p_k`` is ranked
    (the order of ``p_k``: Hand & Till 2001 rank ``p_i``; a one-vs-rest ROC curve of class
    ``k`` ranks ``p_k``).

    Parameters
    ----------
    proba : float array, shape (n, c) — class-probability columns, ``c >= 2``.
    k : int — the column of the class, ``0 <= k < c``.

    Returns
    -------
    float array, shape (n,) — higher means more likely class ``k``.

    Raises
    ------
    ValueError
        ``proba`` is not 2-d with at least two columns, or ``k`` is out of range.
    """
    P = np.asarray(proba, dtype=float)
    if P.ndim != 2 or P.shape[1] < 2:
        raise ValueError(f"proba must have shape (n, c) with c >= 2, got {P.shape}")
    if not 0 <= k < P.shape[1]:
        raise ValueError(f"class column {k} out of range for {P.shape[1]} columns")
    # log 0 = −inf; a probability a rounding error below 0 (the learner checks accept −PROBABILITY_TOLERANCE) is 0
    with np.errstate(divide="ignore", invalid="ignore"):
        logp = np.log(np.maximum(P[:, k], 0.0))
        if P.shape[1] == 2:
            other = np.log(np.maximum(P[:, 1 - k], 0.0))
            s = logp - other
            return np.where(np.isneginf(logp) & np.isneginf(other), 0.0, s)  # two zeros: no information
    return logp


def accuracy(y_true, y_pred) -> float:
    """Fraction of instances whose predicted class equals the true class (0–1)."""
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    if y_true.shape != y_pred.shape or y_true.size == 0:
        raise ValueError(f"y_true and y_pred must be non-empty and of equal shape, got {y_true.shape}, {y_pred.shape}")
    return float(np.mean(y_true == y_pred))


def rank_auc(positive: np.ndarray, score: np.ndarray) -> float:
    """Binary AUC by the rank formula with mid-ranks for ties (Hand & Till 2001, eq. 3).

    Ties are the scores' :func:`tie_groups` (equal up to :data:`SCORE_TIE_TOL`).

    Parameters
    ----------
    positive : bool array, shape (n,) — True for the positive class.
    score : float array, shape (n,) — higher means more likely positive.

    Raises
    ------
    ValueError
        If either class is absent (AUC is undefined).
    """
    positive = np.asarray(positive, dtype=bool)
    score = np.asarray(score, dtype=float)
    n0 = int(positive.sum())
    n1 = positive.size - n0
    if n0 == 0 or n1 == 0:
        raise ValueError("AUC is undefined when only one class is present")
    from scipy.stats import rankdata

    ranks = rankdata(tie_groups(score), method="average")
    s0 = ranks[positive].sum()
    return float((s0 - n0 * (n0 + 1) / 2) / (n0 * n1))


def roc_auc_binary(positive, score) -> float:
    """``sklearn.metrics.roc_auc_score(positive, score)`` of a two-class reading with the project's ties, without its checks.

    The same steps in the same float64 operations as scikit-learn 1.9's ``roc_curve`` and ``auc``,
    so bit for bit its value wherever no two distinct scores lie within :data:`SCORE_TIE_TOL`:
    the scores sorted in decreasing order, the cumulated true and false positives at the last
    instance of each run of tied scores (:func:`tie_groups`, where scikit-learn ties equal floats
    only; exact integers, so the order within a tie does not matter), the collinear points dropped (``drop_intermediate``), (0, 0) prepended, both rates
    divided by their totals and the area summed by ``scipy.integrate.trapezoid``. It skips
    scikit-learn's input validation, which costs about 5 ms a call under load: Hand–Till M makes
    ``c (c − 1)`` of them per fold, 650 on a 26-class data set. ``sklearn.config_context(
    skip_parameter_validation=True, assume_finite=True)`` does not remove it (measured: 1.1 ms a call
    against 0.045 ms here for 150 scores, 1.5 ms against 0.16 ms for 2,000, idle).

    Parameters
    ----------
    positive : bool array, shape (n,) — True for the positive class.
    score : float array, shape (n,) — higher means more likely positive; ±inf allowed (the
        log-odds of a probability 0 or 1: :func:`class_score`), equal infinities tied.

    Returns
    -------
    float — the AUC in 0–1 (Fawcett 2006, Alg. 2–3; ties count ½).

    Raises
    ------
    ValueError
        Shapes differ, a score is NaN, or either class is absent (AUC undefined;
        scikit-learn warns and returns NaN there instead).
    """
    from scipy.integrate import trapezoid

    positive = np.asarray(positive, dtype=bool)
    score = np.asarray(score, dtype=float)
    if positive.shape != score.shape or positive.ndim != 1:
        raise ValueError(f"positive and score must be 1-d of equal shape, got {positive.shape}, {score.shape}")
    if np.isnan(score).any():
        raise ValueError("score contains NaN")
    n_pos = int(positive.sum())
    if n_pos == 0 or n_pos == positive.size:
        raise ValueError("AUC is undefined when only one class is present")
    groups = tie_groups(score)
    order = np.argsort(-groups, kind="stable")
    idx = np.r_[np.flatnonzero(np.diff(groups[order])), groups.size - 1]
    tps = np.cumsum(positive[order].astype(np.float64))[idx]
    fps = 1 + idx.astype(np.float64) - tps
    if fps.shape[0] > 2:
        keep = np.flatnonzero(np.r_[True, np.logical_or(np.diff(fps, 2), np.diff(tps, 2)), True])
        fps, tps = fps[keep], tps[keep]
    tps, fps = np.r_[0.0, tps], np.r_[0.0, fps]
    return float(1 * trapezoid(tps / tps[-1], fps / fps[-1]))


def hand_till_m(y_true, proba: np.ndarray, classes, pair_auc=None) -> tuple[float, int]:
    """Hand & Till (2001) M over the class pairs present in ``y_true``.

    Parameters
    ----------
    y_true : array, shape (n,) — true class labels.
    proba : array, shape (n, n_classes) — class-probability (or score) columns in ``classes`` order.
        Â(i|j) ranks :func:`class_score` of column i: ``log p_i`` (the order of ``p_i``, Hand &
        Till), or for two classes the log-odds ``log p_i − log p_j``, whose ties are those of
        class j's reversed, so Â(i|j) = Â(j|i).
    classes : sequence of the n_classes labels.
    pair_auc : optional ``f(is_positive, score) -> float`` for the two-class Â(i|j); default
        :func:`roc_auc_binary`, ``sklearn.metrics.roc_auc_score``'s value (mid-ranks for ties,
        tied up to :data:`SCORE_TIE_TOL`). Other tie rules plug in here.

    Returns
    -------
    (M, n_pairs) — M in 0–1 and the number of class pairs it averages. Pairs with a class
    absent from ``y_true`` (possible in a small test fold) are left out, since Â(i|j) is
    undefined for them; ``n_pairs`` records how many were used.
    """
    y_true = np.asarray(y_true)
    proba = np.asarray(proba, dtype=float)
    classes = list(classes)
    if pair_auc is None:
        pair_auc = roc_auc_binary
    is_class = {k: y_true == c for k, c in enumerate(classes)}  # once per class, not per pair
    scores = [class_score(proba, k) for k in range(proba.shape[1])]
    present = [k for k in is_class if is_class[k].any()]
    vals = []
    for i, j in combinations(present, 2):
        mask = is_class[i] | is_class[j]
        yi = is_class[i][mask]
        a_ij = pair_auc(yi, scores[i][mask])
        a_ji = pair_auc(~yi, scores[j][mask])
        vals.append((a_ij + a_ji) / 2)
    if not vals:
        raise ValueError("Hand–Till M needs at least two classes present in y_true")
    return float(np.mean(vals)), len(vals)


def auc(y_true, proba: np.ndarray, classes) -> float:
    """AUC of a class-probability matrix: binary rank AUC, or Hand–Till M for more than two classes.

    For two classes the positive class is the one whose name sorts last as text (the second
    class of every binary data set of the paper but cars), and :func:`class_score` ranks the
    instances: the log-odds ``log p_pos − log p_neg``, computed from both columns, with ties up to
    :data:`SCORE_TIE_TOL` (:func:`tie_groups`). The two classes give the same ties (the score
    of one is exactly the negative of the other's), and the positive class does not depend on
    the declared order, so the AUC is the same float whichever class is declared first: also
    where two instances' probabilities are equal in exact arithmetic and one unit in the last
    place apart in floating point, and also in the last bit of the area, which the trapezoids
    sum in one direction. (Ranking one column's floats, as ``sklearn.metrics.roc_auc_score``
    and Weka's ``ThresholdCurve`` do, breaks such a tie by rounding noise, and the declared
    order decides which way.)

    Returns
    -------
    float — the AUC in 0–1.

    Raises
    ------
    ValueError
        ``proba`` is not of shape (n, len(classes)), or a binary ``y_true`` has one class only.
    """
    classes = list(classes)
    proba = np.asarray(proba, dtype=float)
    if proba.ndim != 2 or proba.shape[1] != len(classes):
        raise ValueError(f"proba must have shape (n, {len(classes)}), got {proba.shape}")
    if len(classes) == 2:
        k = 0 if str(classes[0]) > str(classes[1]) else 1  # the same positive class in either order
        pos = np.asarray(y_true) == classes[k]
        if pos.all() or not pos.any():
            raise ValueError("AUC is undefined when only one class is present")
        return roc_auc_binary(pos, class_score(proba, k))
    return hand_till_m(y_true, proba, classes)[0]


# Start of the ``note`` of a binary test fold with one class, whose AUC is undefined (NaN).
UNDEFINED_AUC_NOTE = "AUC undefined"


def fold_metrics(scores: pd.DataFrame) -> pd.DataFrame:
    """Accuracy and AUC (binary rank AUC or Hand–Till M) of each fold, in percent.

    Returns a tidy frame with columns ``fold, metric, value, n_test, note``. Rule for a test
    fold that lacks a class (a class with fewer instances than folds; docs/small-classes.md, "Small
    classes"):

    * multi-class: the fold's AUC is Hand–Till M over the class pairs present; ``note`` records
      which class was absent and how many pairs were used;
    * binary: the fold has one class only, so its AUC is undefined (no positive–negative pair
      to rank): ``value`` is NaN, ``note`` names the absent class (:data:`UNDEFINED_AUC_NOTE`
      starts it), and every later stage leaves the fold out of AUC means and tests and counts it
      (``undefined_folds``).

    The fold's accuracy is defined either way and kept, so no exclusion goes unrecorded.
    """
    classes = score_classes(scores)
    pcols = [f"p:{c}" for c in classes]
    n_pairs = len(classes) * (len(classes) - 1) // 2
    rows = []
    for k, g in scores.groupby("fold", sort=True):
        n = len(g)
        y = g["y_true"].to_numpy()
        P = g[pcols].to_numpy()
        note = ""
        absent = [c for c in classes if not np.any(y == c)]
        if len(classes) > 2:
            value, used = hand_till_m(y, P, classes)
            if used < n_pairs:
                note = f"classes absent from the test fold: {absent}; Hand-Till M over {used} of {n_pairs} pairs"
        elif absent:
            value = float("nan")
            present = [c for c in classes if c not in absent]
            note = f"{UNDEFINED_AUC_NOTE}: class {absent[0]!r} absent from the test fold (only {present[0]!r})"
        else:
            value = auc(y, P, classes)
        rows.append({"fold": int(k), "metric": "accuracy", "value": 100 * accuracy(y, g["y_pred"]), "n_test": n, "note": ""})
        rows.append({"fold": int(k), "metric": "auc", "value": 100 * value, "n_test": n, "note": note})
    # no fold (a skipped learner's empty scores): no rows, the same columns
    return pd.DataFrame(rows, columns=["fold", "metric", "value", "n_test", "note"])
