"""ROC analysis from stored fold scores: one data set (rule ``roc_dataset``) and the tables over
the data sets (rule ``roc_tables``). Fawcett (2006); Provost & Fawcett (2001)."""

from __future__ import annotations

import logging

import numpy as np
import pandas as pd

from aucacc.captions import caption
from aucacc.evaluation.metrics import rank_auc
from aucacc.roc.curves import RocCurve, ranking_key, roc_points, threshold_average, vertical_average
from aucacc.roc.det import det_table
from aucacc.roc.rocch import (candidate_auc, dominators, hull_auc, hybrid_at_fprs, hybrid_choices,
                              hybrid_under_constraints, rocch_table)
from aucacc.scores import UNDEFINED_MARK, mark_partial, positive_class
from aucacc.tables import Table, split_frame

log = logging.getLogger(__name__)

#: The AUC of a fold's ROC points (trapezoids) and the metric module's rank AUC differ by rounding only.
AUC_TOL = 1e-9
_KEYS = ["dataset", "positive"]

HULL_POINTS = ("threshold", "pooled", "vertical")


class _Prepared:
    """What every positive class reads of one learner's scores frame, computed once per frame.

    ``y`` — the true classes as str (the frames' ``y_true``, whatever its dtype); ``folds`` —
    ``(fold id, row positions)`` by increasing fold id, the positions in frame order, as
    ``groupby("fold", sort=True)`` gives the groups. A data set with c classes is read c times
    one-vs-rest, so converting and grouping once instead of c times is what keeps a 26-class set
    (letter) cheap.
    """

    def __init__(self, scores: pd.DataFrame):
        self.scores = scores
        self.y = scores["y_true"].astype(str).to_numpy()
        fold = scores["fold"].to_numpy()
        ids, inv = np.unique(fold, return_inverse=True)
        order = np.argsort(inv, kind="stable")
        bounds = np.cumsum(np.bincount(inv, minlength=ids.size))[:-1]
        self.folds = list(zip(ids.tolist(), np.split(order, bounds)))

    def column(self, positive: str) -> np.ndarray:
        """``p:<positive>`` as an array (``ValueError`` naming the columns when there is none)."""
        col = f"p:{positive}"
        if col not in self.scores.columns:
            raise ValueError(f"scores have no column {col!r} (columns: {list(self.scores.columns)})")
        return self.scores[col].to_numpy()

    def key(self, positive: str) -> np.ndarray | None:
        """:func:`~aucacc.roc.curves.ranking_key` of ``positive`` (two classes: the stored AUC's ranking)."""
        return ranking_key(self.scores, positive)


def fold_curves(scores, positive: str) -> tuple[list[RocCurve], list[int]]:
    """One ROC curve per test fold of a stored scores frame, ranking by ``p:<positive>`` (two classes:
    by :func:`~aucacc.roc.curves.ranking_key`, ties up to rounding as in the stored AUC).

    Parameters
    ----------
    scores : DataFrame with columns ``fold, y_true, p:<class>…``
        (:func:`aucacc.evaluation.cross_validate.cross_validate`).
    positive : the class treated as positive (one-vs-rest for more than two classes).

    Returns
    -------
    (curves, folds) — the curves and their fold ids. Folds without both classes are left out
    (their ROC points are undefined); compare ``len(folds)`` with the number of folds.

    Raises
    ------
    ValueError
        ``p:<positive>`` is not a column.
    """
    prep = scores if isinstance(scores, _Prepared) else _Prepared(scores)
    return _fold_curves(prep, str(positive), prep.column(positive), prep.key(str(positive)))


def _fold_curves(prep: _Prepared, positive: str, score: np.ndarray,
                 key: np.ndarray | None = None) -> tuple[list[RocCurve], list[int]]:
    """:func:`fold_curves` of prepared scores, ``score`` the ``p:<positive>`` column, ``key`` its ranking key."""
    is_pos = prep.y == positive
    curves, folds = [], []
    for k, idx in prep.folds:
        pos = is_pos[idx]
        if pos.all() or not pos.any():
            continue
        curves.append(roc_points(pos, score[idx], None if key is None else key[idx]))
        folds.append(int(k))
    return curves, folds


