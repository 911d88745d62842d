"""The paper's real-data tables from stored fold metrics: means ± sd, t-tests, C/D/E tallies.

Inputs are tidy fold metrics (``dataset, learner, fold, metric, value``, values in percent);
published numbers come from the transcribed CSVs (``config/published``).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from aucacc.captions import caption
from aucacc.counting import tally_pairs
from aucacc.published import METRIC_SUFFIX, PUBLISHED_PREFIX, published_long  # noqa: F401  (re-exported)
from aucacc.report.claims import fold_mean_tolerance
from aucacc.scores import PARTIAL_MARK, UNDEFINED_MARK, mark_partial, partial_notes  # noqa: F401  (re-exported)
from aucacc.stats import paired_ttest
from aucacc.tables import Table


def summary_table(metrics: pd.DataFrame, published: pd.DataFrame | None = None,
                  claims: dict | None = None) -> pd.DataFrame:
    """Mean and sample sd (ddof = 1) over folds per data set, learner and metric, beside the paper's.

    Returns a tidy frame ``dataset, learner, metric, mean, sd, n_folds, published_mean,
    published_sd, diff, within_tolerance`` where ``diff = mean − published_mean`` and
    ``within_tolerance`` is |diff| ≤ max(abs, sd × published_sd), the rule ``fold_mean`` of the
    parsed claims file ``claims`` (:func:`aucacc.report.claims.fold_mean_tolerance`; in
    ``config/claims.yaml`` max(3, 1.5 × published_sd)), which is required with ``published``.
    ``partial_folds`` counts the folds whose value carries a note: a multi-class test fold that
    lacks a class, whose Hand–Till M averages over the class pairs present
    (:func:`aucacc.evaluation.cross_validate.fold_metrics`); ``undefined_folds`` counts the folds
    whose value is NaN: a binary test fold with one class, whose AUC is undefined. Such folds are
    left out of ``mean`` and ``sd``, and ``n_folds`` counts the folds that have a value. Tables
    flag both kinds of cell (:data:`PARTIAL_MARK`, :data:`UNDEFINED_MARK`).
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
    out = out.merge(counts.reset_index(), on=keys, how="left")
    if published is not None and len(published):
        if claims is None:
            raise ValueError("summary_table: the published values need the claims file (claims=load_claims(path)) "
                             "for within_tolerance")
        out = out.merge(published, on=["dataset", "learner", "metric"], how="left")
        out["diff"] = out["mean"] - out["published_mean"]
        out["within_tolerance"] = out["diff"].abs() <= fold_mean_tolerance(out["published_sd"], claims)
        out["within_tolerance"] = out["within_tolerance"].astype(object).where(out["published_mean"].notna())
    return out


def averages(summary: pd.DataFrame, published_avg: pd.DataFrame | None = None, table: str | None = None) -> pd.DataFrame:
    """Average over data sets per learner and metric (``learner, metric, average, published_average``)."""
    avg = summary.groupby(["learner", "metric"], sort=False)["mean"].mean().rename("average").reset_index()
    if published_avg is not None:
        pub = published_avg
        if table is not None:
            pub = pub[pub["table"] == table]
        avg = avg.merge(pub[["learner", "metric", "average"]].rename(columns={"average": "published_average"}),
                        on=["learner", "metric"], how="left")
        avg["diff"] = avg["average"] - avg["published_average"]
    return avg


