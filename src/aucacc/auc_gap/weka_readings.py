"""Weka 3.4.2's ROC area as a reading of the published AUCs: the predictions Weka would get, and its area.

A reading ``weka342_<scope>_<positive>_<order>`` (see :mod:`aucacc.auc_gap`) feeds the stored
predictions, in the order and with the positive class it names, to the emulation of Weka
3.4.2's ``ThresholdCurve`` (:mod:`aucacc.weka342`, bug included).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from aucacc.scores import positive_class, score_classes
from aucacc.weka342 import roc_area

WEKA342_SCOPES = ("fold", "pooled")
WEKA342_POSITIVES = ("first", "last", "minority")
WEKA342_ORDERS = ("stored", "reversed", "shuffled")
WEKA342_READINGS = tuple(f"weka342_{s}_{p}_{o}" for s in WEKA342_SCOPES for p in WEKA342_POSITIVES
                         for o in WEKA342_ORDERS)


def weka342_inputs(scores: pd.DataFrame, scope: str, positive: str, order: str,
                   seed: int = 0) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """The predictions Weka 3.4.2 would get: ``(actual, proba, class_index)`` per fold, or one if pooled.

    Parameters
    ----------
    scores : stored scores (``row, fold, y_true, p:<class>…``).
    scope : ``"fold"`` or ``"pooled"`` (all folds appended fold by fold, as Weka's CV does).
    positive : ``"first"``, ``"last"`` (Weka's default ``getCurve`` class) or ``"minority"``
        (fewest instances in the data set; :func:`aucacc.scores.positive_class`).
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

    Raises
    ------
    ValueError
        ``reading`` is not one of :data:`WEKA342_READINGS`.
    """
    if reading not in WEKA342_READINGS:
        raise ValueError(f"unknown Weka 3.4.2 AUC reading {reading!r}; known: {WEKA342_READINGS}")
    _, scope, positive, order = reading.split("_")
    vals = np.array([roc_area(a, p, c) for a, p, c in weka342_inputs(scores, scope, positive, order, seed)])
    return 100 * vals[np.isfinite(vals)]


def weka342_cases(scores: pd.DataFrame, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """Every Weka 3.4.2 input of one scores frame (all scopes, positive classes and orders), for tests."""
    return [case for s in WEKA342_SCOPES for p in WEKA342_POSITIVES for o in WEKA342_ORDERS
            for case in weka342_inputs(scores, s, p, o, seed)]