def _trivial(fpr, tpr):
    """Mask of the trivial end points (0, 0) and (1, 1) among ROC points ``fpr, tpr`` (arrays or Series): every
    learner has them, so the hull's candidates leave them out (:func:`operating_points`)."""
    return ((fpr == 0) & (tpr == 0)) | ((fpr == 1) & (tpr == 1))


def operating_points(curves, kind: str, n_points: int, n_thresholds: int, pooled: RocCurve | None = None):
    """Candidate operating points of one learner for the hull, as a frame.

    Parameters
    ----------
    curves : the learner's fold curves.
    kind : ``"threshold"`` — threshold-averaged points (Fawcett 2006, Alg. 5; each has a score
        threshold and fold sd of both rates); ``"pooled"`` — the ROC points of all folds' test
        instances merged (needs ``pooled``; the sd columns are NaN); ``"vertical"`` —
        vertically averaged points (Alg. 4; no threshold, so ``threshold`` is NaN).
    n_points, n_thresholds : grid sizes of the two averages.
    pooled : the pooled curve, for ``kind="pooled"``.

    Returns
    -------
    DataFrame with columns ``threshold, fpr, tpr, fpr_sd, tpr_sd`` (one row per point; the
    trivial end points (0, 0) and (1, 1) are dropped, every learner has them).

    Raises
    ------
    ValueError
        Unknown ``kind``, or ``kind="pooled"`` without ``pooled``.
    """
    if kind == "threshold":
        t = threshold_average(curves, n_thresholds)
        df = pd.DataFrame({"threshold": t.thresholds, "fpr": t.fpr_mean, "tpr": t.tpr_mean,
                           "fpr_sd": t.fpr_sd, "tpr_sd": t.tpr_sd})
    elif kind == "pooled":
        if pooled is None:
            raise ValueError("kind='pooled' needs the pooled curve")
        nan = np.full(pooled.fpr.size, np.nan)
        df = pd.DataFrame({"threshold": pooled.thresholds, "fpr": pooled.fpr, "tpr": pooled.tpr,
                           "fpr_sd": nan, "tpr_sd": nan})
    elif kind == "vertical":
        v = vertical_average(curves, n_points)
        df = pd.DataFrame({"threshold": np.nan, "fpr": v.fpr, "tpr": v.tpr_mean, "fpr_sd": 0.0, "tpr_sd": v.tpr_sd})
    else:
        raise ValueError(f"kind must be one of {HULL_POINTS}, got {kind!r}")
    return df.loc[~_trivial(df["fpr"], df["tpr"])].reset_index(drop=True)


def analyse(frames, positive: str, hull_points: str, n_points: int, n_thresholds: int) -> dict:
    """ROC analysis of several learners' stored scores on one data set, for one positive class.

    Parameters
    ----------
    frames : mapping learner -> scores frame (:func:`fold_curves`), same instances and folds.
    positive : the positive class (one-vs-rest for more than two classes).
    hull_points : which points the hull is built from (:func:`operating_points`).
    n_points, n_thresholds : grid sizes of vertical and threshold averaging.

    Returns
    -------
    dict with
        ``curves`` — DataFrame ``learner, kind, threshold, fpr, tpr, fpr_sd, tpr_sd``, kind
        ``vertical`` (Alg. 4), ``threshold`` (Alg. 5) or ``pooled`` (all folds merged);
        ``folds`` — DataFrame ``learner, fold, auc_points, n_points`` (trapezoid AUC of each fold's
        ROC points and the number of points);
        ``hull`` — :func:`rocch_table` over every learner's ``hull_points`` points.

    Raises
    ------
    ValueError
        A learner has no fold with both classes, or the frames' instances differ.
    """
    _check_same_instances(frames)
    return _analyse({lrn: _Prepared(sc) for lrn, sc in frames.items()}, positive, hull_points, n_points,
                    n_thresholds)


