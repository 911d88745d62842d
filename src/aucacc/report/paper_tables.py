"""The paper's real-data tables: the generic tables over folds beside the published numbers.

The tables themselves (means ± sd, t-tests, C/D/E tallies) are the studies layer's
(:mod:`aucacc.studies.fold_tables`); this module puts the paper's transcribed values
(``config/published``) beside them and lays them out as the paper does.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from aucacc.captions import caption
from aucacc.published import METRIC_SUFFIX, PUBLISHED_PREFIX, published_long  # noqa: F401  (re-exported)
from aucacc.report.claims import fold_mean_tolerance
from aucacc.scores import PARTIAL_MARK, UNDEFINED_MARK, mark_partial, partial_notes  # noqa: F401  (re-exported)
from aucacc.studies.fold_tables import (CDE_LEFT_OUT, SIG_LEFT_OUT, averages, left_out_notes, paper_layout,
                                        significance_table, summary_table)
from aucacc.tables import Table


def beside_published(summary: pd.DataFrame, published: pd.DataFrame | None, claims: dict | None) -> pd.DataFrame:
    """A :func:`~aucacc.studies.fold_tables.summary_table` beside the paper's values.

    Adds ``published_mean, published_sd, diff, within_tolerance`` where ``diff = mean − published_mean``
    and ``within_tolerance`` is |diff| ≤ max(abs, sd × published_sd), the rule ``fold_mean`` of the
    parsed claims file ``claims`` (:func:`aucacc.report.claims.fold_mean_tolerance`; in
    ``config/claims.yaml`` max(3, 1.5 × published_sd)), which is required with ``published``
    (long form, :func:`aucacc.published.published_long`). No or empty ``published``: ``summary`` as it is.
    """
    out = summary
    if published is not None and len(published):
        if claims is None:
            raise ValueError("beside_published: the published values need the claims file (claims=load_claims(path)) "
                             "for within_tolerance")
        out = out.merge(published, on=["dataset", "learner", "metric"], how="left")
        out["diff"] = out["mean"] - out["published_mean"]
        out["within_tolerance"] = out["diff"].abs() <= fold_mean_tolerance(out["published_sd"], claims)
        out["within_tolerance"] = out["within_tolerance"].astype(object).where(out["published_mean"].notna())
    return out


def averages_beside_published(avg: pd.DataFrame, published_avg: pd.DataFrame, table: str | None = None) -> pd.DataFrame:
    """Averages over data sets (:func:`~aucacc.studies.fold_tables.averages`) beside the published ones
    (``published_average``, ``diff``) of ``published_avg`` (``uci_averages.csv``; its rows of ``table``)."""
    pub = published_avg if table is None else published_avg[published_avg["table"] == table]
    out = avg.merge(pub[["learner", "metric", "average"]].rename(columns={"average": "published_average"}),
                    on=["learner", "metric"], how="left")
    out["diff"] = out["average"] - out["published_average"]
    return out


def significance_beside_published(sig: pd.DataFrame, published: pd.DataFrame, table: str | None = None) -> pd.DataFrame:
    """Paired t-tests (:func:`~aucacc.studies.fold_tables.significance_table`) beside the paper's outcomes.

    Adds ``published_outcome`` (of the pair in either order, from ``published``: ``significance.csv``, its
    rows of ``table``) and ``agrees`` (our verdict and the published one name the same winner, or both none;
    empty where the paper gives no outcome)."""
    out = sig.copy()
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


def cde_beside_published(cde: pd.DataFrame, published: pd.DataFrame) -> pd.DataFrame:
    """A C/D/E tally (:func:`~aucacc.studies.fold_tables.cde_table`) beside the paper's (``cde_folds.csv``,
    its columns prefixed ``published_``)."""
    pub = published.set_index("pair").add_prefix("published_").reset_index()
    return cde.merge(pub, on="pair", how="left")


# --------------------------------------------------------------------------- one function per rule


def study_rows(summary: pd.DataFrame, learners: list[str]) -> pd.DataFrame:
    """The rows of a study's summary table (:func:`aucacc.studies.analysis.summary`'s data) of ``learners``: by data
    set (as in ``summary``), then in the order of ``learners``, then metric; without its ``protocol`` column."""
    out = summary[summary["learner"].isin(learners)].drop(columns="protocol", errors="ignore")
    rank = {lrn: i for i, lrn in enumerate(learners)}
    ds = {d: i for i, d in enumerate(dict.fromkeys(out["dataset"]))}
    key = out["dataset"].map(ds) * (len(rank) + 1) + out["learner"].map(rank)
    return out.iloc[np.argsort(key.to_numpy(), kind="stable")].reset_index(drop=True)


def study_ttests(ttests: pd.DataFrame, learners: list[str]) -> pd.DataFrame:
    """The rows of a study's t-tests (:func:`aucacc.studies.analysis.pairwise_ttests`' data) of the pairs
    ``itertools.combinations(learners, 2)``, per metric then pair then level, as
    :func:`~aucacc.studies.fold_tables.significance_table` orders them; without the ``datasets`` column.

    Raises
    ------
    ValueError
        A pair has no rows (the study does not test it in that order).
    """
    pairs = list(combinations(learners, 2))
    index = {(a, b): i for i, (a, b) in enumerate(pairs)}
    rows = ttests[[(a, b) in index for a, b in zip(ttests["a"], ttests["b"])]]
    missing = [f"{a} vs {b}" for a, b in pairs if not ((rows["a"] == a) & (rows["b"] == b)).any()]
    if missing:
        raise ValueError(f"the study's t-tests have no rows for {', '.join(missing)} (its learners, in the order of "
                         f"{learners}, must include these)")
    order = {m: i for i, m in enumerate(dict.fromkeys(rows["metric"]))}
    key = rows["metric"].map(order) * (len(pairs) + 1) + [index[(a, b)] for a, b in zip(rows["a"], rows["b"])]
    return rows.iloc[np.argsort(key.to_numpy(), kind="stable")].drop(columns="datasets").reset_index(drop=True)


def study_cde(auc_vs_accuracy: pd.DataFrame, pairs: list[tuple[str, str]]) -> pd.DataFrame:
    """The C/D/E tally of ``pairs`` from a study's AUC-against-accuracy table
    (:func:`aucacc.studies.analysis.auc_vs_accuracy`' data, summed over all its test folds): ``pair, R, S, C, P, Q,
    D, V, E, n`` in the order of ``pairs``, as :func:`~aucacc.studies.fold_tables.cde_table` gives them.

    Raises
    ------
    ValueError
        A pair is not in the study's table.
    """
    names = [f"{a} vs {b}" for a, b in pairs]
    missing = [n for n in names if n not in set(auc_vs_accuracy["pair"])]
    if missing:
        raise ValueError(f"the study's C/D/E table has no pair {', '.join(missing)} (its cde_pairs must include it)")
    out = auc_vs_accuracy.set_index("pair").loc[names].reset_index()
    return out[["pair", "R", "S", "C", "P", "Q", "D", "V", "E", "n"]]


def main_tables(summary: pd.DataFrame, ttests: pd.DataFrame, auc_vs_accuracy: pd.DataFrame, published: pd.DataFrame,
                published_avg: pd.DataFrame, published_sig: pd.DataFrame, published_cde: pd.DataFrame,
                learners: list[str], pairs: list[tuple[str, str]], protocol: str, claims: dict):
    """The paper's main table (§IV-B; Knowl 5), its t-tests and the C/D/E fold tally (§IV-D; Knowl 4): views of
    the paper study's tables beside the published numbers; nothing is recomputed from fold metrics.

    Rule ``main_table``. Parameters are the paper study's ``summary``, ``ttests`` and ``auc_vs_accuracy`` tables
    (read from their CSVs: :func:`aucacc.studies.analysis.summary`, :func:`~aucacc.studies.analysis.pairwise_ttests`,
    :func:`~aucacc.studies.analysis.auc_vs_accuracy`; the study's data sets are the table's), the published CSVs
    (``uci_nb_c44_c45``, ``uci_averages``, ``significance``, ``cde_folds``), the main table's learners and C/D/E
    pairs, the protocol and the parsed claims file (the tolerance of ``within_tolerance``).

    Returns
    -------
    (dict, DataFrame)
        Tables ``{"table", "sig", "cde"}`` (:class:`~aucacc.tables.Table`) and the
        averages over data sets (for the log).
    """
    summ = beside_published(study_rows(summary, learners), published_long(published), claims)
    summ.insert(0, "protocol", protocol)
    avg = averages_beside_published(averages(summ), published_avg, table="uci_nb_c44_c45")
    tables = {
        "table": Table(summ, display=paper_layout(summ, avg, learners), notes=partial_notes(summ),
                       caption=caption("uci_nb_c44_c45", protocol=protocol)),
        "sig": Table(significance_beside_published(study_ttests(ttests, learners), published_sig,
                                                   table="uci_nb_c44_c45"),
                     floatfmt=".4g", notes=left_out_notes(summ, SIG_LEFT_OUT), caption=caption("significance_uci")),
        "cde": Table(cde_beside_published(study_cde(auc_vs_accuracy, [tuple(p) for p in pairs]), published_cde),
                     notes=left_out_notes(summ, CDE_LEFT_OUT), caption=caption("cde_folds")),
    }
    return tables, avg


def svm_tables(metrics: pd.DataFrame, published: pd.DataFrame, published_avg: pd.DataFrame,
               published_sig: pd.DataFrame, learners: list[str], alpha: float, claims: dict):
    """The SVM table on the binary data sets (§IV-C; Knowl 6) and its t-tests (rule ``svm_table``).

    ``published`` stacks the long forms of ``svm_binary13`` and ``uci_nb_c44_c45``; ``claims``
    is the parsed claims file. Returns ``({"table", "sig"}, averages)`` as :func:`main_tables`.
    """
    summ = beside_published(summary_table(metrics), published, claims)
    avg = averages_beside_published(averages(summ), published_avg, table="svm_binary13")
    tables = {
        "table": Table(summ, display=paper_layout(summ, avg, learners), notes=partial_notes(summ),
                       caption=caption("svm_binary13")),
        "sig": Table(significance_beside_published(significance_table(metrics, learners, alpha), published_sig,
                                                   table="svm_binary13"),
                     floatfmt=".4g", notes=left_out_notes(summ, SIG_LEFT_OUT),
                     caption=caption("significance_svm13")),
    }
    return tables, avg


def all_datasets_table(metrics: pd.DataFrame, published: pd.DataFrame, protocol: str, claims: dict):
    """Mean ± sd of every learner on every configured data set (rule ``all_datasets_table``; ``claims``:
    the parsed claims file, for ``within_tolerance``)."""
    summ = beside_published(summary_table(metrics), published_long(published), claims)
    summ.insert(0, "protocol", protocol)
    return Table(summ, display=mark_partial(summ), notes=partial_notes(summ),
                 caption=caption("all_datasets", protocol=protocol))
