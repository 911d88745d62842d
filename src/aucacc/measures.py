"""The registry of performance measures computed per test fold from the stored probability vectors.

Every measure of a study's C/D/E matrix (Huang & Ling 2005, Knowl 1, for any two measures f and g;
config key ``studies.<name>.measures``) is declared once here, in :data:`MEASURES`: its name, its direction
(higher or lower is better), whether its values are ratios of counts (then compared exactly, as
:class:`fractions.Fraction`), and the function computing it from one test fold's true classes, predicted classes
and class-probability matrix. Nothing is retrained: the inputs are the stored scores
(:mod:`aucacc.scores`: ``y_true``, ``y_pred``, ``p:<class>``), and :func:`fold_measures` gives every measure
of every fold of a scores frame.

Definitions (K classes, n test instances, confusion counts ``C[i, j]`` of true class i predicted j; each is
checked against its reference in ``tests/test_measures.py``):

- ``accuracy``: ``Σ C[k, k] / n`` (exact), as :func:`aucacc.evaluation.metrics.accuracy`;
- ``auc``: :func:`aucacc.evaluation.metrics.auc`, the paper's: the binary rank AUC (mid-ranks for ties), Hand &
  Till's (2001) M over the class pairs present for K > 2;
- ``aunu``, ``aunp``: one-vs-rest AUC of each class present, unweighted mean (AUNU) and weighted by the classes'
  prevalences in the fold (AUNP) (Ferri, Hernández-Orallo & Modroiu 2009); ``sklearn.metrics.roc_auc_score(...,
  multi_class="ovr", average="macro" / "weighted")`` when every class is present; on two classes both equal the
  binary AUC;
- ``brier``: Brier's (1950) multi-class score, ``mean_i Σ_k (p_ik − y_ik)²`` in [0, 2] (lower is better); on two
  classes twice the binary ``mean (p − y)²`` (``sklearn.metrics.brier_score_loss(..., scale_by_half=False)``);
- ``log_loss``: ``−mean_i log p_i,y_i`` with each probability clipped to [ε, 1 − ε], ε = 2⁻⁵² ≈ 2.2e-16
  (float64's machine epsilon, as ``sklearn.metrics.log_loss`` 1.9 clips; :data:`LOG_LOSS_EPS`): a probability 0 of
  the true class costs −log ε ≈ 36.04 instead of infinity (lower is better);
- ``balanced_accuracy``: the mean recall ``C[k, k] / Σ_j C[k, j]`` over the classes present in the fold (exact;
  ``sklearn.metrics.balanced_accuracy_score``);
- ``mcc``: Matthews' correlation coefficient, for K > 2 Gorodkin's (2004) R_K, as
  ``sklearn.metrics.matthews_corrcoef`` computes it (0 when a marginal is constant);
- ``macro_f1``: the mean over the classes true or predicted in the fold of ``2 C[k, k] / (Σ_j C[k, j] +
  Σ_i C[i, k])`` (exact; ``sklearn.metrics.f1_score(average="macro")``);
- ``kappa``: Cohen's (1960) κ = (p_o − p_e) / (1 − p_e) from the confusion counts (exact; 0 when p_e = 1, as
  its limit; ``sklearn.metrics.cohen_kappa_score``);
- ``h_measure``: Hand's (2009) H-measure of a binary fold, ``1 − L / L_max`` with misclassification costs
  c ~ Beta(2, 2) (Hand 2009, §5) over the ROC convex hull (:func:`h_measure`); undefined (NaN) on a multi-class
  data set.

A measure undefined on a fold (an AUC with one class present, the H-measure of a multi-class set) is NaN there;
the C/D/E tally leaves that fold out of every pair with that measure
(:func:`aucacc.studies.measures.measures_cde`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping

import numpy as np
import pandas as pd

from aucacc.evaluation import metrics
from aucacc.provenance import verified
from aucacc.roc.curves import roc_points
from aucacc.roc.hull import roc_convex_hull
from aucacc.scores import read_score_files, score_classes

__all__ = ["Measure", "MEASURES", "LOG_LOSS_EPS", "TIE_RTOL", "confusion", "fold_measures", "study_fold_measures", "h_measure",
           "measure_value", "compare", "study_measure_names", "read_fold_measures"]

#: Probabilities are clipped to [LOG_LOSS_EPS, 1 − LOG_LOSS_EPS] in ``log_loss`` (float64's machine epsilon, as
#: scikit-learn 1.9's ``log_loss``).
LOG_LOSS_EPS = float(np.finfo(np.float64).eps)

#: Tie rule of the real-valued measures (:func:`compare`): f(a) and f(b) are tied when
#: ``|f(a) − f(b)| ≤ TIE_RTOL · max(1, |f(a)|, |f(b)|)``. It is above the float rounding of a fold's sums
#: (n · 2⁻⁵² ≈ 2.2e-10 for n = 10⁶ instances) and below the smallest difference of two distinct AUCs of a fold
#: with n0 · n1 ≤ 10⁸ positive–negative pairs (1 / (2 n0 n1) = 5e-9; mid-ranks make AUCs multiples of it).
TIE_RTOL = 1e-9


@dataclass(frozen=True)
class Measure:
    """One performance measure of the registry.

    Attributes
    ----------
    name : the config name (``studies.<name>.measures``) and the ``measure`` column of the per-fold file.
    label : the display name in tables and figures.
    higher_better : direction: True when a higher value is better, False when lower is (Brier, log loss).
    exact : True for a ratio of confusion counts: its value is a :class:`fractions.Fraction`, compared exactly.
    binary_only : defined on two classes only (NaN on a multi-class fold).
    compute : ``f(y_true, y_pred, proba, classes) -> float | Fraction`` of one fold.
    points_scale : True when a difference of 0.01 is one percentage point (a proportion on [0, 1], or MCC's and
        kappa's [−1, 1]): the Bayesian tests of :func:`aucacc.studies.measure_tests.measure_tests` then take the
        rope ``statistics.rope`` (percentage points) / 100 in the measure's units. False for Brier and log loss,
        which have no such unit (their rope: config ``statistics.measure_ropes``, else 0).
    """

    name: str
    label: str
    higher_better: bool
    exact: bool
    binary_only: bool
    compute: Callable
    points_scale: bool = True


def confusion(y_true, y_pred, classes) -> np.ndarray:
    """Confusion counts ``C[i, j]`` (true class ``classes[i]`` predicted ``classes[j]``), int64, shape (K, K).

    Raises
    ------
    ValueError
        A true or predicted class is not in ``classes``.
    """
    index = {c: k for k, c in enumerate(classes)}
    try:
        t = np.array([index[c] for c in np.asarray(y_true).tolist()], dtype=np.int64)
        p = np.array([index[c] for c in np.asarray(y_pred).tolist()], dtype=np.int64)
    except KeyError as e:
        raise ValueError(f"class {e.args[0]!r} is not one of the scores' classes {list(classes)}") from None
    k = len(classes)
    return np.bincount(t * k + p, minlength=k * k).reshape(k, k)


def _accuracy(y_true, y_pred, proba, classes) -> Fraction:
    c = confusion(y_true, y_pred, classes)
    return Fraction(int(np.trace(c)), int(c.sum()))


def _balanced_accuracy(y_true, y_pred, proba, classes) -> Fraction:
    c = confusion(y_true, y_pred, classes)
    rows = c.sum(axis=1)
    recalls = [Fraction(int(c[k, k]), int(rows[k])) for k in range(len(classes)) if rows[k]]
    return sum(recalls, Fraction(0)) / len(recalls)


def _macro_f1(y_true, y_pred, proba, classes) -> Fraction:
    c = confusion(y_true, y_pred, classes)
    rows, cols = c.sum(axis=1), c.sum(axis=0)
    f1 = [Fraction(2 * int(c[k, k]), int(rows[k] + cols[k])) for k in range(len(classes)) if rows[k] + cols[k]]
    return sum(f1, Fraction(0)) / len(f1)


def _kappa(y_true, y_pred, proba, classes) -> Fraction:
    c = confusion(y_true, y_pred, classes)
    n = int(c.sum())
    p_o = Fraction(int(np.trace(c)), n)
    p_e = Fraction(sum(int(r) * int(s) for r, s in zip(c.sum(axis=1), c.sum(axis=0))), n * n)
    return (p_o - p_e) / (1 - p_e) if p_e != 1 else Fraction(0)


def _mcc(y_true, y_pred, proba, classes) -> float:
    c = confusion(y_true, y_pred, classes)
    t, p = c.sum(axis=1).astype(object), c.sum(axis=0).astype(object)  # exact Python integers
    n, correct = int(c.sum()), int(np.trace(c))
    cov_ytyp = correct * n - int(np.dot(t, p))
    cov_ypyp = n * n - int(np.dot(p, p))
    cov_ytyt = n * n - int(np.dot(t, t))
    if cov_ypyp * cov_ytyt == 0:
        return 0.0
    return cov_ytyp / math.sqrt(cov_ytyt * cov_ypyp)


def _present(y_true, classes) -> list[int]:
    y = np.asarray(y_true)
    return [k for k, c in enumerate(classes) if np.any(y == c)]


def _auc(y_true, y_pred, proba, classes) -> float:
    """:func:`aucacc.evaluation.metrics.auc` (binary AUC; Hand–Till M over the class pairs present), NaN when
    fewer than two classes are present."""
    if len(_present(y_true, classes)) < 2:
        return float("nan")
    return metrics.auc(y_true, proba, classes)


def _ovr(y_true, proba, classes, weighted: bool) -> float:
    y = np.asarray(y_true)
    present = _present(y_true, classes)
    if len(present) < 2:
        return float("nan")
    if len(classes) == 2:
        return metrics.auc(y_true, proba, classes)
    aucs = np.array([metrics.roc_auc_binary(y == classes[k], metrics.class_score(proba, k)) for k in present])
    w = np.array([np.sum(y == classes[k]) for k in present], dtype=float) if weighted else np.ones(len(present))
    return float(np.average(aucs, weights=w))


def _aunu(y_true, y_pred, proba, classes) -> float:
    return _ovr(y_true, proba, classes, weighted=False)


def _aunp(y_true, y_pred, proba, classes) -> float:
    return _ovr(y_true, proba, classes, weighted=True)


def _onehot(y_true, classes) -> np.ndarray:
    y = np.asarray(y_true)
    return (y[:, None] == np.asarray(classes, dtype=object)[None, :]).astype(float)


def _brier(y_true, y_pred, proba, classes) -> float:
    return float(np.mean(np.sum((np.asarray(proba, dtype=float) - _onehot(y_true, classes)) ** 2, axis=1)))


def _log_loss(y_true, y_pred, proba, classes) -> float:
    p = np.clip(np.asarray(proba, dtype=float), LOG_LOSS_EPS, 1 - LOG_LOSS_EPS)
    return float(np.mean(-np.log(np.sum(p * _onehot(y_true, classes), axis=1))))


def h_measure(positive, score, a: float = 2.0, b: float = 2.0) -> float:
    """Hand's (2009) H-measure of a binary scoring: ``H = 1 − L / L_max``.

    With class 1 the positives (higher scores) and class 0 the negatives, priors π1 and π0, a classifier
    thresholded at the point (FPR, TPR) of the ROC convex hull costs, at cost ratio c ∈ (0, 1),
    ``Q(c) = c π0 FPR + (1 − c) π1 (1 − TPR)`` (Hand 2009, eq. 3, costs normalised to sum to 1); its minimum over
    the hull's vertices, averaged over c ~ Beta(a, b) (default Beta(2, 2), Hand 2009, §5), is L, and
    ``L_max = E[min(c π0, (1 − c) π1)]``, the loss of the better trivial classifier at each c. Each integral is
    a difference of regularised incomplete Beta functions on the interval of c where a hull vertex is optimal
    (Hand 2009, §4; the R package hmeasure computes it the same way).

    Parameters
    ----------
    positive : bool array, shape (n,) — True for class 1.
    score : float array, shape (n,) — higher means more likely class 1.
    a, b : the Beta distribution of c (Hand & Anagnostopoulos 2014 vary them; 2, 2 is Hand 2009's).

    Returns
    -------
    float
        H in [0, 1]: 1 for a perfect separation, 0 for a hull on the diagonal.

    Raises
    ------
    ValueError
        Either class is absent (:func:`aucacc.roc.curves.roc_points`).
    """
    from scipy.special import beta as beta_fn
    from scipy.special import betainc

    curve = roc_points(positive, score)
    hull = roc_convex_hull(curve.fpr, curve.tpr)
    fpr, tpr = hull.fpr, hull.tpr
    pi1 = curve.n_pos / (curve.n_pos + curve.n_neg)
    pi0 = 1 - pi1
    # vertex i is optimal for c between the break points of its two segments: c_i of segment (i, i+1) solves
    # c π0 ΔFPR = (1 − c) π1 ΔTPR; they decrease with i along the hull
    d_f, d_t = np.diff(fpr), np.diff(tpr)
    brk = pi1 * d_t / (pi1 * d_t + pi0 * d_f)
    hi = np.r_[1.0, brk]  # vertex i: c in [lo_i, hi_i]
    lo = np.r_[brk, 0.0]
    k_c = beta_fn(a + 1, b) / beta_fn(a, b)  # ∫ c u(c) dc over [0, 1]
    k_1c = beta_fn(a, b + 1) / beta_fn(a, b)  # ∫ (1 − c) u(c) dc
    int_c = k_c * (betainc(a + 1, b, hi) - betainc(a + 1, b, lo))
    int_1c = k_1c * (betainc(a, b + 1, hi) - betainc(a, b + 1, lo))
    loss = float(np.sum(pi0 * fpr * int_c + pi1 * (1 - tpr) * int_1c))
    # L_max: min(c π0, (1 − c) π1) switches at c = π1
    l_max = float(pi0 * k_c * betainc(a + 1, b, pi1) + pi1 * k_1c * (1 - betainc(a, b + 1, pi1)))
    return 1 - loss / l_max


def _h_measure(y_true, y_pred, proba, classes) -> float:
    if len(classes) != 2 or len(_present(y_true, classes)) < 2:
        return float("nan")
    # the project's ranking (the log-odds, ties relative: aucacc.evaluation.metrics.class_score), as the AUC's
    return h_measure(np.asarray(y_true) == classes[1], metrics.class_score(np.asarray(proba, dtype=float), 1))


#: The registry: every measure a study may name (``studies.<name>.measures``), in display order. The direction of
#: each is declared here only.
MEASURES: dict[str, Measure] = {m.name: m for m in (
    Measure("accuracy", "accuracy", True, True, False, _accuracy),
    Measure("auc", "AUC", True, False, False, _auc),
    Measure("aunu", "AUNU", True, False, False, _aunu),
    Measure("aunp", "AUNP", True, False, False, _aunp),
    Measure("brier", "Brier", False, False, False, _brier, points_scale=False),
    Measure("log_loss", "log loss", False, False, False, _log_loss, points_scale=False),
    Measure("balanced_accuracy", "balanced accuracy", True, True, False, _balanced_accuracy),
    Measure("mcc", "MCC", True, False, False, _mcc),
    Measure("macro_f1", "macro F1", True, True, False, _macro_f1),
    Measure("kappa", "kappa", True, True, False, _kappa),
    Measure("h_measure", "H-measure", True, False, True, _h_measure),
)}


def measure_value(name: str, y_true, y_pred, proba, classes) -> float | Fraction:
    """The measure ``name`` of :data:`MEASURES` on one test fold.

    Parameters
    ----------
    name : a key of :data:`MEASURES`.
    y_true, y_pred : arrays, shape (n,) — true and predicted classes.
    proba : float array, shape (n, K) — class probabilities in ``classes`` order.
    classes : the K classes.

    Returns
    -------
    float or Fraction
        A :class:`fractions.Fraction` for an exact measure, else a float (NaN when undefined on the fold).

    Raises
    ------
    KeyError
        ``name`` is not a registered measure (the message lists them).
    """
    if name not in MEASURES:
        raise KeyError(f"unknown measure {name!r}; the measures are {', '.join(MEASURES)}")
    return MEASURES[name].compute(np.asarray(y_true), np.asarray(y_pred), np.asarray(proba, dtype=float),
                                  list(classes))


def fold_measures(scores: pd.DataFrame, names=None) -> pd.DataFrame:
    """Every measure of every test fold of a scores frame (:mod:`aucacc.scores`), nothing retrained.

    Parameters
    ----------
    scores : ``fold, y_true, y_pred, p:<class>...`` (and ``repetition`` for repeated cross-validation).
    names : measures of :data:`MEASURES` (default: all of them, in registry order).

    Returns
    -------
    DataFrame
        One row per ([repetition,] fold, measure): ``[repetition,] fold, measure, value, exact, n_test``; ``value``
        a float on the measure's own scale (0–1 for accuracy and AUC, not percent), NaN when undefined;
        ``exact`` the value as ``"numerator/denominator"`` for an exact measure (:attr:`Measure.exact`), else
        empty. A frame without rows (a skipped learner) gives no rows, the same columns.
    """
    names = list(MEASURES) if names is None else list(names)
    for name in names:
        if name not in MEASURES:
            raise KeyError(f"unknown measure {name!r}; the measures are {', '.join(MEASURES)}")
    keys = ["repetition", "fold"] if "repetition" in scores.columns else ["fold"]
    cols = keys + ["measure", "value", "exact", "n_test"]
    if not len(scores):
        return pd.DataFrame(columns=cols)
    classes = score_classes(scores)
    pcols = [f"p:{c}" for c in classes]
    rows = []
    for key, g in scores.groupby(keys, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        y, yp, P = g["y_true"].to_numpy(), g["y_pred"].to_numpy(), g[pcols].to_numpy(dtype=float)
        for name in names:
            v = MEASURES[name].compute(y, yp, P, classes)
            exact = f"{v.numerator}/{v.denominator}" if isinstance(v, Fraction) else ""
            rows.append({**{k: int(x) for k, x in zip(keys, key)}, "measure": name, "value": float(v),
                         "exact": exact, "n_test": len(g)})
    return pd.DataFrame(rows, columns=cols)


def study_fold_measures(paths, names=None) -> pd.DataFrame:
    """The measures ``names`` of every test fold of the scores files ``paths``, labelled as fold metrics are.

    The job ``study_measures`` calls it on a study's scores (:func:`aucacc.scores.study_files`, kind ``"scores"``),
    so the per-fold measures cost no job of their own: one Python process per study, not one per (data set,
    learner), whose start-up was most of the work (``benchmarks/README.md``, "C/D/E for every pair of measures").

    Parameters
    ----------
    paths : scores files ``.../scores/<protocol>/<data set>/<learner>.parquet`` (:func:`aucacc.scores.score_key`),
        each checked against its provenance record.
    names : measures of :data:`MEASURES` (default: all of them, in registry order).

    Returns
    -------
    DataFrame
        ``dataset, learner, protocol`` (as :func:`aucacc.scores.write_metrics` labels fold metrics), then the
        columns of :func:`fold_measures`; files in the order given.

    Raises
    ------
    KeyError
        A name is not a registered measure.
    aucacc.exceptions.IntegrityError
        A scores file changed after it was written.
    """
    frames = []
    for (protocol, dataset, learner), scores in read_score_files(paths).items():
        m = fold_measures(scores, names)
        m.insert(0, "learner", learner)
        m.insert(0, "dataset", dataset)
        m.insert(2, "protocol", protocol)
        frames.append(m)
    if not frames:
        raise ValueError("study_fold_measures: no scores files given")
    return pd.concat(frames, ignore_index=True)


def read_fold_measures(path) -> pd.DataFrame:
    """A study's per-fold measures file (``results/studies/<study>/tables/fold_measures.csv``, written by the job
    ``study_measures``), checked against its provenance record (:func:`aucacc.provenance.verified`).

    Returns
    -------
    DataFrame
        ``dataset, learner, protocol, [repetition,] fold, measure, value, exact, n_test`` (:func:`study_fold_measures`):
        names as strings (a data set named ``NA`` stays one), ``value`` float (NaN where undefined), ``exact`` a
        string (empty for a real-valued measure).

    Raises
    ------
    aucacc.exceptions.IntegrityError
        The file changed after it was written, or has no provenance record.
    ValueError
        The file lacks a column of :func:`study_fold_measures` (the message names the file and the columns).
    """
    frame = pd.read_csv(verified(path), keep_default_na=False, na_values={"value": ["", "nan", "NaN"]},
                        dtype={"dataset": str, "learner": str, "protocol": str, "measure": str, "exact": str})
    missing = [c for c in ("dataset", "learner", "fold", "measure", "value", "exact") if c not in frame.columns]
    if missing:
        raise ValueError(f"{path}: no column(s) {missing}; a per-fold measures file (the job study_measures writes "
                         f"it) has dataset, learner, protocol, [repetition,] fold, measure, value, exact, n_test")
    frame["value"] = pd.to_numeric(frame["value"]).astype(float)
    return frame


def compare(name: str, a, b) -> int:
    """Which of two values of measure ``name`` is better: 1 (``a``), −1 (``b``) or 0 (tied or either undefined).

    An exact measure (:attr:`Measure.exact`) compares :class:`fractions.Fraction` values (or their
    ``"p/q"`` strings) exactly. A real-valued one ties when ``|a − b| ≤ TIE_RTOL · max(1, |a|, |b|)``
    (:data:`TIE_RTOL`). The direction is the registry's: for a lower-is-better measure the smaller value wins.
    NaN on either side gives 0 here; the C/D/E tally leaves such folds out before it compares.
    """
    m = MEASURES[name]
    if m.exact:
        fa, fb = Fraction(a), Fraction(b)
        d = (fa > fb) - (fa < fb)
    else:
        fa, fb = float(a), float(b)
        if not (np.isfinite(fa) and np.isfinite(fb)) or abs(fa - fb) <= TIE_RTOL * max(1.0, abs(fa), abs(fb)):
            return 0
        d = 1 if fa > fb else -1
    return d if m.higher_better else -d


def study_measure_names(study: Mapping) -> list[str]:
    """The measures of a study's matrix: its config key ``measures``, or every measure of :data:`MEASURES` when it
    is null or absent (the documented default, docs/config-reference.md).

    Raises
    ------
    KeyError
        A name is not a registered measure (the schema refuses it first; the message lists the measures).
    """
    names = list(study.get("measures") or MEASURES)
    unknown = [n for n in names if n not in MEASURES]
    if unknown:
        raise KeyError(f"config key 'measures' names {unknown}, not measures; the measures are {', '.join(MEASURES)}")
    return names