def _check_same_instances(frames) -> None:
    """``ValueError`` naming the first learner whose rows, folds or true classes differ from the first learner's."""
    ref = None
    for learner, sc in frames.items():
        key = sc.sort_values("row")[["row", "fold", "y_true"]].to_numpy()
        if ref is None:
            ref = key
        elif key.shape != ref.shape or not (key == ref).all():
            raise ValueError(f"learner {learner!r}: instances or folds differ from the other learners'")


def _analyse(prepared: dict, positive: str, hull_points: str, n_points: int, n_thresholds: int) -> dict:
    """:func:`analyse` of frames already checked and prepared (:class:`_Prepared`, one per learner)."""
    positive = str(positive)
    curves_rows, fold_rows, cand = [], [], []
    for learner, prep in prepared.items():
        score, key = prep.column(positive), prep.key(positive)
        curves, folds = _fold_curves(prep, positive, score, key)
        if not curves:
            raise ValueError(f"learner {learner!r}: no fold has both classes")
        pooled = roc_points(prep.y == positive, score, key)
        v = vertical_average(curves, n_points)
        t = threshold_average(curves, n_thresholds)
        curves_rows += [
            pd.DataFrame({"learner": learner, "kind": "vertical", "threshold": np.nan, "fpr": v.fpr,
                          "tpr": v.tpr_mean, "fpr_sd": 0.0, "tpr_sd": v.tpr_sd}),
            pd.DataFrame({"learner": learner, "kind": "threshold", "threshold": t.thresholds, "fpr": t.fpr_mean,
                          "tpr": t.tpr_mean, "fpr_sd": t.fpr_sd, "tpr_sd": t.tpr_sd}),
            pd.DataFrame({"learner": learner, "kind": "pooled", "threshold": pooled.thresholds, "fpr": pooled.fpr,
                          "tpr": pooled.tpr, "fpr_sd": np.nan, "tpr_sd": np.nan}),
        ]
        fold_rows += [{"learner": learner, "fold": k, "auc_points": c.auc, "n_points": c.fpr.size}
                      for c, k in zip(curves, folds)]
        cand.append(operating_points(curves, hull_points, n_points, n_thresholds, pooled).assign(learner=learner))
    hull = rocch_table(pd.concat(cand, ignore_index=True)[["learner", "threshold", "fpr", "tpr", "fpr_sd", "tpr_sd"]])
    return {"curves": pd.concat(curves_rows, ignore_index=True), "folds": pd.DataFrame(fold_rows), "hull": hull}