def significance_table(metrics: pd.DataFrame, learners: list[str], alpha: float,
                       published: pd.DataFrame | None = None, table: str | None = None) -> pd.DataFrame:
    """Two-tailed paired t-tests between every pair of learners, per metric, at two levels.

    ``level = "dataset"`` pairs the per-data-set means (n = number of data sets, the test the
    paper's claims fit, §IV-B); ``level = "fold"`` pairs the individual folds
    (n = data sets × folds). A fold whose AUC is undefined (NaN: a binary test fold with one
    class) is left out: of its data set's AUC mean, and of the fold-level AUC pairs. Columns:
    ``metric, a, b, level, n, mean_diff, t, p, verdict, published_outcome``; the verdict reads ``"<a> significantly higher"`` etc.
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
    out = pd.DataFrame(rows)
    if published is not None:
        pub = published if table is None else published[published["table"] == table]
        look = {}
        for _, r in pub.iterrows():
            look[(r["metric"], r["a"], r["b"])] = r["published_outcome"]
            look[(r["metric"], r["b"], r["a"])] = r["published_outcome"]
        out["published_outcome"] = [look.get((m, a, b), "") for m, a, b in zip(out["metric"], out["a"], out["b"])]
        out["agrees"] = [
            (pv == "") or ((v == "not significant") == (pv == "not significant") and
                           (v == "not significant" or v.split()[0] == pv.split()[0]))
            for v, pv in zip(out["verdict"], out["published_outcome"])]
        out["agrees"] = out["agrees"].astype(object).where(out["published_outcome"] != "")
    return out


def cde_table(metrics: pd.DataFrame, pairs: list[tuple[str, str]], published: pd.DataFrame | None = None) -> pd.DataFrame:
    """C/D/E of AUC (f) against accuracy (g) over all test folds, for each pair of learners.

    Each observation is one test fold of one data set; learner a is compared with learner b
    (Huang & Ling 2005, §IV-D; Knowl 4; :func:`aucacc.counting.tally_pairs`, whose rule for undefined
    values applies). A fold whose AUC is undefined (NaN: a binary test fold with one class) is
    left out of the tally, accuracy included, since a pair needs both metrics. Columns
    ``pair, R, S, C, P, Q, D, V, E, n`` plus the published values
    (prefixed ``published_``).
    """
    wide = metrics.set_index(["dataset", "fold", "metric", "learner"])["value"].unstack(["metric", "learner"])
    rows = []
    for a, b in pairs:
        sub = wide[[("auc", a), ("auc", b), ("accuracy", a), ("accuracy", b)]].dropna()
        t = tally_pairs(sub[("auc", a)], sub[("auc", b)], sub[("accuracy", a)], sub[("accuracy", b)]).as_dict()
        rows.append({"pair": f"{a} vs {b}", **{k: t[k] for k in ("R", "S", "C", "P", "Q", "D", "V", "E")},
                     "n": t["U"]})
    out = pd.DataFrame(rows)
    if published is not None:
        pub = published.set_index("pair").add_prefix("published_").reset_index()
        out = out.merge(pub, on="pair", how="left")
    return out


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


def _left_out_notes(summary: pd.DataFrame, what: str) -> list[str]:
    """When some AUC is undefined: the :data:`UNDEFINED_MARK` notes of :func:`partial_notes`, then ``what``
    (with ``{folds}``: "<n> test fold(s)"), for the tables over folds (t-tests, C/D/E) that leave them out."""
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


# --------------------------------------------------------------------------- one function per rule
SIG_LEFT_OUT = "The AUC tests leave out the {folds} whose AUC is undefined (data-set means: over the other folds)."
CDE_LEFT_OUT = "The tally leaves out the {folds} whose AUC is undefined, their accuracy too (a pair needs both)."


def main_tables(metrics: pd.DataFrame, published: pd.DataFrame, published_avg: pd.DataFrame,
                published_sig: pd.DataFrame, published_cde: pd.DataFrame, learners: list[str],
                pairs: list[tuple[str, str]], alpha: float, protocol: str, claims: dict):
    """The paper's main table (§IV-B; Knowl 5), its t-tests and the C/D/E fold tally (§IV-D; Knowl 4).

    Rule ``main_table``. Parameters are the stacked fold metrics, the published CSVs
    (``uci_nb_c44_c45``, ``uci_averages``, ``significance``, ``cde_folds``), the
    ``main_table``/``protocol`` config values and the parsed claims file (the tolerance of
    ``within_tolerance``).

    Returns
    -------
    (dict, DataFrame)
        Tables ``{"table", "sig", "cde"}`` (:class:`~aucacc.tables.Table`) and the
        averages over data sets (for the log).
    """
    summ = summary_table(metrics, published_long(published), claims)
    summ.insert(0, "protocol", protocol)
    avg = averages(summ, published_avg, table="uci_nb_c44_c45")
    tables = {
        "table": Table(summ, display=paper_layout(summ, avg, learners), notes=partial_notes(summ),
                       caption=caption("uci_nb_c44_c45", protocol=protocol)),
        "sig": Table(significance_table(metrics, learners, alpha, published_sig, table="uci_nb_c44_c45"),
                     floatfmt=".4g", notes=_left_out_notes(summ, SIG_LEFT_OUT), caption=caption("significance_uci")),
        "cde": Table(cde_table(metrics, [tuple(p) for p in pairs], published_cde),
                     notes=_left_out_notes(summ, CDE_LEFT_OUT), caption=caption("cde_folds")),
    }
    return tables, avg


def svm_tables(metrics: pd.DataFrame, published: pd.DataFrame, published_avg: pd.DataFrame,
               published_sig: pd.DataFrame, learners: list[str], alpha: float, claims: dict):
    """The SVM table on the binary data sets (§IV-C; Knowl 6) and its t-tests (rule ``svm_table``).

    ``published`` stacks the long forms of ``svm_binary13`` and ``uci_nb_c44_c45``; ``claims``
    is the parsed claims file. Returns ``({"table", "sig"}, averages)`` as :func:`main_tables`.
    """
    summ = summary_table(metrics, published, claims)
    avg = averages(summ, published_avg, table="svm_binary13")
    tables = {
        "table": Table(summ, display=paper_layout(summ, avg, learners), notes=partial_notes(summ),
                       caption=caption("svm_binary13")),
        "sig": Table(significance_table(metrics, learners, alpha, published_sig, table="svm_binary13"),
                     floatfmt=".4g", notes=_left_out_notes(summ, SIG_LEFT_OUT),
                     caption=caption("significance_svm13")),
    }
    return tables, avg


def all_datasets_table(metrics: pd.DataFrame, published: pd.DataFrame, protocol: str, claims: dict):
    """Mean ± sd of every learner on every configured data set (rule ``all_datasets_table``; ``claims``:
    the parsed claims file, for ``within_tolerance``)."""
    summ = summary_table(metrics, published_long(published), claims)
    summ.insert(0, "protocol", protocol)
    return Table(summ, display=mark_partial(summ), notes=partial_notes(summ),
                 caption=caption("all_datasets", protocol=protocol))
