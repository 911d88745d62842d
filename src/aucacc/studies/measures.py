"""The paper's question for every pair of measures: is f consistent with g (C > 0.5), and more discriminating
(D > 1)? C, D and E (Huang & Ling 2005, Knowl 1) of every ordered pair of a study's measures
(:data:`aucacc.measures.MEASURES`, config ``studies.<name>.measures``) over the test folds of every learner pair.

Input: the tidy per-fold measures of a study (:func:`aucacc.measures.study_fold_measures` of its scores:
``dataset, learner, protocol, [repetition,] fold, measure, value, exact``).
One observation is one test fold of one data set, learner ``a`` against ``b``, as in
:func:`aucacc.studies.analysis.auc_vs_accuracy`, whose counting, sign tests and bootstrap intervals are reused
here: for a measure, a fold says ``a`` better, ``b`` better or tied (:func:`aucacc.measures.compare`: exact
fractions for the ratios of counts, the tie rule :data:`aucacc.measures.TIE_RTOL` for the real-valued ones, each
measure's direction from the registry); :func:`aucacc.counting.tally_pairs` tallies two measures' verdicts into
R, S, P, Q, V. A fold where either measure is undefined (an AUC with one class present, the H-measure on a
multi-class data set) is left out of that pair of measures.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from typing import Iterable, Sequence

import numpy as np
import pandas as pd

from aucacc.captions import caption
from aucacc.counting import PairCounts, tally_pairs
from aucacc.evaluation.folds import derive_seed
from aucacc.measures import MEASURES, TIE_RTOL
from aucacc.significance import average_ranks, is_too_few, min_n_sign_test
from aucacc.studies.analysis import (CI_LEVEL, _answer, _interval, _pair_name, _sign_test, bootstrap_cd,
                                     folds_per_test_set, interval_status, repetitions_note)
from aucacc.tables import Table

__all__ = ["ALL_PAIRS", "MAX_PAIR_PANELS", "verdicts", "measures_cde", "measures_matrix", "measures_tables", "measure_means",
           "measure_ranks", "shown_pairs", "pair_values"]

#: The ``pair`` of the rows that pool every learner pair of the study.
ALL_PAIRS = "all pairs"

COLUMNS = ["f", "g", "pair", "datasets", "R", "S", "C", "C_lo", "C_hi", "p_C", "P", "Q", "D", "D_lo", "D_hi", "p_D",
           "V", "E", "n", "consistent", "more_discriminating", "C_interval", "D_interval", "alpha", "n_boot",
           "C_undefined_resamples", "D_undefined_resamples"]


def _tidy(measures: pd.DataFrame) -> pd.DataFrame:
    out = measures.copy()
    out["value"] = pd.to_numeric(out["value"], errors="raise").astype(float)
    out["fold"] = pd.to_numeric(out["fold"], errors="raise").astype(int)
    out["exact"] = out["exact"].fillna("").astype(str) if "exact" in out.columns else ""
    for col in ("dataset", "learner", "measure"):
        out[col] = out[col].astype(str)
    if "repetition" in out.columns:
        out["repetition"] = pd.to_numeric(out["repetition"], errors="raise").astype(int)
        out = folds_per_test_set(out)
    return out


def _signs(values_a: pd.Series, values_b: pd.Series, exact_a: pd.Series, exact_b: pd.Series, name: str) -> np.ndarray:
    """Per fold: +1 (a better), −1 (b better), 0 (tied) under measure ``name``; NaN when either is undefined.

    Vectorised :func:`aucacc.measures.compare` (the tests check that the two agree)."""
    m = MEASURES[name]
    va, vb = values_a.to_numpy(dtype=float), values_b.to_numpy(dtype=float)
    out = np.full(va.shape, np.nan)
    ok = np.isfinite(va) & np.isfinite(vb)
    if m.exact:
        ea, eb = exact_a.to_numpy(), exact_b.to_numpy()
        for i in np.flatnonzero(ok):
            fa, fb = Fraction(ea[i]), Fraction(eb[i])
            out[i] = (fa > fb) - (fa < fb)
    else:
        d = va - vb
        tied = np.abs(d) <= TIE_RTOL * np.maximum(1.0, np.maximum(np.abs(va), np.abs(vb)))
        out[ok] = np.where(tied[ok], 0.0, np.sign(d[ok]))
    return out if m.higher_better else -out


def verdicts(measures: pd.DataFrame, pairs: Iterable[tuple[str, str]], names: Sequence[str]) -> pd.DataFrame:
    """Which learner each measure finds better, per test fold and learner pair.

    Parameters
    ----------
    measures : tidy per-fold measures (module docstring).
    pairs : ``(a, b)`` learner pairs.
    names : measures of :data:`aucacc.measures.MEASURES`.

    Returns
    -------
    DataFrame
        ``pair, a, b, dataset, fold`` and one column per measure: +1 when ``a`` is better, −1 when ``b`` is, 0 tied,
        NaN undefined. The folds of the data sets both learners ran, in the data sets' order of first appearance.

    Raises
    ------
    KeyError
        A name of ``names`` is not a registered measure, or is not in ``measures``.
    """
    measures = _tidy(measures)
    missing = [n for n in names if n not in MEASURES or not (measures["measure"] == n).any()]
    if missing and len(measures):
        raise KeyError(f"measures {missing} are not in the per-fold measures (the registry: {', '.join(MEASURES)})")
    order = {d: i for i, d in enumerate(dict.fromkeys(measures["dataset"]))}
    wide_v = measures.pivot_table(index=["dataset", "fold", "learner"], columns="measure", values="value",
                                  aggfunc="first", dropna=False)
    wide_e = measures.pivot_table(index=["dataset", "fold", "learner"], columns="measure", values="exact",
                                  aggfunc="first", dropna=False)
    parts = []
    for a, b in pairs:
        try:
            va, vb = wide_v.xs(a, level="learner"), wide_v.xs(b, level="learner")
        except KeyError:
            continue
        common = va.index.intersection(vb.index)
        common = sorted(common, key=lambda k: (order[k[0]], k[1]))
        if not common:
            continue
        va, vb = va.loc[common], vb.loc[common]
        ea, eb = wide_e.xs(a, level="learner").loc[common], wide_e.xs(b, level="learner").loc[common]
        part = pd.DataFrame({"pair": _pair_name(a, b), "a": a, "b": b,
                             "dataset": [k[0] for k in common], "fold": [k[1] for k in common]})
        for n in names:
            part[n] = _signs(va[n], vb[n], ea[n].fillna(""), eb[n].fillna(""), n)
        parts.append(part)
    cols = ["pair", "a", "b", "dataset", "fold", *names]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=cols)


TALLY = ["R", "S", "P", "Q", "V", "U"]
#: Columns of a tally array with f and g swapped: P and Q trade places.
SWAP = [0, 1, 3, 2, 4, 5]


def _tallies(signs: np.ndarray, rows: Sequence[tuple[int, np.ndarray]], i: int, j: int) -> np.ndarray:
    """R, S, P, Q, V, U of measure column ``i`` (f) against ``j`` (g) of ``signs`` (:func:`verdicts`' measure
    columns as an array) per data set: shape (data sets, 7), the data set's code first, then the counts
    (:func:`aucacc.counting.tally_pairs`). ``rows``: (data set code, row indices); the rows where f or g is
    undefined are left out, a data set with none left is left out."""
    out = []
    for d, idx in rows:
        fi, gj = signs[idx, i], signs[idx, j]
        ok = ~(np.isnan(fi) | np.isnan(gj))
        if ok.any():
            zero = np.zeros(int(ok.sum()))
            t = tally_pairs(fi[ok], zero, gj[ok], zero)
            out.append((d, t.R, t.S, t.P, t.Q, t.V, t.U))
    return np.array(out, dtype=np.int64).reshape(-1, 7)


def _pooled(per: Iterable[np.ndarray], n_datasets: int) -> np.ndarray:
    """The tallies of several learner pairs summed per data set (rows of :func:`_tallies`), data sets in order."""
    tot = np.zeros((n_datasets, 6), dtype=np.int64)
    seen = np.zeros(n_datasets, dtype=bool)
    for t in per:
        np.add.at(tot, t[:, 0], t[:, 1:])
        seen[t[:, 0]] = True
    keep = np.flatnonzero(seen)
    return np.column_stack([keep, tot[keep]]).astype(np.int64).reshape(-1, 7)


def measures_cde(measures: pd.DataFrame, pairs: Iterable[tuple[str, str]], names: Sequence[str], *, alpha: float,
                 n_boot: int, seed: int) -> Table:
    """C, D and E of every ordered pair of measures (f, g), f ≠ g, for each learner pair and pooled over them.

    For each (f, g) and each learner pair (a, b): R, S, P, Q, V over the test folds of the data sets both ran
    (folds where f or g is undefined left out), C = R / (R + S), D = P / Q, E = V / n
    (:class:`aucacc.counting.PairCounts`), the exact one-sided sign tests of R against S and P against Q, and the
    bootstrap intervals over data sets (:func:`aucacc.studies.analysis.bootstrap_cd`, seed
    ``derive_seed(seed, "measures_cde", f, g, pair)``), read as :func:`aucacc.studies.analysis.auc_vs_accuracy`
    reads them. The rows ``pair = "all pairs"`` pool the folds of every learner pair (each data set's tallies
    summed over the pairs before the bootstrap resamples data sets). Swapping f and g keeps R, S, C, V and E and
    swaps P and Q (D becomes 1 / D).

    Parameters
    ----------
    measures : tidy per-fold measures (module docstring).
    pairs : ``(a, b)`` learner pairs (config ``cde_pairs``).
    names : the study's measures, in display order (config ``measures``).
    alpha, n_boot, seed : as :func:`aucacc.studies.analysis.auc_vs_accuracy`.

    Returns
    -------
    Table
        One row per (f, g, pair): :data:`COLUMNS`; f in the order of ``names``, then g, then the learner pairs,
        then ``all pairs``.
    """
    repeated = repetitions_note(measures)
    pairs = [tuple(p) for p in pairs]
    names = list(names)
    v = verdicts(measures, pairs, names)
    signs = v[names].to_numpy(dtype=float) if len(v) else np.empty((0, len(names)))
    datasets = list(dict.fromkeys(v["dataset"]))
    pair_col, ds_col = v["pair"].to_numpy(), v["dataset"].to_numpy()
    groups = {}  # learner pair -> [(data set code, row indices)]
    for a, b in pairs:
        at = np.flatnonzero(pair_col == _pair_name(a, b))
        groups[_pair_name(a, b)] = [(k, at[ds_col[at] == d]) for k, d in enumerate(datasets) if (ds_col[at] == d).any()]
    col = {n: k for k, n in enumerate(names)}
    counted = {}  # (f, g) with f before g in names -> {pair: tallies}; (g, f) swaps P and Q
    rows = []
    for f, g in permutations(names, 2):
        if (g, f) in counted:
            per = {name: np.column_stack([t[:, :1], t[:, 1:][:, SWAP]]) for name, t in counted[(g, f)].items()}
        else:
            per = {name: _tallies(signs, groups[name], col[f], col[g]) for name in groups}
            per[ALL_PAIRS] = _pooled(per.values(), len(datasets))
            counted[(f, g)] = per
        for name, t in per.items():
            counts = t[:, 1:]
            tot = PairCounts(*(int(x) for x in counts.sum(axis=0))).as_dict()
            c_star, d_star = bootstrap_cd(counts[:, :4], n_boot, derive_seed(seed, "measures_cde", f, g, name))
            c_lo, c_hi, c_und = _interval(c_star)
            d_lo, d_hi, d_und = _interval(d_star)
            p_c, p_d = _sign_test(tot["R"], tot["R"] + tot["S"]), _sign_test(tot["P"], tot["P"] + tot["Q"])
            rows.append({"f": f, "g": g, "pair": name, "datasets": len(counts),
                         "R": tot["R"], "S": tot["S"], "C": tot["C"], "C_lo": c_lo, "C_hi": c_hi, "p_C": p_c,
                         "P": tot["P"], "Q": tot["Q"], "D": tot["D"], "D_lo": d_lo, "D_hi": d_hi, "p_D": p_d,
                         "V": tot["V"], "E": tot["E"], "n": tot["U"],
                         "consistent": _answer(p_c, tot["R"] + tot["S"], alpha),
                         "more_discriminating": _answer(p_d, tot["P"] + tot["Q"], alpha),
                         "C_interval": interval_status(c_lo, c_hi, len(counts), n_boot),
                         "D_interval": interval_status(d_lo, d_hi, len(counts), n_boot),
                         "alpha": alpha, "n_boot": int(n_boot),
                         "C_undefined_resamples": c_und, "D_undefined_resamples": d_und})
    out = pd.DataFrame(rows, columns=COLUMNS)
    labels = {n: MEASURES[n].label for n in names}
    shown = out.drop(columns=["alpha", "n_boot", "C_undefined_resamples", "D_undefined_resamples"]).copy()
    shown["f"], shown["g"] = shown["f"].map(labels), shown["g"].map(labels)
    shown = shown.rename(columns={"consistent": "f consistent with g (C > 0.5)?",
                                  "more_discriminating": "f more discriminating (D > 1)?"})
    notes = _notes(out, names, alpha, n_boot) + repeated
    return Table(out, display=shown, floatfmt=".4g", notes=notes, caption=caption("study_measures_cde"))


def _notes(out: pd.DataFrame, names: Sequence[str], alpha: float, n_boot: int) -> list[str]:
    lower = [MEASURES[n].label for n in names if not MEASURES[n].higher_better]
    exact = [MEASURES[n].label for n in names if MEASURES[n].exact]
    notes = [f"One observation per test fold and learner pair; f and g each say which learner is better or that they "
             f"tie. R: f and g agree, S: they disagree, P: only f separates the two learners, Q: only g does, V: "
             f"neither; C = R / (R + S), D = P / Q (inf when Q = 0), E = V / n."
             + (f" Lower is better for {', '.join(lower)}." if lower else ""),
             "Ties: " + (f"{', '.join(exact)} are ratios of confusion counts, compared exactly as fractions; "
                         if exact else "")
             + f"the other measures tie when |f(a) − f(b)| ≤ {TIE_RTOL:g} · max(1, |f(a)|, |f(b)|) "
             "(aucacc.measures.TIE_RTOL). A fold where f or g is undefined (an AUC with one class in the fold, the "
             "H-measure of a multi-class data set) is left out of that pair of measures.",
             f"p_C, p_D: exact one-sided sign tests of R against S (C > 0.5) and of P against Q (D > 1), yes when "
             f"p < α = {alpha}; [C_lo, C_hi], [D_lo, D_hi]: {CI_LEVEL * 100:g} % bootstrap percentile intervals over "
             f"data sets ({int(n_boot)} resamples). The sign tests take every fold as independent: folds of one data "
             "set share training data, and the rows 'all pairs' count a learner in several pairs, so their p is "
             "optimistic; the intervals over data sets are the check."]
    if len(out):
        few = out[out[["consistent", "more_discriminating"]].map(is_too_few).any(axis=1)]
        if len(few):
            notes.append(f"too few disagreeing folds in {len(few)} rows: the one-sided sign test cannot reach "
                         f"p < {alpha:g} from fewer than {min_n_sign_test(alpha, 'greater')} folds where the two "
                         "measures disagree.")
        marked = out[~out[["C_interval", "D_interval"]].isin(["ok", "none"]).all(axis=1)]
        if len(marked):
            notes.append(f"C_interval, D_interval: {len(marked)} rows have an interval from too few data sets or a "
                         "degenerate one (zero width, such as [1, 1] or [inf, inf]: every resample's value, not a "
                         "certainty).")
    return notes


def _cell(c: float, d: float, yes_c: bool, yes_d: bool) -> str:
    cs = "—" if np.isnan(c) else f"{c:.2f}" + ("*" if yes_c else "")
    ds = "—" if np.isnan(d) else ("∞" if np.isinf(d) else f"{d:.3g}") + ("*" if yes_d else "")
    return f"{cs} / {ds}"


def measures_matrix(cde: Table | pd.DataFrame, names: Sequence[str]) -> Table:
    """The measures × measures matrix of the rows ``all pairs`` of :func:`measures_cde`: row f, column g.

    Returns
    -------
    Table
        ``data``: ``f, g, C, C_lo, C_hi, D, D_lo, D_hi, E, n, consistent, more_discriminating, C_interval,
        D_interval`` (the pooled rows); ``display``: one row per measure f, a column per measure g, each cell
        ``C / D`` of f against g, ``*`` where the sign test says yes (C > 0.5, D > 1), the diagonal empty.
    """
    frame = cde.data if isinstance(cde, Table) else cde
    pooled = frame[frame["pair"] == ALL_PAIRS].reset_index(drop=True)
    data = pooled[["f", "g", "C", "C_lo", "C_hi", "D", "D_lo", "D_hi", "E", "n", "consistent", "more_discriminating",
                   "C_interval", "D_interval"]].copy()
    labels = {n: MEASURES[n].label for n in names}
    cells = {(r.f, r.g): _cell(float(r.C), float(r.D), r.consistent == "yes", r.more_discriminating == "yes")
             for r in pooled.itertuples(index=False)}
    display = pd.DataFrame([{"f \\ g": labels[f], **{labels[g]: "" if f == g else cells.get((f, g), "")
                                                      for g in names}} for f in names])
    notes = ["Each cell: C / D of the row's measure f against the column's g over the test folds of every learner "
             "pair of the study (table measures_cde, rows 'all pairs'); * where the one-sided sign test says yes "
             "(C > 0.5: f consistent with g; D > 1: f more discriminating than g). C is symmetric, D(g, f) = "
             "1 / D(f, g). f is statistically consistent with and more discriminating than g when both are starred; "
             "read the bootstrap intervals over data sets in measures_cde before trusting a star."]
    n_sets = int(pooled["datasets"].max()) if len(pooled) else 0
    for m in (n for n in names if MEASURES[n].binary_only):
        cells = pooled[(pooled["f"] == m) | (pooled["g"] == m)]
        k = int(cells["datasets"].max()) if len(cells) else 0
        notes.append(f"{labels[m]} is defined on two classes only: its cells cover the binary data sets only "
                     + (f"({k} of the {n_sets} data sets; column datasets of measures_cde)." if k else
                        "(none in this study: its cells are empty).")
                     + " The study's multi-class data sets are left out of its pairs.")
    marked = data[~data[["C_interval", "D_interval"]].isin(["ok", "none"]).all(axis=1)]
    if len(marked):
        notes.append(f"{len(marked)} cells have a bootstrap interval marked too few data sets or degenerate (columns "
                     "C_interval, D_interval of measures_cde).")
    if len(data) and data["n"].nunique() > 1:  # a measure undefined on some folds: its cells count fewer
        n_all = int(data["n"].max())
        fewer = [labels[m] for m in names if (data.loc[(data["f"] == m) | (data["g"] == m), "n"] < n_all).all()]
        notes.append(f"Not every cell counts the same folds: {', '.join(fewer) if fewer else 'some pairs'} "
                     f"{'is' if len(fewer) == 1 else 'are'} undefined on some (the H-measure on a multi-class data "
                     f"set, an AUC on a fold with one class), left out of {'its' if len(fewer) == 1 else 'their'} "
                     f"pairs: n as low as {int(data['n'].min())} of {n_all} observations (column n of measures_cde).")
    return Table(data, display=display, floatfmt=".4g", notes=notes, caption=caption("study_measures_matrix"))


def measures_tables(measures: pd.DataFrame, pairs: Iterable[tuple[str, str]], names: Sequence[str], *,
                   alpha: float, n_boot: int, seed: int) -> dict[str, Table]:
    """``{"measures_cde": measures_cde(...), "measures_matrix": measures_matrix(...)}`` (the job ``study_measures``)."""
    cde = measures_cde(measures, pairs, names, alpha=alpha, n_boot=n_boot, seed=seed)
    return {"measures_cde": cde, "measures_matrix": measures_matrix(cde, names)}


# ---- Figures across data sets: per (data set, learner) means over the test folds, average ranks, learner pairs ----

#: The most learner-pair panels of one measure's figure (:func:`shown_pairs`): 4 rows of 3.
MAX_PAIR_PANELS = 12


def measure_means(measures: pd.DataFrame, names: Sequence[str] | None = None) -> pd.DataFrame:
    """Each measure's mean over the test folds of every (data set, learner): the points of the figures across data
    sets.

    Parameters
    ----------
    measures : tidy per-fold measures (module docstring; a study's ``tables/fold_measures.csv``), or already one row
        per (data set, learner, measure) (then each mean is that value).
    names : measures of :data:`aucacc.measures.MEASURES` (default: those in ``measures``, in the registry's order).

    Returns
    -------
    DataFrame
        ``dataset, learner, measure, value, folds, of``: ``value`` the mean over the ``folds`` test folds where the
        measure is defined (NaN when it is on none: the H-measure of a multi-class data set) out of ``of`` (the
        r × k folds of repeated cross-validation are all averaged). The mean of an exact measure
        (:attr:`aucacc.measures.Measure.exact`, column ``exact``) is the exact mean of its fractions rounded once
        to float, so that two learners with equal means get equal floats (and tie in :func:`measure_ranks`).
        Rows: data sets and learners in their order of first appearance, measures in the order of ``names``.

    Raises
    ------
    KeyError
        A name is not a registered measure.
    """
    df = measures.copy()
    df["value"] = pd.to_numeric(df["value"], errors="raise").astype(float)
    df["exact"] = df["exact"].fillna("").astype(str) if "exact" in df.columns else ""
    for col in ("dataset", "learner", "measure"):
        df[col] = df[col].astype(str)
    names = [n for n in MEASURES if n in set(df["measure"])] if names is None else list(names)
    unknown = [n for n in names if n not in MEASURES]
    if unknown:
        raise KeyError(f"unknown measures {unknown}; the measures are {', '.join(MEASURES)}")
    ds_order = {d: i for i, d in enumerate(dict.fromkeys(df["dataset"]))}
    lrn_order = {x: i for i, x in enumerate(dict.fromkeys(df["learner"]))}
    rows = []
    for (d, lrn, m), g in df[df["measure"].isin(names)].groupby(["dataset", "learner", "measure"], sort=False):
        ok = np.isfinite(g["value"].to_numpy(dtype=float))
        if not ok.any():
            value = float("nan")
        elif MEASURES[m].exact and (g["exact"][ok] != "").all():
            value = float(sum((Fraction(e) for e in g["exact"][ok]), Fraction(0)) / int(ok.sum()))
        else:
            value = float(np.mean(g["value"].to_numpy(dtype=float)[ok]))
        rows.append({"dataset": d, "learner": lrn, "measure": m, "value": value, "folds": int(ok.sum()), "of": len(g)})
    out = pd.DataFrame(rows, columns=["dataset", "learner", "measure", "value", "folds", "of"])
    key = (out["dataset"].map(ds_order) * len(lrn_order) + out["learner"].map(lrn_order)) * len(names) \
        + out["measure"].map({n: i for i, n in enumerate(names)})
    return out.iloc[np.argsort(key.to_numpy(), kind="stable")].reset_index(drop=True)


def _means(measures: pd.DataFrame, names: Sequence[str] | None) -> pd.DataFrame:
    """:func:`measure_means` of per-fold measures, or ``measures`` itself when it is already means."""
    if {"folds", "of"} <= set(measures.columns) and not measures.duplicated(["dataset", "learner", "measure"]).any():
        return measures
    return measure_means(measures, names)


def measure_ranks(measures: pd.DataFrame, names: Sequence[str] | None = None,
                  learners: Sequence[str] | None = None) -> pd.DataFrame:
    """Average rank of each learner under each measure over the data sets (rank 1 = best; direction-aware).

    On each data set the learners are ranked by their mean over the test folds (:func:`measure_means`): the highest
    mean gets rank 1 for a higher-is-better measure, the lowest for a lower-is-better one (Brier, log loss;
    :attr:`aucacc.measures.Measure.higher_better`); tied means share the average of their ranks
    (:func:`aucacc.significance.average_ranks`, as Friedman's test ranks, Demšar 2006, §3.2.2). The ranks are
    averaged over the data sets on which every learner of ``learners`` has a defined mean (a learner skipped on a data
    set, the H-measure of a multi-class set: that data set is left out of that measure's ranks).

    Parameters
    ----------
    measures : tidy per-fold measures (``dataset, learner, measure, value[, exact]``; a study's
        ``tables/fold_measures.csv``) or their means (:func:`measure_means`).
    names : measures of :data:`aucacc.measures.MEASURES` (default: those in ``measures``, registry order).
    learners : the learners ranked (default: those in ``measures``, in their order of first appearance).

    Returns
    -------
    DataFrame
        ``measure, learner, rank, datasets``: one row per (measure, learner) in the order of ``names`` then
        ``learners``; ``rank`` the average rank in [1, len(learners)] over the ``datasets`` complete data sets
        (NaN when there is none).

    Raises
    ------
    KeyError
        A name is not a registered measure.
    """
    means = _means(measures, names)
    names = [n for n in MEASURES if n in set(means["measure"])] if names is None else list(names)
    learners = list(dict.fromkeys(means["learner"])) if learners is None else list(learners)
    rows = []
    for m in names:
        if m not in MEASURES:
            raise KeyError(f"unknown measure {m!r}; the measures are {', '.join(MEASURES)}")
        wide = (means[means["measure"] == m].pivot_table(index="dataset", columns="learner", values="value",
                                                         aggfunc="first", dropna=False)
                .reindex(columns=learners))
        wide = wide[np.isfinite(wide.to_numpy(dtype=float)).all(axis=1)] if len(wide) else wide
        avg = average_ranks(wide, MEASURES[m].higher_better) if len(wide) else pd.Series(np.nan, index=learners)
        rows += [{"measure": m, "learner": x, "rank": float(avg[x]), "datasets": len(wide)} for x in learners]
    return pd.DataFrame(rows, columns=["measure", "learner", "rank", "datasets"])


def shown_pairs(pairs: Sequence[tuple[str, str]], ranks: pd.DataFrame | None = None,
                cap: int = MAX_PAIR_PANELS) -> tuple[list[tuple[str, str]], str]:
    """The learner pairs a measure's learner-pair figure draws, and a note on those left out.

    All of ``pairs`` (the study's ``cde_pairs``; default every pair) when there are at most ``cap``. Otherwise each
    learner against the best-ranked one under the measure (its ``ranks``: :func:`measure_ranks` rows of one
    measure; ties broken by the learners' order), the best-ranked learners first, at most ``cap`` (7 learners: 6
    pairs instead of 21), as a comparison with a control (Demšar 2006, §3.2.2).

    Returns
    -------
    (pairs, note) : ``(a, b)`` pairs, ``a`` on the x axis; ``note`` ``""`` when every pair is shown, else e.g.
        ``"6 of 21 learner pairs shown: each learner against NB, the best-ranked under AUC"``.
    """
    pairs = [tuple(p) for p in pairs]
    if len(pairs) <= cap or ranks is None or not len(ranks) or ranks["rank"].isna().all():
        if len(pairs) <= cap:
            return pairs, ""
        return pairs[:cap], f"the first {cap} of {len(pairs)} learner pairs shown (no ranks under this measure)"
    r = ranks.reset_index(drop=True)
    order = r.assign(pos=range(len(r))).sort_values(["rank", "pos"], na_position="last")["learner"].tolist()
    best = order[0]
    chosen = [(best, x) for x in order[1:]][:cap]
    label = MEASURES[r["measure"].iloc[0]].label if "measure" in r.columns and r["measure"].iloc[0] in MEASURES else ""
    return chosen, (f"{len(chosen)} of {len(pairs)} learner pairs shown: each learner against {best}, the best-ranked"
                    + (f" under {label}" if label else ""))


def pair_values(means: pd.DataFrame, measure: str, pairs: Sequence[tuple[str, str]]) -> pd.DataFrame:
    """Learner ``a`` against learner ``b`` under ``measure``, one row per data set both have a mean on.

    Parameters
    ----------
    means : :func:`measure_means` (or per-fold measures, averaged first).
    measure : a measure of :data:`aucacc.measures.MEASURES`.
    pairs : ``(a, b)`` learner pairs.

    Returns
    -------
    DataFrame
        ``a, b, dataset, value_a, value_b, better``: ``better`` is ``"a"``, ``"b"`` or ``"tie"`` by the measure's
        direction (lower is better for Brier and log loss), tied when ``|value_a − value_b| ≤ TIE_RTOL · max(1,
        |value_a|, |value_b|)`` (:data:`aucacc.measures.TIE_RTOL`; equal exact means are equal floats,
        :func:`measure_means`). Pairs in the order given, data sets in their order in ``means``.
    """
    means = _means(means, [measure])
    wide = means[means["measure"] == measure].pivot_table(index="dataset", columns="learner", values="value",
                                                          aggfunc="first", dropna=False)
    wide = wide.reindex([d for d in dict.fromkeys(means["dataset"]) if d in wide.index])
    hb = MEASURES[measure].higher_better
    rows = []
    for a, b in pairs:
        if a not in wide.columns or b not in wide.columns:
            continue
        for d, va, vb in zip(wide.index, wide[a].to_numpy(dtype=float), wide[b].to_numpy(dtype=float)):
            if not (np.isfinite(va) and np.isfinite(vb)):
                continue
            if abs(va - vb) <= TIE_RTOL * max(1.0, abs(va), abs(vb)):
                better = "tie"
            else:
                better = "a" if (va > vb) == hb else "b"
            rows.append({"a": a, "b": b, "dataset": d, "value_a": va, "value_b": vb, "better": better})
    return pd.DataFrame(rows, columns=["a", "b", "dataset", "value_a", "value_b", "better"])