def roc_dataset(dataset: str, classes, frames: dict, metrics: dict, positive: str | None,
                hull_points: str, n_points: int, n_thresholds: int):
    """ROC analysis of one data set (rule ``roc_dataset``): curves, hull and AUC check.

    Binary data: one positive class (:func:`positive_class`). Multi-class without a configured
    positive: each class against the rest (Fawcett 2006, §9).

    Parameters
    ----------
    dataset : str
    classes : sequence of str
        The data's classes in order (``results/data/<dataset>.json``).
    frames : dict learner -> DataFrame
        Stored scores (``results/scores/<protocol>/<dataset>/<learner>.parquet``).
    metrics : dict learner -> DataFrame
        Stored fold metrics (``results/metrics/...csv``); the binary AUC check compares with them.
    positive : str or None
        Configured positive class (``studies.<name>.positive``; None: the minority class, or one-vs-rest).
    hull_points, n_points, n_thresholds
        As in :func:`analyse` (config ``roc.hull_points``, ``roc.n_points``, ``roc.n_thresholds``).

    Returns
    -------
    dict
        ``{"curves", "hull", "check", "det"}`` frames (columns of :func:`analyse` plus ``dataset,
        positive, n_pos, n_neg``; ``hull`` adds ``hull_points, n_classes``; ``check`` adds
        ``auc_reference, reference, abs_diff, folds_total`` (the number of test folds, of which those
        without both classes have no row); ``det`` is :func:`aucacc.roc.det.det_table` of the
        pooled folds). The figures are drawn from them
        (:func:`aucacc.report.plots.roc.roc_dataset_figure`, :func:`aucacc.report.plots.det.det_figure`).
    """
    classes = [str(c) for c in classes]
    y = next(iter(frames.values()))["y_true"].astype(str).to_numpy()
    positives = [positive_class(classes, y, positive)] if len(classes) == 2 or positive else classes
    _check_same_instances(frames)
    prepared = {lrn: _Prepared(sc) for lrn, sc in frames.items()}  # once, not once per positive class
    curves, hulls, checks, dets = [], [], [], []
    for pos in positives:
        res = _analyse(prepared, pos, hull_points, n_points, n_thresholds)
        n_pos = int((y == pos).sum())
        info = {"dataset": dataset, "positive": pos, "n_pos": n_pos, "n_neg": len(y) - n_pos}
        curves.append(res["curves"].assign(**info))
        dets.append(det_table(frames, pos).assign(**info))
        hulls.append(res["hull"].assign(**info, hull_points=hull_points, n_classes=len(classes)))
        folds = res["folds"]
        for lrn in frames:
            f = folds[folds["learner"] == lrn].copy()
            if len(classes) == 2:
                # The metric module's stored fold AUC: it ranks the class whose name sorts last by class_score,
                # whose ties are the ROC points' (the same key, negated when pos is the other class).
                m = metrics[lrn].query("metric == 'auc'").set_index("fold")["value"] / 100
                f["auc_reference"] = f["fold"].map(m)
                f["reference"] = "stored fold AUC (metrics.auc)"
            else:
                prep = prepared[lrn]
                is_pos, score = prep.y == pos, prep.key(pos)  # the ROC points' ranking: log p (ties relative)
                ref = {k: rank_auc(is_pos[idx], score[idx]) for k, idx in prep.folds
                       if is_pos[idx].any() and not is_pos[idx].all()}
                f["auc_reference"] = f["fold"].map(ref)
                f["reference"] = "metrics.rank_auc one-vs-rest"
            checks.append(f.assign(**info, folds_total=int(frames[lrn]["fold"].nunique())))
        log.info("%s, positive %s: hull area %.4f, %d vertices", dataset, pos, hull_auc(res["hull"]), len(res["hull"]))
    curves, hulls, checks = (pd.concat(x, ignore_index=True) for x in (curves, hulls, checks))
    checks["abs_diff"] = (checks["auc_points"] - checks["auc_reference"]).abs()
    det = pd.concat(dets, ignore_index=True)[["dataset", "positive", "learner", "threshold", "fpr", "fnr", "n_pos",
                                              "n_neg"]]
    return {"curves": curves, "hull": hulls, "check": checks, "det": det}


def _fmt_range(lo, hi):
    return f"[{lo:.3g}, {'∞' if np.isinf(hi) else format(hi, '.3g')}]"


