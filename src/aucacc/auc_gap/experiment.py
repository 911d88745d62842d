"""The AUC-gap stage (rule ``auc_hypotheses``): every reading against the published AUCs, as tables and a write-up."""

from __future__ import annotations

import pandas as pd

from aucacc.auc_gap.hypotheses import hypothesis_tables, impossible_published
from aucacc.auc_gap.markdown import gap_report
from aucacc.captions import caption
from aucacc.published import published_long
from aucacc.scores import mark_partial, partial_notes, small_class_folds
from aucacc.tables import Table


def gap_analysis(scores: dict[tuple[str, str, str], pd.DataFrame], published: pd.DataFrame,
            published_svm: pd.DataFrame, n_classes: dict[str, int], significance: pd.DataFrame | None,
            seed: int, n_folds: int, alpha: float) -> tuple[dict[str, Table], str]:
    """The three AUC-gap tables and the write-up ``report/auc_gap.md``.

    Parameters
    ----------
    scores : ``{(protocol, dataset, learner): scores frame}`` (see :func:`hypothesis_tables`).
    published, published_svm : the paper's tables ``uci_nb_c44_c45`` and ``svm_binary13``, wide.
    n_classes : classes per data set (the paper's data-set table), for :func:`impossible_published`.
    significance : the published significance claims, or ``None``.
    seed : the config's ``seed`` (the ``ties_random`` reading).
    n_folds : config ``protocol.n_folds`` (the note on folds that lack a class).
    alpha : config ``protocol.alpha`` (the t-tests behind each reading's AUC claims).

    Returns
    -------
    tables : ``{"table": summary, "by_dataset": per data set and learner, "impossible": ...}``.
    report : the Markdown write-up (:func:`aucacc.auc_gap.markdown.gap_report`).
    """
    pub = pd.concat([published_long(published), published_long(published_svm)], ignore_index=True)
    by, summary = hypothesis_tables(scores, pub, seed=seed)
    # Flag the data sets with a test fold that lacks a class (the folds are the same for every learner).
    flags = {d: small_class_folds(s) for (_, d, _), s in scores.items()}
    for col in ("partial_folds", "undefined_folds"):
        by[col] = by["dataset"].map({d: f[col] for d, f in flags.items()}).fillna(0).astype(int)
    imp = impossible_published(published, n_classes)
    tables = {
        "table": Table(summary, caption=caption("auc_hypotheses")),
        "by_dataset": Table(by, display=mark_partial(by), notes=partial_notes(by, n_folds),
                            caption=caption("auc_hypotheses_by_dataset")),
        "impossible": Table(imp, floatfmt=".1f", caption=caption("auc_impossible")),
    }
    return tables, gap_report(summary, by, imp, significance, n_folds, alpha)
