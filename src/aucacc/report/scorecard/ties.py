"""How finely each learner ranks: distinct probability vectors and ties per fold, counted from the stored scores.

Huang & Ling (2005, §IV-B; Knowl 7): a decision tree gives every instance of a leaf the same
probability (pruning, as in C4.5, means fewer leaves and more ties), while naive Bayes, with
``2n + 1`` parameters for ``n`` binary attributes, can give up to ``2ⁿ`` distinct posteriors.
:func:`score_ties` counts, per data set and learner, what the stored class-probability vectors
(``results/scores/<protocol>/<dataset>/<learner>.parquet``) show; nothing is re-trained. It also
names the learners that predict the same class for every instance and rank every fold alike:
such learners have equal accuracy and AUC in every fold, so each of their folds lands in ``V``
(both metrics equal) of the §IV-D C/D/E tally.
"""

from __future__ import annotations

from typing import Mapping

import numpy as np
import pandas as pd

from aucacc.captions import caption
from aucacc.tables import Table

COLUMNS = ["dataset", "learner", "attributes", "folds", "test_per_fold", "distinct_per_fold", "distinct_max", "tied_share",
           "paper_bound_2n", "value_combinations", "same_predictions_as", "same_ranking_as"]


def value_combinations(meta: Mapping, cuts: Mapping) -> int:
    """Number of attribute-value combinations after discretization: ∏ k_i over the attributes.

    ``k_i`` is a nominal attribute's domain size (``meta["domains"]``, the clean data's schema) or a
    numeric one's interval count, its cut points + 1 (``cuts["cut_points"]``, the whole-data record of
    ``results/discretized/<data set>.json``). Naive Bayes's posterior is a function of the attribute
    vector, so it takes at most this many distinct values: the paper's ``2ⁿ`` when every attribute is binary.
    """
    out = 1
    for attr, kind in meta["kinds"].items():
        if attr in cuts["cut_points"]:
            out *= len(cuts["cut_points"][attr]) + 1
        elif kind == "nominal":
            out *= len(meta["domains"][attr])
    return out


def _prob_columns(s: pd.DataFrame) -> list[str]:
    return [c for c in s.columns if c.startswith("p:")]


def _fold_ranks(s: pd.DataFrame) -> dict[int, np.ndarray]:
    """Per fold: each class column's dense ranks (rows in ``row`` order), the ranking the AUC sees."""
    out = {}
    for f, g in s.sort_values(["fold", "row"]).groupby("fold"):
        out[int(f)] = np.column_stack([g[c].rank(method="dense").to_numpy() for c in _prob_columns(s)])
    return out


def score_ties(scores: Mapping[tuple[str, str], pd.DataFrame], attributes: Mapping[str, int],
               metas: Mapping[str, Mapping] | None = None, cuts: Mapping[str, Mapping] | None = None) -> Table:
    """Distinct probability vectors, ties and identical learners per data set, from stored scores.

    Parameters
    ----------
    scores : ``(dataset, learner) → frame`` with columns ``row, fold, y_true, y_pred, p:<class>…``
        (one row per test instance, as ``cross_validate`` stores them).
    attributes : attributes kept after discretization per data set (``results/tables/datasets.csv``).
    metas, cuts : per data set, the clean data's schema (``results/data/<data set>.json``) and its
        whole-data cut-point record (``results/discretized/<data set>.json``), for
        :func:`value_combinations` (optional: without them that column is empty).

    Returns
    -------
    Table with :data:`COLUMNS`: ``test_per_fold`` and ``distinct_per_fold`` are means over the folds
    (distinct probability vectors among a fold's test instances), ``distinct_max`` the largest
    fold's count; ``tied_share`` is the share of
    test instances whose vector equals another test instance's in the same fold; ``paper_bound_2n``
    is the paper's ``2ⁿ`` for ``n`` attributes (its bound on NB's distinct posteriors for binary
    attributes) and ``value_combinations`` its generalization to attributes of any number of values;
    ``same_predictions_as`` the other learners of the data set with the same predicted
    class for every instance, ``same_ranking_as`` those that also order every fold's instances alike
    in every class column (so equal fold accuracy and AUC).
    """
    combinations = {d: value_combinations(metas[d], cuts[d]) for d in metas if d in cuts} if metas and cuts else {}
    rows = []
    by_ds: dict[str, dict[str, pd.DataFrame]] = {}
    for (d, lrn), s in scores.items():
        by_ds.setdefault(d, {})[lrn] = s.sort_values("row").reset_index(drop=True)
    for d, learners in by_ds.items():
        ranks = {lrn: _fold_ranks(s) for lrn, s in learners.items()}
        for lrn, s in learners.items():
            probs = _prob_columns(s)
            per_fold = s.groupby("fold")
            distinct = per_fold.apply(lambda g: len(g[probs].round(12).drop_duplicates()), include_groups=False)
            tied = per_fold.apply(lambda g: int(g[probs].round(12).duplicated(keep=False).sum()), include_groups=False)
            same_pred, same_rank = [], []
            for other, o in learners.items():
                if other == lrn or len(o) != len(s) or not (o["row"].to_numpy() == s["row"].to_numpy()).all():
                    continue
                if (o["y_pred"].to_numpy() == s["y_pred"].to_numpy()).all():
                    same_pred.append(other)
                    if ranks[other].keys() == ranks[lrn].keys() and all(
                            ranks[other][f].shape == ranks[lrn][f].shape and (ranks[other][f] == ranks[lrn][f]).all()
                            for f in ranks[lrn]):
                        same_rank.append(other)
            n_attr = attributes.get(d)
            rows.append({"dataset": d, "learner": lrn, "attributes": n_attr, "folds": int(per_fold.ngroups),
                         "test_per_fold": float(per_fold.size().mean()), "distinct_per_fold": float(distinct.mean()),
                         "distinct_max": int(distinct.max()),
                         "tied_share": float(tied.sum() / len(s)),
                         "paper_bound_2n": 2 ** int(n_attr) if n_attr is not None else None,
                         "value_combinations": combinations.get(d),
                         "same_predictions_as": ", ".join(same_pred), "same_ranking_as": ", ".join(same_rank)})
    df = pd.DataFrame(rows, columns=COLUMNS)
    return Table(df, floatfmt=".3g", caption=caption("score_ties"))


def identical_learners(ties: pd.DataFrame) -> dict[str, list[str]]:
    """Data sets on which every learner of the table predicts and ranks exactly as every other: data set → learners."""
    out = {}
    for d, g in ties.groupby("dataset", sort=False):
        learners = list(g["learner"])
        if len(learners) > 1 and all(
                set(str(x).split(", ")) >= set(learners) - {lrn} for lrn, x in zip(g["learner"], g["same_ranking_as"].fillna(""))):
            out[d] = learners
    return out