def auc_check_table(check: pd.DataFrame) -> Table:
    """Fold AUC from the ROC points against the metric module's, fold by fold (table ``roc_auc_check``).

    A test fold without both classes (the positive class, or every other class, absent) has
    no ROC points and no row; the display counts such folds (``undefined_folds``, from
    ``folds_total`` when ``check`` has it) and a note marked
    :data:`~aucacc.scores.UNDEFINED_MARK` names them.

    Raises
    ------
    RuntimeError
        If any fold differs by more than :data:`AUC_TOL`.
    """
    bad = check[~(check["abs_diff"] <= AUC_TOL)]
    if len(bad):
        raise RuntimeError(f"AUC from ROC points differs from the metric module's in {len(bad)} folds:\n"
                           f"{bad.head(20).to_string()}")
    summ = (check.groupby(_KEYS + ["learner", "reference"], sort=False)
            .agg(n_folds=("fold", "count"), auc_points=("auc_points", "mean"), auc_reference=("auc_reference", "mean"),
                 max_abs_diff=("abs_diff", "max")).reset_index())
    notes = []
    if "folds_total" in check.columns:
        # Per learner, not per reference: a learner's folds can be split over two references.
        per = check.groupby(_KEYS + ["learner"], sort=False).agg(total=("folds_total", "max"), n=("fold", "count"))
        idx = pd.MultiIndex.from_frame(summ[_KEYS + ["learner"]])
        summ["undefined_folds"] = (per["total"] - per["n"]).reindex(idx).to_numpy()
        for (d, pos), g in summ[summ["undefined_folds"] > 0].groupby(_KEYS, sort=False):
            n = int(g["undefined_folds"].max())
            notes.append(f"{UNDEFINED_MARK} {d} (positive {pos}): {n} of {n + int(g['n_folds'].max())} test folds "
                         "lack the positive class or every other class, so they have no ROC points and no AUC; "
                         "the means are over the other folds.")
        summ = mark_partial(summ)
    cols = _KEYS + ["learner", "fold", "auc_points", "auc_reference", "abs_diff", "reference", "n_points"]
    cols += ["folds_total"] if "folds_total" in check.columns else []
    return Table(check[cols], floatfmt=".6g", display=summ, notes=notes,
                 caption=caption("roc_auc_check"))


def dominators_table(hull: pd.DataFrame) -> Table:
    """Table ``rocch_dominators``: one row per hull vertex; the display merges them into slope ranges."""
    cols = _KEYS + ["vertex", "learner", "threshold", "fpr", "tpr", "fpr_sd", "tpr_sd", "slope_min", "slope_max",
                    "tied_with", "hull_points", "n_pos", "n_neg"]
    rng = []
    for (d, pos), g in hull.groupby(_KEYS, sort=False):
        for r in dominators(g).itertuples(index=False):
            rng.append({"dataset": d, "positive": pos, "slope range": _fmt_range(r.slope_min, r.slope_max),
                        "dominator": r.learner, "hull vertices": r.n_vertices, "same point also": r.tied_with})
    return Table(hull[cols], floatfmt=".4g", display=pd.DataFrame(rng),
                 caption=caption("rocch_dominators"))


def hybrid_regret(ch: pd.DataFrame, aucs: pd.Series, curves: pd.DataFrame, kind: str, n_pos: int,
                  n_neg: int) -> pd.DataFrame:
    """The learner of highest mean fold AUC, committed to in advance, against the ROCCH-hybrid.

    At a known slope ``m`` the hybrid's vertex is some learner's point; what it adds is not
    having to commit to one learner in advance. The AUC-best learner is run at its own best
    threshold for ``m`` (its ``kind`` points plus the trivial classifiers); the regret is the
    hybrid's advantage in ``TP - m FP`` (rates).

    Parameters
    ----------
    ch : DataFrame
        :func:`aucacc.roc.hybrid_choices` rows of one data set and positive class (``slope``,
        ``fpr``, ``tpr``).
    aucs : Series learner -> mean fold AUC.
    curves : DataFrame
        That data set's curves (``learner, kind, fpr, tpr``).
    kind : str
        The points the hull was built from.
    n_pos, n_neg : int
        Class sizes (accuracy at the data's class distribution).

    Returns
    -------
    DataFrame
        ``ch`` with ``accuracy, auc_best_learner, auc_best_accuracy, regret``.
    """
    ch = ch.copy()
    acc = lambda fp, tp: (n_pos * tp + n_neg * (1 - fp)) / (n_pos + n_neg)  # noqa: E731
    ch["accuracy"] = acc(ch["fpr"], ch["tpr"])
    top = aucs.idxmax()
    pts = curves[(curves["learner"] == top) & (curves["kind"] == kind)]
    fp, tp = np.r_[pts["fpr"], 0.0, 1.0], np.r_[pts["tpr"], 0.0, 1.0]  # trivial classifiers allowed
    best = [int(np.argmax(tp - m * fp)) for m in ch["slope"]]
    ch["auc_best_learner"] = top
    ch["auc_best_accuracy"] = [acc(fp[k], tp[k]) for k in best]
    own = np.array([tp[k] - m * fp[k] for k, m in zip(best, ch["slope"])])
    ch["regret"] = ch["tpr"] - ch["slope"] * ch["fpr"] - own
    return ch


