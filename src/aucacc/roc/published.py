"""A study's ROC convex hull beside a published table of dominators by slope range (Provost & Fawcett 2001, §4.2).

Provost & Fawcett list, for each domain, the learner whose classifiers form the ROC convex hull over each range of
iso-performance slopes ``m = c(Y, n) p(n) / (c(N, p) p(p))`` (seed ``003_*``, Knowl 9), and count the domains in
which one learner dominates, i.e. spans the whole hull (Knowl 8: one of ten, Vehicle). This module reads a study's
hull (the ``rocch_dominators`` rows of :func:`aucacc.roc.experiment.dominators_table`, one per hull vertex) and
gives

- :func:`dominator_ranges`: the dominators of one hull as the paper lists them, from slope 0 to ∞. The hull's trivial
  end points (0, 0) and (1, 1) are every scoring classifier's extreme thresholds ("always negative", "always
  positive"), so their slope ranges go to the learner of the neighbouring range, as in the paper's table, whose
  first range starts at 0 and last ends at ∞ with a learner;
- :func:`dominance`: per data set and positive class, whether one learner spans the whole hull;
- :func:`compare_published`: the published table beside ours, range by range (the i-th published range of a
  domain against our i-th range, and the learners of ours over the published range).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from aucacc.captions import caption
from aucacc.roc.rocch import ALWAYS_NEGATIVE, ALWAYS_POSITIVE, dominators
from aucacc.tables import Table

__all__ = ["PUBLISHED_COLUMNS", "compare_published", "dominance", "dominator_ranges", "primary_positive",
           "published_rocch_tables", "read_published"]

#: The columns of a published slope table (``config/published/provost_fawcett_slopes.csv``): the domain (the
#: study's data-set name), the range's 1-based order from slope 0, its bounds (``inf`` for ∞), the dominator as
#: printed and the study's learner that stands for it.
PUBLISHED_COLUMNS = ("dataset", "range", "slope_min", "slope_max", "dominator", "learner")

_TRIVIAL = (ALWAYS_NEGATIVE, ALWAYS_POSITIVE)
_KEYS = ["dataset", "positive"]


def read_published(path) -> pd.DataFrame:
    """A published slope table (:data:`PUBLISHED_COLUMNS`, optionally ``note``), bounds as floats (``inf`` = ∞).

    Raises
    ------
    ValueError
        A column is missing, a bound is not a number, a domain's ranges are not numbered 1, 2, … in order of
        increasing slope, or they do not tile [0, ∞) (each range starting where the previous one ends); the message
        names the file and the row.
    """
    df = pd.read_csv(path, dtype=str, keep_default_na=False)
    missing = [c for c in PUBLISHED_COLUMNS if c not in df.columns]
    if missing:
        raise ValueError(f"{path}: no column(s) {missing}; a published slope table has the columns "
                         f"{', '.join(PUBLISHED_COLUMNS)} (and optionally note)")
    out = df.copy()
    for c in ("slope_min", "slope_max"):
        try:
            out[c] = df[c].astype(float)
        except ValueError as exc:
            raise ValueError(f"{path}: column {c}: {exc} (write ∞ as inf)") from None
    out["range"] = df["range"].astype(int)
    for d, g in out.groupby("dataset", sort=False):
        if list(g["range"]) != list(range(1, len(g) + 1)):
            raise ValueError(f"{path}: data set {d!r}: ranges {list(g['range'])} are not 1, 2, … in file order")
        lo, hi = g["slope_min"].to_numpy(), g["slope_max"].to_numpy()
        if lo[0] != 0 or not np.isinf(hi[-1]) or (lo[1:] != hi[:-1]).any() or (hi <= lo).any():
            raise ValueError(f"{path}: data set {d!r}: the ranges {list(zip(lo, hi))} do not tile [0, inf) in order")
    return out


def dominator_ranges(hull: pd.DataFrame) -> pd.DataFrame:
    """The dominators of one hull by slope range, from 0 to ∞, the trivial end points given to their neighbours.

    Parameters
    ----------
    hull : the hull vertices of one data set and positive class (columns of :func:`aucacc.roc.rocch_table`:
        ``vertex, learner, slope_min, slope_max, tied_with``).

    Returns
    -------
    DataFrame with columns ``range`` (1, 2, …), ``learner``, ``slope_min``, ``slope_max``, ``n_vertices``,
    ``tied_with``, ordered from slope 0 (the flattest segments: many positives predicted) to ∞ (Provost & Fawcett's
    order). An empty frame when no learner has a vertex (the hull is the diagonal).
    """
    d = dominators(hull)
    real = d[~d["learner"].isin(_TRIVIAL)].reset_index(drop=True)
    if real.empty:
        return real.assign(range=pd.Series(dtype=int))[["range", *d.columns]]
    # consecutive ranges of one learner split by nothing but a trivial vertex do not occur (a trivial vertex is an
    # end of the hull), so the learners' ranges are contiguous: widen the ends to 0 and ∞
    real.loc[0, "slope_min"] = 0.0
    real.loc[len(real) - 1, "slope_max"] = np.inf
    real.insert(0, "range", np.arange(1, len(real) + 1))
    return real


def primary_positive(hull: pd.DataFrame) -> dict[str, str]:
    """Data set → the positive class of its primary reading: the minority class among the positives analysed (ties
    to the later class in the order analysed, as :func:`aucacc.scores.positive_class`); a binary data set's one
    positive. ``hull``: stacked hull rows with ``dataset, positive, n_pos``."""
    out = {}
    for d, g in hull.groupby("dataset", sort=False):
        per = g.drop_duplicates("positive")[["positive", "n_pos"]]
        pos, n = per["positive"].astype(str).tolist(), per["n_pos"].astype(int).tolist()
        out[str(d)] = pos[len(n) - 1 - int(np.argmin(n[::-1]))]
    return out


def dominance(hull: pd.DataFrame) -> pd.DataFrame:
    """Whether one learner spans the whole ROC convex hull, per data set and positive class (Provost & Fawcett 2001,
    §4.2: "a dominating classifier").

    Parameters
    ----------
    hull : stacked hull rows of several data sets and positive classes (``dataset, positive, n_pos, vertex,
        learner, slope_min, slope_max, tied_with``), e.g. a study's ``rocch_dominators.csv``.

    Returns
    -------
    DataFrame, one row per (data set, positive): ``primary`` (the reading compared with a published table,
    :func:`primary_positive`), ``n_pos``, ``n_ranges`` (slope ranges of :func:`dominator_ranges`), ``hull_learners``
    (the learners of the ranges, from slope 0, joined by ", "), ``dominator`` (the one learner when there is one,
    else ""), ``dominated`` (one learner spans every range) and ``dominated_with_ties`` (one learner is at every
    non-trivial vertex, itself or with the very same point: ties at a vertex counted for every learner there).
    """
    prim = primary_positive(hull)
    rows = []
    for (d, pos), g in hull.groupby(_KEYS, sort=False):
        r = dominator_ranges(g)
        learners = list(dict.fromkeys(r["learner"]))
        verts = g[~g["learner"].isin(_TRIVIAL) & (g["slope_min"] != g["slope_max"])]
        at_vertex = [{v["learner"], *[x.strip() for x in str(v.get("tied_with") or "").split(",")
                                      if x.strip() and x.strip() != "nan"]} for _, v in verts.iterrows()]
        common = set.intersection(*at_vertex) if at_vertex else set()
        rows.append({"dataset": d, "positive": str(pos), "primary": str(pos) == prim[str(d)],
                     "n_pos": int(g["n_pos"].iloc[0]), "n_ranges": len(r), "hull_learners": ", ".join(r["learner"]),
                     "dominator": learners[0] if len(learners) == 1 else "", "dominated": len(learners) == 1,
                     "dominated_with_ties": bool(common)})
    return pd.DataFrame(rows, columns=["dataset", "positive", "primary", "n_pos", "n_ranges", "hull_learners",
                                       "dominator", "dominated", "dominated_with_ties"])


def _over(r: pd.DataFrame, lo: float, hi: float) -> list[str]:
    """Learners of ranges ``r`` that overlap the slope interval [lo, hi] with positive length, from slope 0."""
    hit = r[(r["slope_max"] > lo) & (r["slope_min"] < hi)]
    return list(dict.fromkeys(hit["learner"]))


def compare_published(hull: pd.DataFrame, published: pd.DataFrame) -> pd.DataFrame:
    """The published slope table beside ours, range by range, on the primary reading of each data set.

    Parameters
    ----------
    hull : stacked hull rows (:func:`dominance`).
    published : :func:`read_published` output.

    Returns
    -------
    DataFrame, one row per published range of a data set in ``hull`` or not: the published columns
    (``dataset, range, slope_min, slope_max, dominator, learner``), ``positive`` (the primary reading's, "" when the
    data set was not run), ``ours_learner``, ``ours_slope_min``, ``ours_slope_max`` (our range of the same number;
    empty/NaN when we have fewer ranges), ``ours_n_ranges`` and ``ours_over_range`` (our learners over the
    published slope interval, from slope 0; the published learner alone there means we agree on that interval),
    ``same_learner_over_range`` (bool). Our ranges beyond the published number appear in no row; ``ours_n_ranges``
    says how many we have.
    """
    prim = primary_positive(hull) if len(hull) else {}
    ours = {d: dominator_ranges(hull[(hull["dataset"] == d) & (hull["positive"].astype(str) == p)])
            for d, p in prim.items()}
    rows = []
    for _, p in published.iterrows():
        d = str(p["dataset"])
        rec = {c: p[c] for c in PUBLISHED_COLUMNS}
        r = ours.get(d)
        if r is None:
            rec.update(positive="", ours_learner="", ours_slope_min=np.nan, ours_slope_max=np.nan,
                       ours_n_ranges=np.nan, ours_over_range="", same_learner_over_range=np.nan)
        else:
            mine = r[r["range"] == int(p["range"])]
            over = _over(r, float(p["slope_min"]), float(p["slope_max"]))
            rec.update(positive=prim[d], ours_learner=mine["learner"].iloc[0] if len(mine) else "",
                       ours_slope_min=float(mine["slope_min"].iloc[0]) if len(mine) else np.nan,
                       ours_slope_max=float(mine["slope_max"].iloc[0]) if len(mine) else np.nan,
                       ours_n_ranges=len(r), ours_over_range=", ".join(over),
                       same_learner_over_range=over == [p["learner"]])
        rows.append(rec)
    return pd.DataFrame(rows)


def _fmt(x: float, spec: str = ".3g") -> str:
    return "∞" if np.isinf(x) else ("" if not np.isfinite(x) else format(x, spec))


def _interval(a: float, b: float, spec: str = ".3g") -> str:
    """A slope range as an interval: closed at a finite end, open at ∞ ("[0, ∞)")."""
    return f"[{_fmt(a, spec)}, {_fmt(b, spec)}" + (")" if np.isinf(b) else "]")


def published_rocch_tables(hull: pd.DataFrame, published: pd.DataFrame) -> dict:
    """The tables ``rocch_published`` (:func:`compare_published`) and ``rocch_dominance`` (:func:`dominance`) of a
    study with ``published_rocch`` (rule ``roc_published``).

    Parameters
    ----------
    hull : the study's ``rocch_dominators`` rows (every hull vertex of every data set and positive class).
    published : :func:`read_published` of the study's ``published_rocch`` CSV.

    Returns
    -------
    dict ``{"published", "dominance"}`` → :class:`~aucacc.tables.Table`.
    """
    cmp = compare_published(hull, published)
    dom = dominance(hull)
    disp = pd.DataFrame({
        "data set": cmp["dataset"], "positive": cmp["positive"],
        # the published bounds as the file gives them ("g": every digit of 31.14; ".3g" would print 31.1)
        "published range": [_interval(a, b, "g") for a, b in zip(cmp["slope_min"], cmp["slope_max"])],
        "published dominator": cmp["dominator"],
        "ours, same range no.": [f"{lrn} {_interval(a, b)}" if lrn else "—"
                                 for lrn, a, b in zip(cmp["ours_learner"], cmp["ours_slope_min"],
                                                      cmp["ours_slope_max"])],
        "ours over the published range": cmp["ours_over_range"].replace("", "—")})
    run = sorted(set(cmp.loc[cmp["positive"] != "", "dataset"]))
    not_run = sorted(set(cmp["dataset"]) - set(run))
    notes = [f"Not run (no data): {', '.join(not_run)}."] if not_run else []
    prim = dom[dom["primary"]]
    notes_d = [f"Primary readings: {int(prim['dominated'].sum())} of {len(prim)} data sets have one learner spanning "
               f"the whole hull ({int(prim['dominated_with_ties'].sum())} counting learners tied at every vertex); "
               f"over every positive class: {int(dom['dominated'].sum())} of {len(dom)} readings."]
    return {"published": Table(cmp, display=disp, caption=caption("rocch_published"), floatfmt=".4g", notes=notes),
            "dominance": Table(dom, caption=caption("rocch_dominance"), floatfmt=".4g", notes=notes_d)}
