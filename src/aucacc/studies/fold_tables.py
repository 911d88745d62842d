"""Tables over data sets and folds from tidy fold metrics: means ± sd, averages, t-tests, C/D/E tallies.

The generic building blocks of a study's analysis (:mod:`aucacc.studies.analysis`), on which the
paper's table layouts (:mod:`aucacc.report.paper_tables`) put the published numbers. Inputs are tidy
fold metrics (``dataset, learner, fold, metric, value[, note]``, values in percent); nothing here
reads a file or knows of a paper.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from aucacc.counting import tally_pairs
from aucacc.scores import PARTIAL_MARK, UNDEFINED_MARK, mark_partial, partial_notes
from aucacc.stats import paired_ttest

__all__ = ["summary_table", "averages", "significance_table", "cde_table", "flag_datasets", "left_out_notes",
           "paper_layout", "SIG_LEFT_OUT", "CDE_LEFT_OUT", "FOLD_POOLED"]

#: The note under the t-tests when some AUC is undefined (:func:`left_out_notes`).
SIG_LEFT_OUT = "The AUC tests leave out the {folds} whose AUC is undefined (data-set means: over the other folds)."
#: The note under every table of t-tests with a ``level = "fold"`` row: the folds it pools are not independent.
FOLD_POOLED = ("level = fold pools the test folds of every data set as independent observations; they are not: "
               "the training parts of one data set's folds share most of their instances, so the fold-level test "
               "understates the variance and overstates significance (Dietterich 1998; Nadeau & Bengio 2003). "
               "Read level = dataset; the corrected resampled t-test (per data set) corrects for the overlap.")
#: The note under a C/D/E tally when some AUC is undefined (:func:`left_out_notes`).
CDE_LEFT_OUT = "The tally leaves out the {folds} whose AUC is undefined, their accuracy too (a pair needs both)."


def summary_table(metrics: pd.DataFrame) -> pd.DataFrame:
    """Mean and sample sd (ddof = 1) over folds per data set, learner and metric.

    Returns a tidy frame ``dataset, learner, metric, mean, sd, n_folds, partial_folds,
    undefined_folds``. ``partial_folds`` counts the folds whose value carries a note: a multi-class
    test fold that lacks a class, whose Hand–Till M averages over the class pairs present
    (:func:`aucacc.evaluation.cross_validate.fold_metrics`); ``undefined_folds`` counts the folds
    whose value is NaN: a binary test fold with one class, whose AUC is undefined. Such folds are
    left out of ``mean`` and ``sd``, and ``n_folds`` counts the folds that have a value. Tables
    flag both kinds of cell (:data:`PARTIAL_MARK`, :data:`UNDEFINED_MARK`). The paper's published
    values are put beside it by :func:`aucacc.report.paper_tables.beside_published`.
    """
    keys = ["dataset", "learner", "metric"]
    g = metrics.groupby(keys, sort=False)["value"]
    out = g.agg(mean="mean", sd=lambda v: float(np.std(v.dropna(), ddof=1)) if v.notna().sum() > 1 else np.nan,
                n_folds="count").reset_index()
    note = metrics["note"] if "note" in metrics.columns else pd.Series("", index=metrics.index)
    noted = note.notna() & (note.astype(str).str.strip() != "") & (note.astype(str) != "nan")
    flags = metrics.assign(_p=noted & metrics["value"].notna(), _u=metrics["value"].isna()).groupby(keys, sort=False)
    counts = pd.concat([flags["_p"].sum().astype(int).rename("partial_folds"),
                        flags["_u"].sum().astype(int).rename("undefined_folds")], axis=1)
    return out.merge(counts.reset_index(), on=keys, how="left")


def averages(summary: pd.DataFrame) -> pd.DataFrame:
    """Average over data sets per learner and metric (``learner, metric, average``) of a :func:`summary_table`."""
    return summary.groupby(["learner", "metric"], sort=False)["mean"].mean().rename("average").reset_index()


def significance_table(metrics: pd.DataFrame, learners: list[str], alpha: float) -> pd.DataFrame:
    """Two-tailed paired t-tests between every pair of learners, per metric, at two levels.

    ``level = "dataset"`` pairs the per-data-set means (n = number of data sets, the test the
    paper's claims fit, §IV-B); ``level = "fold"`` pairs the individual folds
    (n = data sets × folds, pooled as if independent: :data:`FOLD_POOLED`). A fold whose AUC is undefined (NaN: a
    binary test fold with one class) is left out: of its data set's AUC mean, and of the fold-level AUC pairs. Columns:
    ``metric, a, b, level, n, mean_diff, t, p, verdict``; the verdict reads ``"<a> significantly higher"`` etc.
    """
    means = metrics.groupby(["dataset", "learner", "metric"])["value"].mean().unstack("learner")
    folds = metrics.set_index(["dataset", "fold", "metric", "learner"])["value"].unstack("learner")
    rows = []
    for metric in metrics["metric"].unique():
        for a, b in combinations(learners, 2):
            for level, frame in (("dataset", means), ("fold", folds)):
                sub = frame.xs(metric, level="metric")[[a, b]].dropna()
                res = paired_ttest(sub[a], sub[b], alpha)
                verdict = res.verdict.replace("a significantly", f"{a} significantly").replace("b significantly", f"{b} significantly")
                rows.append({"metric": metric, "a": a, "b": b, "level": level, "n": res.n, "mean_diff": res.mean_diff,
                             "t": res.t, "p": res.p, "verdict": verdict})
    return pd.DataFrame(rows)


def cde_table(metrics: pd.DataFrame, pairs: list[tuple[str, str]]) -> pd.DataFrame:
    """C/D/E of AUC (f) against accuracy (g) over all test folds, for each pair of learners.

    Each observation is one test fold of one data set; learner a is compared with learner b
    (Huang & Ling 2005, §IV-D; Knowl 4; :func:`aucacc.counting.tally_pairs`, whose rule for undefined
    values applies). A fold whose AUC is undefined (NaN: a binary test fold with one class) is
    left out of the tally, accuracy included, since a pair needs both metrics. Columns
    ``pair, R, S, C, P, Q, D, V, E, n``.
    """
    wide = metrics.set_index(["dataset", "fold", "metric", "learner"])["value"].unstack(["metric", "learner"])
    rows = []
    for a, b in pairs:
        sub = wide[[("auc", a), ("auc", b), ("accuracy", a), ("accuracy", b)]].dropna()
        t = tally_pairs(sub[("auc", a)], sub[("auc", b)], sub[("accuracy", a)], sub[("accuracy", b)]).as_dict()
        rows.append({"pair": f"{a} vs {b}", **{k: t[k] for k in ("R", "S", "C", "P", "Q", "D", "V", "E")},
                     "n": t["U"]})
    return pd.DataFrame(rows)


def flag_datasets(frame: pd.DataFrame, metrics: pd.DataFrame) -> tuple[pd.DataFrame, list[str]]:
    """Display copy and notes of a table over data sets computed from tidy fold metrics.

    For tables whose cells are not per-data-set means (t-tests per data set, say) but whose AUC
    folds follow the same rule: the ``dataset`` of each row is marked (:func:`mark_partial`) when
    that data set has a fold whose AUC is Hand–Till M over the class pairs present (†) or
    undefined (‡), and :func:`partial_notes` explains each.

    Returns
    -------
    (display, notes) — ``frame`` with marks, and the notes under it.
    """
    summ = summary_table(metrics)
    counts = summ.groupby("dataset", sort=False)[["partial_folds", "undefined_folds"]].max()
    total = (summ["n_folds"] + summ["undefined_folds"]).groupby(summ["dataset"], sort=False).max()
    counts["n_folds"] = total - counts["undefined_folds"]  # as summary_table: the folds with a value
    shown = frame.merge(counts[["partial_folds", "undefined_folds"]], left_on="dataset", right_index=True, how="left")
    if "metric" in shown.columns:  # the rule is about AUC: accuracy rows keep every fold, unmarked
        shown.loc[shown["metric"] != "auc", ["partial_folds", "undefined_folds"]] = 0
    return mark_partial(shown).drop(columns=["partial_folds", "undefined_folds"]), partial_notes(counts.reset_index())


def left_out_notes(summary: pd.DataFrame, what: str) -> list[str]:
    """When some AUC is undefined: the :data:`UNDEFINED_MARK` notes of :func:`partial_notes`, then ``what``
    (with ``{folds}``: "<n> test fold(s)"), for the tables over folds (t-tests, C/D/E) that leave them out.

    ``summary`` is a :func:`summary_table` (its ``undefined_folds``); ``what`` is :data:`SIG_LEFT_OUT` or
    :data:`CDE_LEFT_OUT`."""
    notes = [n for n in partial_notes(summary) if n.startswith(UNDEFINED_MARK)]
    if "undefined_folds" in summary.columns and (summary["undefined_folds"] > 0).any():
        n = int(summary.groupby("dataset")["undefined_folds"].max().sum())
        notes.append(f"{UNDEFINED_MARK} " + what.format(folds=f"{n} test fold{'s' if n != 1 else ''}"))
    return notes


def paper_layout(summary: pd.DataFrame, avg: pd.DataFrame, learners: list[str]) -> pd.DataFrame:
    """The paper's layout for display: one row per data set, ``mean ± sd (published)`` per metric and learner.

    The last row holds the averages over data sets (published average in brackets). A cell
    with a fold whose Hand–Till M is over the class pairs present ends with
    :data:`PARTIAL_MARK`, one with a fold whose AUC is undefined with :data:`UNDEFINED_MARK`
    (explained by :func:`partial_notes`).

    Without a ``published_mean`` column in ``summary`` (a study with no published numbers) the
    cells are ``mean ± sd`` alone, and without ``published_average`` in ``avg`` the averages too;
    a (data set, learner) with no row in ``summary`` (a learner skipped there) is an empty cell
    (NaN, printed "—").
    """
    def cell(d: pd.DataFrame) -> pd.Series:
        mark = ""
        for col, m in (("partial_folds", PARTIAL_MARK), ("undefined_folds", UNDEFINED_MARK)):
            if col in d:
                mark = mark + (d[col] > 0).map({True: " " + m, False: ""})
        pub = (" (" + d["published_mean"].map("{:.1f}".format) + ")") if "published_mean" in d else ""
        return d["mean"].map("{:.1f}".format) + " ± " + d["sd"].map("{:.1f}".format) + pub + mark

    wide = summary.assign(cell=cell).pivot(index="dataset", columns=["metric", "learner"], values="cell")
    wide = wide.reindex(columns=[(m, lrn) for m in ("accuracy", "auc") for lrn in learners])
    wide.columns = [f"{m} {lrn}" for m, lrn in wide.columns]
    wide = wide.reset_index()
    avg_row = {"dataset": "average"}
    for _, r in avg.iterrows():
        pub = f" ({r['published_average']:.1f})" if "published_average" in avg else ""
        avg_row[f"{r['metric']} {r['learner']}"] = f"{r['average']:.1f}{pub}"
    return pd.concat([wide, pd.DataFrame([avg_row])], ignore_index=True)