def hybrid_table(hull: pd.DataFrame, check: pd.DataFrame, curves: pd.DataFrame, slopes) -> Table:
    """Table ``rocch_hybrid``: the vertex to use at each slope and at m = N/P, with :func:`hybrid_regret`."""
    rows = []
    # one grouping of the stacked frames, not a comparison of all of them per data set and class
    check_of, curves_of = split_frame(check, _KEYS), split_frame(curves, _KEYS)
    for (d, pos), g in hull.groupby(_KEYS, sort=False):
        n_pos, n_neg = int(g["n_pos"].iloc[0]), int(g["n_neg"].iloc[0])
        conds = [(f"m = {m:g}", float(m)) for m in slopes] + [("accuracy (m = N/P)", n_neg / n_pos)]
        ch = hybrid_choices(g, [m for _, m in conds])
        ch.insert(0, "condition", [c for c, _ in conds])
        aucs = check_of[(d, pos)].groupby("learner")["auc_points"].mean()
        cv = curves_of[(d, pos)]
        rows.append(hybrid_regret(ch, aucs, cv, g["hull_points"].iloc[0], n_pos, n_neg))
    hyb = pd.concat(rows, ignore_index=True)[_KEYS + ["condition", "slope", "learner", "threshold", "fpr", "tpr",
                                                      "accuracy", "tied_with", "auc_best_learner",
                                                      "auc_best_accuracy", "regret"]]
    return Table(hyb, floatfmt=".4g",
                 caption=caption("rocch_hybrid"))


def fpr_targets_table(hull: pd.DataFrame, target_fpr) -> Table:
    """Table ``rocch_fpr_targets``: mix the two hull vertices around each FPR limit (Provost & Fawcett §3.1)."""
    tg = []
    for (d, pos), g in hull.groupby(_KEYS, sort=False):
        t = hybrid_at_fprs(g, target_fpr)
        t.insert(0, "positive", pos)
        t.insert(0, "dataset", d)
        tg.append(t)
    return Table(pd.concat(tg, ignore_index=True), floatfmt=".4g",
                 caption=caption("rocch_fpr_targets"))


def constraints_table(hull: pd.DataFrame, workforce=(), min_precision=(), lift_fraction=()) -> Table:
    """Table ``rocch_constraints``: the ROCCH-hybrid under Provost & Fawcett's workforce, precision and
    lift constraints (:func:`aucacc.roc.rocch.hybrid_under_constraints`), per data set and positive class."""
    tg = []
    for (d, pos), g in hull.groupby(_KEYS, sort=False):
        t = hybrid_under_constraints(g, int(g["n_pos"].iloc[0]), int(g["n_neg"].iloc[0]), workforce, min_precision,
                                     lift_fraction)
        t.insert(0, "positive", pos)
        t.insert(0, "dataset", d)
        tg.append(t)
    return Table(pd.concat(tg, ignore_index=True), floatfmt=".4g", caption=caption("rocch_constraints"))


