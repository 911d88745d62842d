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
from aucacc.studies.fold_tables import (CDE_LEFT_OUT, FOLD_POOLED, SIG_LEFT_OUT, averages, left_out_notes,
                                        paper_layout)
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


def study_rows(summary: pd.DataFrame, learners: list[str], datasets: list[str] | None = None) -> pd.DataFrame:
    """The rows of a study's summary table (:func:`aucacc.studies.analysis.summary`'s data) of ``learners``: by data
    set (as in ``summary``, or those of ``datasets`` in their order), then in the order of ``learners``, then
    metric; without its ``protocol`` column.

    Raises
    ------
    ValueError
        A data set of ``datasets`` is not in ``summary``.
    """
    out = summary[summary["learner"].isin(learners)].drop(columns="protocol", errors="ignore")
    if datasets is not None:
        missing = [d for d in datasets if d not in set(out["dataset"])]
        if missing:
            raise ValueError(f"the study's summary has no rows of {learners} on {', '.join(missing)} (the study's "
                             f"data sets must include these)")
        out = out[out["dataset"].isin(datasets)]
    rank = {lrn: i for i, lrn in enumerate(learners)}
    ds = {d: i for i, d in enumerate(datasets if datasets is not None else dict.fromkeys(out["dataset"]))}
    key = out["dataset"].map(ds) * (len(rank) + 1) + out["learner"].map(rank)
    return out.iloc[np.argsort(key.to_numpy(), kind="stable")].reset_index(drop=True)


def _negated(x: pd.Series) -> pd.Series:
    """``−x`` with a zero kept +0.0 (as the test of the pair in the other order gives it)."""
    return 0.0 - x


def study_ttests(ttests: pd.DataFrame, learners: list[str]) -> pd.DataFrame:
    """The rows of a study's t-tests (:func:`aucacc.studies.analysis.pairwise_ttests`' or
    :func:`~aucacc.studies.analysis.common_ttests`' data) of the pairs ``itertools.combinations(learners, 2)``, per
    metric then pair then level, as :func:`~aucacc.studies.fold_tables.significance_table` orders them; without the
    ``datasets`` column.

    A pair the study tests in the other order (``learners`` in another order than the study's) is read with ``a``
    and ``b`` swapped and ``mean_diff`` and ``t`` negated (the test of b − a; ``n``, ``p`` and the verdict, which
    names the learner, stay).

    Raises
    ------
    ValueError
        A pair has no rows in either order.
    """
    pairs = list(combinations(learners, 2))
    index = {(a, b): i for i, (a, b) in enumerate(pairs)}
    swapped = ttests[[(b, a) in index for a, b in zip(ttests["a"], ttests["b"])]]
    swapped = swapped.rename(columns={"a": "b", "b": "a"})[list(ttests.columns)]
    for col in ("mean_diff", "t"):
        swapped[col] = _negated(swapped[col])
    rows = pd.concat([ttests[[(a, b) in index for a, b in zip(ttests["a"], ttests["b"])]], swapped])
    missing = [f"{a} vs {b}" for a, b in pairs if not ((rows["a"] == a) & (rows["b"] == b)).any()]
    if missing:
        raise ValueError(f"the study's t-tests have no rows for {', '.join(missing)} (its learners must include "
                         f"{learners})")
    order = {m: i for i, m in enumerate(dict.fromkeys(ttests["metric"]))}
    level = {lv: i for i, lv in enumerate(dict.fromkeys(ttests["level"]))}
    key = ((rows["metric"].map(order) * (len(pairs) + 1)
            + [index[(a, b)] for a, b in zip(rows["a"], rows["b"])]) * (len(level) + 1) + rows["level"].map(level))
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
                     floatfmt=".4g", notes=left_out_notes(summ, SIG_LEFT_OUT) + [FOLD_POOLED],
                     caption=caption("significance_uci")),
        "cde": Table(cde_beside_published(study_cde(auc_vs_accuracy, [tuple(p) for p in pairs]), published_cde),
                     notes=left_out_notes(summ, CDE_LEFT_OUT), caption=caption("cde_folds")),
    }
    return tables, avg


def svm_tables(summary: pd.DataFrame, ttests_common: pd.DataFrame, published: pd.DataFrame,
               published_avg: pd.DataFrame, published_sig: pd.DataFrame, learners: list[str], datasets: list[str],
               claims: dict):
    """The SVM table on the binary data sets (§IV-C; Knowl 6) and its t-tests (rule ``svm_table``): views of the
    paper study's tables beside the published numbers; nothing is recomputed from fold metrics.

    Parameters are the paper study's ``summary`` and ``ttests_common`` tables (read from their CSVs:
    :func:`aucacc.studies.analysis.summary`, :func:`~aucacc.studies.analysis.common_ttests`), ``published`` (the
    long forms of ``svm_binary13`` and ``uci_nb_c44_c45`` stacked), the published ``uci_averages`` and
    ``significance``, the table's learners (the SVM first, then those it is compared with) and data sets, and the
    parsed claims file. The t-tests are the study's over the data sets on which every learner of the study ran,
    which must be the table's ``datasets``. Returns ``({"table", "sig"}, averages)`` as :func:`main_tables`.

    Raises
    ------
    ValueError
        The data sets on which every learner of the study ran are not ``datasets``.
    """
    ran = summary.groupby("dataset", sort=False)["learner"].agg(set)
    every = set().union(*ran) if len(ran) else set()
    common = [d for d, lrns in ran.items() if lrns == every]
    if set(common) != set(datasets) or not set(ttests_common["datasets"]) <= {len(common)}:
        raise ValueError(f"studies.<paper>.svm_table.datasets {datasets} are not the data sets on which every learner "
                         f"of the paper study ran ({common}), over which its t-tests (table ttests_common) are: give "
                         f"svm_table those data sets")
    summ = beside_published(study_rows(summary, learners, datasets), published, claims)
    avg = averages_beside_published(averages(summ), published_avg, table="svm_binary13")
    tables = {
        "table": Table(summ, display=paper_layout(summ, avg, learners), notes=partial_notes(summ),
                       caption=caption("svm_binary13")),
        "sig": Table(significance_beside_published(study_ttests(ttests_common, learners), published_sig,
                                                   table="svm_binary13"),
                     floatfmt=".4g", notes=left_out_notes(summ, SIG_LEFT_OUT) + [FOLD_POOLED],
                     caption=caption("significance_svm13")),
    }
    return tables, avg


def all_datasets_table(summary: pd.DataFrame, published: pd.DataFrame, learners: list[str], protocol: str,
                       claims: dict) -> Table:
    """Mean ± sd of ``learners`` (the main table's) on every data set of the paper study, with the published value
    where the paper has one (rule ``all_datasets_table``): a view of the study's ``summary`` table
    (:func:`aucacc.studies.analysis.summary`, read from its CSV) in long form; ``claims``: the parsed claims file,
    for ``within_tolerance``."""
    summ = beside_published(study_rows(summary, learners), published_long(published), claims)
    summ.insert(0, "protocol", protocol)
    return Table(summ, display=mark_partial(summ), notes=partial_notes(summ),
                 caption=caption("all_datasets", protocol=protocol))
