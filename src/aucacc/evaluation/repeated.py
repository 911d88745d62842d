"""Repeated k-fold cross-validation (b rounds) and the tests that need it.

b > 1 repetitions of the 10-fold protocol (config key ``protocol.repetitions``), each with its
own derived seed (:func:`aucacc.evaluation.folds.repeated_folds`; repetition 0 is the paper's
folds). Per data set and pair of learners the rounds feed Aggarwal's (2015, §10.9) paired test
over the b per-round accuracies (δa statistic) and the Nadeau–Bengio corrected resampled t-test
and Bayesian correlated t-test over all b × k folds (:mod:`aucacc.significance`).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pandas as pd


def repeated_cross_validate(ds, folds: pd.DataFrame, make_estimator: Callable[[], Any],
                            discretization: str = "whole_data") -> tuple[pd.DataFrame, pd.DataFrame]:
    """Cross-validate one learner once per repetition of ``folds`` (``row, repetition, fold``).

    Returns ``(scores, metrics)``: the stored-scores frame and the tidy fold metrics of
    :func:`aucacc.evaluation.cross_validate.cross_validate` / ``fold_metrics`` of each
    repetition, with a ``repetition`` column in front.
    """
    from aucacc.evaluation.cross_validate import cross_validate, fold_metrics

    sc, mt = [], []
    for r, f in folds.groupby("repetition", sort=True):
        f = f.sort_values("row")
        s, _ = cross_validate(ds, f["fold"].to_numpy(), make_estimator, discretization)
        m = fold_metrics(s)
        s.insert(0, "repetition", int(r))
        m.insert(0, "repetition", int(r))
        sc.append(s)
        mt.append(m)
    return pd.concat(sc, ignore_index=True), pd.concat(mt, ignore_index=True)


def repeated_tests(metrics: pd.DataFrame, pairs, alpha: float, rope: float, decision: float) -> pd.DataFrame:
    """Per data set, metric and learner pair: the tests over b rounds of k-fold CV.

    Parameters
    ----------
    metrics : tidy repeated fold metrics ``dataset, learner, repetition, fold, metric, value`` (percent).
    pairs : (a, b) learner pairs.
    alpha, rope, decision : config ``protocol.alpha``, ``statistics.rope`` (percentage points) and
        ``statistics.decision``.

    Returns one row per data set × metric × pair: ``rounds`` b, ``folds`` b·k; Aggarwal's test over
    the per-round means (``delta_A`` = ΔA, ``rounds_t``, ``rounds_p``); the naive paired t-test over
    the b·k folds (``naive_t``, ``naive_p``, the test the correction exists for); the Nadeau–Bengio
    corrected t-test (``corrected_t``, ``corrected_p``); the Bayesian correlated t-test
    (``p_a_better``, ``p_equivalent``, ``p_b_better``) and the verdicts.
    """
    from scipy import stats

    from aucacc.significance import bayes_correlated_ttest, corrected_resampled_ttest, rounds_ttest

    rows = []
    for (d, metric), g in metrics.groupby(["dataset", "metric"], sort=True):
        wide = g.pivot_table(index=["repetition", "fold"], columns="learner", values="value").sort_index()
        b = int(wide.index.get_level_values("repetition").nunique())
        for a, c in pairs:
            if a not in wide.columns or c not in wide.columns:
                continue
            per_round = wide[[a, c]].groupby(level="repetition").mean()
            rt = rounds_ttest(per_round[a], per_round[c]) if b > 1 else None
            ct = corrected_resampled_ttest(wide[a], wide[c], runs=b)
            naive = stats.ttest_rel(wide[a], wide[c])
            bc = bayes_correlated_ttest(wide[a], wide[c], rope, runs=b)
            rows.append({"dataset": d, "metric": metric, "a": a, "b": c, "rounds": b, "folds": len(wide),
                         "delta_A": float((per_round[a] - per_round[c]).mean()),
                         "rounds_t": rt.statistic if rt else np.nan, "rounds_p": rt.p if rt else np.nan,
                         "rounds_verdict": rt.verdict(a, c, alpha) if rt else "needs b > 1",
                         "naive_t": float(naive.statistic), "naive_p": float(naive.pvalue),
                         "corrected_t": ct.statistic, "corrected_p": ct.p, "corrected_verdict": ct.verdict(a, c, alpha),
                         "p_a_better": bc.p_a, "p_equivalent": bc.p_rope, "p_b_better": bc.p_b,
                         "bayes_verdict": bc.verdict(a, c, decision)})
    return pd.DataFrame(rows)