def learner_auc_table(hull: pd.DataFrame, check: pd.DataFrame, curves: pd.DataFrame) -> Table:
    """Table ``rocch_learner_auc``: each learner's area over the very points the hull is built from.

    Per data set and positive class the ROCCH (``hull``) is built from every learner's
    ``hull_points`` points (the rows of ``curves`` of that ``kind``; the trivial end points
    aside, :func:`operating_points`) and (0, 0), (1, 1). Each learner's :func:`candidate_auc`
    of those points is the area its own curve over them encloses, which Provost & Fawcett's
    Knowl 7 bounds by the hull's area; beside it the learner's mean fold AUC (``check``), the
    area of other curves (one per fold).

    Parameters
    ----------
    hull, check, curves : DataFrame
        The per-data-set tables of :func:`roc_dataset`, stacked (``hull`` gives the pairs and
        their ``hull_points``; ``curves`` the points; ``check`` the fold AUCs).

    Returns
    -------
    Table
        One row per (dataset, positive, learner), in the hull's order of pairs and the curves'
        order of learners: ``dataset, positive, learner, hull_points`` (the kind of points),
        ``n_points`` (non-trivial candidate points), ``auc`` (:func:`candidate_auc`) and
        ``auc_folds`` (mean fold AUC of the ROC points, as in ``roc_auc_check``).

    Raises
    ------
    ValueError
        A pair's ``hull_points`` is not one kind, or its points are not rates
        (:func:`candidate_auc`).
    """
    rows = []
    check_of, curves_of = split_frame(check, _KEYS), split_frame(curves, _KEYS)
    for (d, pos), g in hull.groupby(_KEYS, sort=False):
        kinds = g["hull_points"].dropna().unique()
        if len(kinds) != 1:
            raise ValueError(f"data set {d!r}, positive {pos!r}: hull vertices name {len(kinds)} kinds of "
                             f"hull points ({list(kinds)}); each hull is built from one kind (config roc.hull_points)")
        kind = str(kinds[0])
        cv = curves_of[(d, pos)]
        folds = check_of[(d, pos)].groupby("learner", sort=False)["auc_points"].mean()
        pts_of = split_frame(cv[cv["kind"] == kind], "learner")
        for lrn in cv["learner"].unique():
            p = pts_of[lrn]
            fpr, tpr = p["fpr"].to_numpy(float), p["tpr"].to_numpy(float)
            trivial = _trivial(fpr, tpr)  # as operating_points drops them
            rows.append({"dataset": d, "positive": pos, "learner": lrn, "hull_points": kind,
                         "n_points": int((~trivial).sum()), "auc": candidate_auc(fpr[~trivial], tpr[~trivial]),
                         "auc_folds": float(folds.get(lrn, np.nan))})
    cols = _KEYS + ["learner", "hull_points", "n_points", "auc", "auc_folds"]
    return Table(pd.DataFrame(rows, columns=cols), floatfmt=".6g", caption=caption("rocch_learner_auc"))


def roc_tables(hull: pd.DataFrame, check: pd.DataFrame, curves: pd.DataFrame, slopes, target_fpr,
               workforce=(), min_precision=(), lift_fraction=()) -> dict:
    """The ROC tables over the data sets (rule ``roc_tables``).

    Parameters
    ----------
    hull, check, curves : DataFrame
        The per-data-set tables of :func:`roc_dataset`, stacked.
    slopes : sequence of float
        Iso-performance slopes of the hybrid table (config ``roc.slopes``).
    target_fpr : sequence of float
        FPR limits (config ``roc.target_fpr``).
    workforce, min_precision, lift_fraction : sequences of float
        Constraint values of :func:`constraints_table` (config ``roc.workforce``,
        ``roc.min_precision``, ``roc.lift_fraction``).

    Returns
    -------
    dict
        ``{"check", "dominators", "hybrid", "fpr_targets", "constraints", "learner_auc"}`` →
        :class:`~aucacc.tables.Table`.

    Raises
    ------
    RuntimeError
        The ROC-point AUC of some fold is not the metric module's (:func:`auc_check_table`).
    """
    hull = hull.sort_values(_KEYS + ["vertex"], kind="stable")
    return {"check": auc_check_table(check), "dominators": dominators_table(hull),
            "hybrid": hybrid_table(hull, check, curves, slopes), "fpr_targets": fpr_targets_table(hull, target_fpr),
            "constraints": constraints_table(hull, workforce, min_precision, lift_fraction),
            "learner_auc": learner_auc_table(hull, check, curves)}
