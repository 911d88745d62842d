"""The ROC convex hull over several learners on tidy frames: vertices, dominators, ROCCH-hybrid.

Provost & Fawcett (2001): the hull (§2.2.2-2.2.3), the dominating classifier per slope range
(§4.2, their Table 2), the hybrid with interpolation between vertices (§3.1) for a target FPR
(Neyman–Pearson) and under their other constraints (workforce, precision, lift). The numpy
computations are in :mod:`aucacc.roc.hull`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from aucacc.roc.curves import auc_from_points
from aucacc.roc.hull import (COLLINEAR_TOL, Hull, hybrid_for_fpr, hybrid_for_precision, hybrid_for_slope,
                            hybrid_for_workforce, rates, roc_convex_hull)

ALWAYS_NEGATIVE = "(always negative)"


ALWAYS_POSITIVE = "(always positive)"


def _by_vertex(hull: pd.DataFrame) -> tuple[pd.DataFrame, Hull]:
    """A :func:`rocch_table` frame in vertex order (index 0, 1, ...) and the same hull as a :class:`Hull`."""
    hull = hull.sort_values("vertex").reset_index(drop=True)
    return hull, Hull(fpr=hull["fpr"].to_numpy(float), tpr=hull["tpr"].to_numpy(float), index=hull.index.to_numpy(),
                      slope_min=hull["slope_min"].to_numpy(float), slope_max=hull["slope_max"].to_numpy(float))


def rocch_table(points):
    """ROC convex hull over several learners' points, with each vertex's slope range.

    Parameters
    ----------
    points : DataFrame with columns ``learner, fpr, tpr`` (and any others, e.g. ``threshold``,
        carried along), e.g. :func:`operating_points` of every learner stacked.

    Returns
    -------
    DataFrame, one row per hull vertex by increasing FPR: the input columns of that point
    (``learner`` is ``"(always negative)"`` / ``"(always positive)"`` for the trivial end points
    (0, 0) and (1, 1)), ``slope_min``, ``slope_max`` (the vertex is optimal for iso-performance
    slopes in that range, Provost & Fawcett 2001 §2.2.1), ``vertex`` (0, 1, …) and ``tied_with``
    (other learners with exactly the same point; the first in input order is the vertex).
    """
    pts = points.reset_index(drop=True)
    h = roc_convex_hull(pts["fpr"].to_numpy(), pts["tpr"].to_numpy())
    rows = []
    for i, k in enumerate(h.index):
        if k >= 0:
            rec = pts.iloc[int(k)].to_dict()
        else:
            rec = {c: np.nan for c in pts.columns}
            rec.update(learner=ALWAYS_NEGATIVE if h.fpr[i] == 0 else ALWAYS_POSITIVE, fpr=float(h.fpr[i]),
                       tpr=float(h.tpr[i]))
            if "threshold" in pts.columns:
                rec["threshold"] = np.inf if h.fpr[i] == 0 else -np.inf
        # Other learners with the very same point (e.g. several perfect at (0, 1)).
        same = (np.abs(pts["fpr"] - h.fpr[i]) < COLLINEAR_TOL) & (np.abs(pts["tpr"] - h.tpr[i]) < COLLINEAR_TOL)
        others = [x for x in dict.fromkeys(pts.loc[same, "learner"]) if x != rec["learner"]]
        rec.update(vertex=i, slope_min=float(h.slope_min[i]), slope_max=float(h.slope_max[i]),
                   tied_with=", ".join(others))
        rows.append(rec)
    return pd.DataFrame(rows)


def dominators(hull):
    """Merge consecutive hull vertices of one learner into slope ranges (Provost & Fawcett 2001, Table 2).

    Parameters
    ----------
    hull : :func:`rocch_table` output.

    Returns
    -------
    DataFrame with columns ``learner, slope_min, slope_max, n_vertices, tied_with`` (learners
    with the very same point at some merged vertex), ordered from the flattest slopes (many
    positives predicted) to the steepest, as Provost & Fawcett list them; empty ranges (a
    vertical first or horizontal last hull segment) are left out.
    """
    out: list[dict] = []
    for r in hull.sort_values("vertex", ascending=False).to_dict("records"):
        if r["slope_min"] == r["slope_max"]:
            continue
        tied = [x.strip() for x in str(r.get("tied_with") or "").split(",") if x.strip() and x.strip() != "nan"]
        if out and out[-1]["learner"] == r["learner"]:
            out[-1]["slope_max"] = r["slope_max"]
            out[-1]["n_vertices"] += 1
            out[-1]["tied"] += [x for x in tied if x not in out[-1]["tied"]]
        else:
            out.append({"learner": r["learner"], "slope_min": r["slope_min"], "slope_max": r["slope_max"],
                        "n_vertices": 1, "tied": tied})
    for o in out:
        o["tied_with"] = ", ".join(o.pop("tied"))
    return pd.DataFrame(out, columns=["learner", "slope_min", "slope_max", "n_vertices", "tied_with"])


def hybrid_choices(hull, slopes):
    """ROCCH-hybrid for given iso-performance slopes: which learner, threshold and point to use.

    Parameters
    ----------
    hull : :func:`rocch_table` output.
    slopes : iterable of slopes ``m >= 0`` (:func:`iso_slope`).

    Returns
    -------
    DataFrame, one row per slope: ``slope`` and the chosen vertex's columns (``learner``,
    ``threshold`` if present, ``fpr``, ``tpr``, …); ties go to the lower FPR (:func:`hybrid_for_slope`).
    """
    hull, h = _by_vertex(hull)
    rows = []
    for m in slopes:
        rows.append({"slope": float(m), **hull.iloc[hybrid_for_slope(h, float(m))].to_dict()})
    return pd.DataFrame(rows)


def hull_auc(hull) -> float:
    """Area under the hull of a :func:`rocch_table` frame."""
    h = hull.sort_values("vertex")
    return auc_from_points(h["fpr"].to_numpy(float), h["tpr"].to_numpy(float))


def candidate_auc(fpr, tpr) -> float:
    """Area under one learner's hull candidates, closed as the hull closes them (Provost & Fawcett 2001, Knowl 7).

    The ROCCH of several learners (:func:`rocch_table`) is built from each learner's candidate
    points (:func:`aucacc.roc.operating_points`, e.g. its threshold-averaged points) and the
    trivial classifiers (0, 0) and (1, 1). This is the area of that learner's own curve over the
    same points: trapezoids (Fawcett 2006, Alg. 3) through (0, 0), the points by increasing FPR
    (then TPR, the hull's order) and (1, 1). The hull lies on or above every such curve, so
    :func:`hull_auc` is at least this for every learner it is built from; a learner's mean fold
    AUC is the area of other curves (the folds') and need not be.

    Parameters
    ----------
    fpr, tpr : float arrays, shape (k,)
        The learner's candidate points, rates in [0, 1], in any order (k may be 0: the area is
        the diagonal's, 0.5). Points equal to (0, 0) or (1, 1) add nothing.

    Returns
    -------
    float
        The area, in [0, 1].

    Raises
    ------
    ValueError
        Shapes differ, NaN, or a rate outside [0, 1].
    """
    x, y = rates(fpr, tpr)
    order = np.lexsort((y, x))  # by fpr, then tpr, as roc_convex_hull orders the points
    return auc_from_points(np.r_[0.0, x[order], 1.0], np.r_[0.0, y[order], 1.0])


def zoom_box(hull, sizes=(0.05, 0.1, 0.2, 0.3, 0.5)):
    """Smallest upper-left box ``[0, z] × [1 − z, 1]`` whose centre the hull passes above (TPR >= 1 − z/2 at FPR z/2).

    Returns ``(z, 1 − z)`` or None when no listed size fits (the hull is far from the corner).
    """
    _, hx = _by_vertex(hull)
    for z in sizes:
        if hybrid_for_fpr(hx, z / 2)[3] >= 1 - z / 2:
            return z, 1 - z
    return None


def hybrid_at_fprs(hull, fprs):
    """ROCCH-hybrid for target false-positive rates (Neyman–Pearson): the two vertices to mix.

    Parameters
    ----------
    hull : :func:`rocch_table` output.
    fprs : iterable of target FPRs in [0, 1].

    Returns
    -------
    DataFrame, one row per target: ``target_fpr``, the left and right vertices' ``learner_*``,
    ``threshold_*`` (if present), ``fpr_*``, ``tpr_*``, ``q`` (probability of using the right
    vertex's decision) and the expected ``tpr`` (:func:`hybrid_for_fpr`). At a vertex both
    sides are that vertex and ``q = 0``.
    """
    hull, h = _by_vertex(hull)
    rows = []
    for x in fprs:
        left, right, q, tp = hybrid_for_fpr(h, float(x))
        rec = {"target_fpr": float(x)}
        for side, k in (("left", left), ("right", right)):
            for col in ("learner", "threshold", "fpr", "tpr"):
                if col in hull.columns:
                    rec[f"{col}_{side}"] = hull.at[k, col]
        rec.update(q=q, tpr=tp)
        rows.append(rec)
    return pd.DataFrame(rows)


#: The Provost & Fawcett constraints of :func:`hybrid_under_constraints`, in table order.
CONSTRAINTS = ("workforce", "precision", "lift")


def hybrid_under_constraints(hull, n_pos: int, n_neg: int, workforce=(), min_precision=(), lift_fraction=()):
    """ROCCH-hybrid under Provost & Fawcett's (2001) constraints other than Neyman–Pearson.

    - ``workforce``: at most K instances predicted positive (TPR·P + FPR·N ≤ K), the highest
      TPR (:func:`aucacc.roc.hull.hybrid_for_workforce`);
    - ``precision``: precision ≥ p, the highest TPR (:func:`aucacc.roc.hull.hybrid_for_precision`);
    - ``lift``: a fraction f of the instances presented (K = f·(P + N)), the highest lift
      TPR / f, which is the workforce optimum at that K.

    Parameters
    ----------
    hull : :func:`rocch_table` output of one data set and positive class.
    n_pos, n_neg : int — its class sizes P and N.
    workforce : iterable of K ≥ 0 (instances). min_precision : iterable of p in [0, 1).
    lift_fraction : iterable of f in (0, 1].

    Returns
    -------
    DataFrame, one row per constraint value: ``constraint`` (:data:`CONSTRAINTS`), ``value``,
    the left and right vertices' ``learner_*``, ``threshold_*`` (if present), ``fpr_*``,
    ``tpr_*``, ``q`` (probability of using the right vertex's decision), the expected ``fpr``,
    ``tpr``, ``predicted_positive`` = TPR·P + FPR·N, ``precision`` (NaN if nothing is predicted
    positive) and ``lift`` = precision / (P / (P + N)).

    Raises
    ------
    ValueError
        A lift fraction outside (0, 1], or the errors of the two hull functions.
    """
    hull, h = _by_vertex(hull)
    n = n_pos + n_neg
    todo = ([("workforce", float(k), hybrid_for_workforce(h, n_pos, n_neg, float(k))) for k in workforce]
            + [("precision", float(p), hybrid_for_precision(h, n_pos, n_neg, float(p))) for p in min_precision])
    for f in lift_fraction:
        if not 0 < float(f) <= 1:
            raise ValueError(f"lift fraction must lie in (0, 1], got {f}")
        todo.append(("lift", float(f), hybrid_for_workforce(h, n_pos, n_neg, float(f) * n)))
    rows = []
    for name, value, (left, right, q, fp, tp) in todo:
        rec = {"constraint": name, "value": value}
        for side, k in (("left", left), ("right", right)):
            for col in ("learner", "threshold", "fpr", "tpr"):
                if col in hull.columns:
                    rec[f"{col}_{side}"] = hull.at[k, col]
        npp = tp * n_pos + fp * n_neg
        prec = tp * n_pos / npp if npp > 0 else np.nan
        rec.update(q=q, fpr=fp, tpr=tp, predicted_positive=npp, precision=prec, lift=prec / (n_pos / n))
        rows.append(rec)
    return pd.DataFrame(rows)
