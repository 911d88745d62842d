"""Repeated k-fold cross-validation (b rounds).

b > 1 repetitions of the 10-fold protocol (config key ``protocol.repetitions``), each with its
own derived seed (:func:`aucacc.evaluation.folds.repeated_folds`; repetition 0 is the paper's
folds). Per data set and pair of learners the rounds feed Aggarwal's (2015, §10.9) paired test
over the b per-round accuracies (δa statistic) and the Nadeau–Bengio corrected resampled t-test
and Bayesian correlated t-test over all b × k folds (:func:`aucacc.significance.repeated_tests`).
"""

from __future__ import annotations

from typing import Any, Callable

import pandas as pd

from aucacc.evaluation.cross_validate import cross_validate, discretize_whole, fold_metrics
from aucacc.exceptions import LearnerFitError


def repeated_cross_validate(ds, folds: pd.DataFrame, make_estimator: Callable[[], Any],
                            discretization: str = "whole_data", learner: str = "", timeout: float | None = None,
                            ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Cross-validate one learner once per repetition of ``folds`` (``row, repetition, fold``).

    ``learner`` (its name under ``learners``, for messages) and ``timeout`` (seconds per fold, or None) are
    :func:`aucacc.evaluation.cross_validate.cross_validate`'s.

    Returns ``(scores, metrics)``: the stored-scores frame and the tidy fold metrics of
    :func:`aucacc.evaluation.cross_validate.cross_validate` / ``fold_metrics`` of each
    repetition, with a ``repetition`` column in front.
    """
    sc, mt = [], []
    # The whole data's cut points do not depend on the folds: one discretization for every repetition.
    whole = discretize_whole(ds)[0] if discretization == "whole_data" else None
    for r, f in folds.groupby("repetition", sort=True):
        f = f.sort_values("row")
        try:
            s, _ = cross_validate(ds, f["fold"].to_numpy(), make_estimator, discretization, discretized=whole,
                                  learner=learner, timeout=timeout)
        except LearnerFitError as exc:  # which of the r assignments of folds: "fold 0" alone is r folds
            raise LearnerFitError(f"repetition {int(r)}, {exc}", dataset=exc.dataset, learner=exc.learner,
                                  fold=exc.fold, stage=exc.stage) from exc.__cause__
        m = fold_metrics(s)
        s.insert(0, "repetition", int(r))
        m.insert(0, "repetition", int(r))
        sc.append(s)
        mt.append(m)
    return pd.concat(sc, ignore_index=True), pd.concat(mt, ignore_index=True)
