"""The analyses of one study, from its tidy fold metrics: tables, tests, C/D/E, exclusions, headline.

Inputs are tidy fold metrics ``dataset, learner, fold, metric, value[, note]`` (values in percent;
:func:`aucacc.scores.read_metrics`), the metrics ``accuracy`` and ``auc``. A learner *ran* on a
data set when it has fold metrics there; a learner skipped on a data set (a binary-only learner
on a multi-class data set: :func:`exclusions`) has none, and every analysis leaves that
(data set, learner) out: a pair of learners is compared on the data sets both ran, a test
ranking every learner (Friedman–Nemenyi) on the data sets every learner ran.

Every function returns :class:`aucacc.tables.Table` objects (or a dict of them, or a string);
none reads or writes a file. No table carries published numbers or a verdict against a paper:
a study's own claims file is re-tested by :func:`retest_claims`, its outcome beside ours.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Iterable, Mapping

import numpy as np
import pandas as pd
from scipy import stats

from aucacc.captions import caption
from aucacc.counting import PairCounts, tally_pairs
from aucacc.evaluation.folds import derive_seed
from aucacc.learners import input_description
from aucacc.scores import PROTOCOL_DESCRIPTIONS, partial_notes
from aucacc.significance import (MIN_N_PAIRED_T, OVER_DATASETS, POSTHOCS, TESTS, FriedmanResult, claims_against_tests,
                                 is_too_few, min_n_bayes_signed_rank, min_n_friedman_nemenyi, min_n_sign_test,
                                 min_n_wilcoxon, too_few)
from aucacc.studies.fold_tables import (CDE_LEFT_OUT, FOLD_POOLED, SIG_LEFT_OUT, averages, flag_datasets,
                                        left_out_notes, paper_layout, significance_table, summary_table)
from aucacc.tables import Table, split_frame

__all__ = ["summary", "summary_tables", "pairwise_ttests", "common_ttests", "pairwise_tests", "auc_vs_accuracy", "retest_claims", "exclusions",
           "headline", "CI_LEVEL", "min_datasets_bootstrap", "interval_status", "minimum_notes"]

#: Level of the bootstrap percentile intervals of C and D (:func:`auc_vs_accuracy`).
CI_LEVEL = 0.95
#: The answers of :func:`auc_vs_accuracy`, tidy column → displayed question.
QUESTIONS = {"consistent": "AUC consistent with accuracy (C > 0.5)?",
             "more_discriminating": "AUC more discriminating (D > 1)?"}


# --------------------------------------------------------------------------- which learner ran where
def _datasets(metrics: pd.DataFrame) -> list[str]:
    """The data sets of ``metrics`` in the order they first appear."""
    return list(dict.fromkeys(metrics["dataset"]))


def _ran(metrics: pd.DataFrame) -> dict[str, set[str]]:
    """``{learner: data sets on which it has fold metrics}``."""
    return {lrn: set(g["dataset"]) for lrn, g in metrics.groupby("learner", sort=False)}


def _common(metrics: pd.DataFrame, learners: Iterable[str]) -> list[str]:
    """The data sets (in order) on which every one of ``learners`` ran."""
    ran = _ran(metrics)
    return [d for d in _datasets(metrics) if all(d in ran.get(lrn, ()) for lrn in learners)]


def _left_out(metrics: pd.DataFrame, learners: list[str], common: list[str]) -> list[str]:
    """``"<data set> (<learners not run there>)"`` for every data set outside ``common``."""
    ran = _ran(metrics)
    return [f"{d} ({', '.join(lrn for lrn in learners if d not in ran.get(lrn, ()))})"
            for d in _datasets(metrics) if d not in common]


def _tidy(metrics: pd.DataFrame, per_test_set: bool = True) -> pd.DataFrame:
    """``metrics`` with float values and integer folds. A skipped learner's metrics file has no rows, and
    pandas (3.x) concatenates such a header-only frame's object columns into object dtype for all.

    Metrics of repeated cross-validation (a ``repetition`` column, r × k folds per data set) become, with
    ``per_test_set``, one fold per test set (:func:`folds_per_test_set`): every analysis over folds (means, C/D/E,
    fold-level t-tests) then counts the r × k test folds. The tests over folds of each data set take them with
    their repetitions (``per_test_set=False``), for the Nadeau-Bengio correction's k."""
    out = metrics.copy()
    out["value"] = pd.to_numeric(out["value"], errors="raise").astype(float)
    out["fold"] = pd.to_numeric(out["fold"], errors="raise").astype(int)
    for col in ("dataset", "learner", "metric"):
        out[col] = out[col].astype(str)
    if "repetition" in out.columns:
        out["repetition"] = pd.to_numeric(out["repetition"], errors="raise").astype(int)
        if per_test_set:
            out = folds_per_test_set(out)
    return out


def folds_per_test_set(metrics: pd.DataFrame) -> pd.DataFrame:
    """Repeated cross-validation's fold metrics with one fold id per test set: fold ``r · k + f`` for fold ``f``
    of repetition ``r`` (k the folds per repetition of the data set), and no ``repetition`` column.

    Parameters
    ----------
    metrics : tidy fold metrics with ``dataset, repetition, fold`` (repetition 0, 1, …; folds 0 … k − 1).

    Returns
    -------
    DataFrame
        The same rows in the same order; ``fold`` unique per (data set, repetition, fold).
    """
    out = metrics.copy()
    k = out.groupby("dataset")["fold"].transform("max") + 1
    out["fold"] = (out["repetition"] * k + out["fold"]).astype(int)
    return out.drop(columns="repetition")


def repetitions_note(metrics: pd.DataFrame) -> list[str]:
    """The note of a study with repeated cross-validation: how many repetitions, and what a fold means then."""
    if "repetition" not in metrics.columns or not len(metrics):
        return []
    r = int(pd.to_numeric(metrics["repetition"]).nunique())
    return [f"Repeated cross-validation: {r} repetitions of k-fold (each its own seeded folds); every fold count, "
            f"mean and tally is over the r × k test folds. Folds of different repetitions share training instances: "
            f"the fold-level tests that treat them as independent overstate significance (the corrected t and the "
            f"Bayesian correlated t of table tests correct for it, Nadeau & Bengio 2003)."]


def _frame(table: Table | pd.DataFrame) -> pd.DataFrame:
    return table.data if isinstance(table, Table) else table


# --------------------------------------------------------------------------- accuracy and AUC
def _study_summary(metrics: pd.DataFrame, learners: list[str]) -> pd.DataFrame:
    summ = summary_table(metrics[metrics["learner"].isin(learners)])
    # rows by data set (first appearance), then the study's learner order, then metric
    rank = {lrn: i for i, lrn in enumerate(learners)}
    ds = {d: i for i, d in enumerate(_datasets(metrics))}
    key = summ["dataset"].map(ds) * (len(rank) + 1) + summ["learner"].map(rank)
    summ = summ.iloc[np.argsort(key.to_numpy(), kind="stable")].reset_index(drop=True)
    if "protocol" in metrics.columns and metrics["protocol"].nunique() == 1:
        summ.insert(0, "protocol", metrics["protocol"].iloc[0])
    return summ


def _study_averages(summ: pd.DataFrame, common: list[str]) -> pd.DataFrame:
    """Average per learner and metric over the data sets of ``common`` (every learner ran them)."""
    return averages(summ[summ["dataset"].isin(common)])


def received_notes(metrics: pd.DataFrame, specs: Mapping[str, Mapping] | None) -> list[str]:
    """The notes that say what the study's learners were given: the protocol of the metrics
    (:data:`aucacc.scores.PROTOCOL_DESCRIPTIONS`), then each learner of ``specs``
    (:func:`aucacc.learners.input_description`). No protocol column and no specs: no note."""
    notes = []
    protocols = list(dict.fromkeys(metrics["protocol"].dropna())) if "protocol" in metrics.columns else []
    for protocol in protocols:
        notes.append(f"Data: {PROTOCOL_DESCRIPTIONS.get(protocol, protocol)}.")
    for name, spec in (specs or {}).items():
        notes.append(f"{name}: {input_description(dict(spec), protocols[0] if len(protocols) == 1 else 'none')}.")
    return notes


def cleaning_notes(records: Mapping[str, Mapping] | None) -> list[str]:
    """One note naming, per data set, the rows and attributes its recipe removed (the clean data's ``exclusions``,
    ``results/data/<name>.json``), so that a study's tables say what was left out of its data. No removal: no note.

    Parameters
    ----------
    records : data set → its clean data record (``n_instances``, ``raw_shape``, ``exclusions``: ``step,
        rows_removed, columns_removed, detail`` each).
    """
    parts = []
    for name, rec in (records or {}).items():
        rows = sum(int(e.get("rows_removed") or 0) for e in rec.get("exclusions", []))
        cols = [c for e in rec.get("exclusions", []) for c in (e.get("columns_removed") or [])]
        steps = list(dict.fromkeys(e["step"] for e in rec.get("exclusions", [])
                                   if int(e.get("rows_removed") or 0) or e.get("columns_removed")))
        if rows or cols:
            raw_rows = (rec.get("raw_shape") or [None])[0]
            what = [f"{rows} of {raw_rows} rows" if raw_rows else f"{rows} rows"] if rows else []
            what += [f"attribute{'s' if len(cols) > 1 else ''} {', '.join(cols)}"] if cols else []
            parts.append(f"{name}: {' and '.join(what)} ({', '.join(steps)})")
    return (["Removed by the data sets' recipes (results/data/<name>.json): " + "; ".join(parts) + "."]
            if parts else [])


def summary(metrics: pd.DataFrame, learners: list[str], specs: Mapping[str, Mapping] | None = None,
            cleaning: Mapping[str, Mapping] | None = None) -> Table:
    """Accuracy and AUC (%) per data set and learner: mean ± sd over the folds, and averages.

    Parameters
    ----------
    metrics : tidy fold metrics (percent) of the study's data sets and learners.
    learners : the study's learners, in display order.
    specs : learner name → config spec, optional; the notes then say what each learner was given
        (:func:`received_notes`), after the protocol's own note.
    cleaning : data set → its clean data record, optional; a note then names what the recipes removed
        (:func:`cleaning_notes`).

    Returns
    -------
    Table
        ``data``: :func:`aucacc.studies.fold_tables.summary_table`
        (``dataset, learner, metric, mean, sd, n_folds, partial_folds, undefined_folds``, with
        ``protocol`` first when the metrics have one); ``display``: one row per data set, a
        ``mean ± sd`` cell per metric and learner († / ‡ as in every table over data sets), an
        empty cell (—) where a learner did not run (skipped), and a last row ``average``.

    Notes
    -----
    The row ``average`` is over the data sets on which **every** learner ran, so that the learners'
    averages are over the same data sets and comparable; the note under the table says over how
    many, and which data sets (and skipped learners) are left out of them. When some learner was
    skipped somewhere, a second row ``average (own data sets)`` gives each learner's mean over
    every data set it ran, with their number ``n``.
    """
    repeated = repetitions_note(metrics)
    metrics = _tidy(metrics)
    summ = _study_summary(metrics, learners)
    common = _common(metrics, learners)
    avg = _study_averages(summ, common)
    display = paper_layout(summ, avg, learners)
    notes = partial_notes(summ)
    left = _left_out(metrics, learners, common)
    if not common:
        notes.append("average: no data set on which every learner ran, so no average.")
    else:
        n = len(common)
        notes.append(f"average: the mean over the {n} data set{'s' if n != 1 else ''} on which every learner ran"
                     + (f"; left out: {', '.join(left)} (the learners in brackets did not run there)." if left
                        else "."))
    if left:  # a second row: each learner over every data set it ran, with their number
        own = summ.groupby(["learner", "metric"], sort=False)["mean"].agg(["mean", "count"])
        row = {"dataset": "average (own data sets)"}
        for (lrn, metric), r in own.iterrows():
            row[f"{metric} {lrn}"] = f"{r['mean']:.1f} (n = {int(r['count'])})"
        display = pd.concat([display, pd.DataFrame([row])], ignore_index=True)
        notes.append("average (own data sets): each learner's mean over the data sets it ran (n of them), not "
                     "comparable between learners that ran on different data sets.")
    notes += repeated + received_notes(metrics, {x: specs[x] for x in learners if x in specs} if specs else None)
    notes += cleaning_notes(cleaning)
    return Table(summ, display=display, notes=notes, caption=caption("study_summary"))


def summary_tables(metrics: pd.DataFrame, records: Iterable[Mapping], learners: list[str], alpha: float,
                   specs: Mapping[str, Mapping] | None = None, cleaning: Mapping[str, Mapping] | None = None
                   ) -> dict[str, Table]:
    """The study's summary stage in one call: ``{"summary": summary(...), "ttests": pairwise_ttests(...),
    "ttests_common": common_ttests(...), "exclusions": exclusions(records)}`` (rule of ``workflow/scripts/study_summary.py``)."""
    return {"summary": summary(metrics, learners, specs, cleaning), "ttests": pairwise_ttests(metrics, learners, alpha),
            "ttests_common": common_ttests(metrics, learners, alpha), "exclusions": exclusions(records)}


# --------------------------------------------------------------------------- paired t-tests
def pairwise_ttests(metrics: pd.DataFrame, learners: list[str], alpha: float) -> Table:
    """Two-tailed paired t-tests of every pair of learners, per metric, over data sets and over folds.

    Each pair is tested on the data sets both learners ran
    (:func:`aucacc.studies.fold_tables.significance_table` on them: ``level = "dataset"`` pairs
    the per-data-set means, ``level = "fold"`` the folds; a fold whose AUC is undefined is left
    out). Columns ``metric, a, b, level, datasets, n, mean_diff, t, p, verdict``, rows in the
    order metric, pair (``itertools.combinations(learners, 2)``), level. A pair with fewer than
    2 such data sets (or none, at fold level) is not tested: its row says so, with NaN statistics.
    """
    repeated = repetitions_note(metrics)
    metrics = _tidy(metrics)
    ran = _ran(metrics)
    order = {m: i for i, m in enumerate(dict.fromkeys(metrics["metric"]))}
    parts = []
    for a, b in combinations(learners, 2):
        both = [d for d in _datasets(metrics) if d in ran.get(a, ()) and d in ran.get(b, ())]
        sub = metrics[metrics["dataset"].isin(both) & metrics["learner"].isin([a, b])]
        if len(both) >= 2:
            part = significance_table(sub, [a, b], alpha)
        else:
            part = pd.DataFrame([{"metric": m, "a": a, "b": b, "level": level, "n": len(both) if level == "dataset"
                                  else int(sub[(sub["metric"] == m) & (sub["learner"] == a)]["value"].notna().sum()),
                                  "mean_diff": np.nan, "t": np.nan, "p": np.nan,
                                  "verdict": "not tested (fewer than 2 data sets both ran)"}
                                 for m in order for level in ("dataset", "fold")])
        part.insert(4, "datasets", len(both))
        parts.append(part)
    cols = ["metric", "a", "b", "level", "datasets", "n", "mean_diff", "t", "p", "verdict"]
    out = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=cols)
    out = out.iloc[np.argsort(out["metric"].map(order).to_numpy(), kind="stable")].reset_index(drop=True)
    notes = left_out_notes(summary_table(metrics), SIG_LEFT_OUT)
    if any(_left_out(metrics, learners, _common(metrics, learners))):
        notes.append("Each pair is tested on the data sets both learners ran (column datasets).")
    notes += repeated + [FOLD_POOLED]
    return Table(out[cols], floatfmt=".4g", notes=notes, caption=caption("study_ttests", alpha=alpha))


def common_ttests(metrics: pd.DataFrame, learners: list[str], alpha: float) -> Table:
    """Two-tailed paired t-tests of every pair of learners, per metric, over the data sets on which **every**
    learner ran: those of the summary's ``average`` row (:func:`summary`).

    Where :func:`pairwise_ttests` tests each pair on the data sets both learners ran, this table tests every
    pair on the same data sets, so that its verdicts compare like with like, as the averages do (a study with
    a binary-only learner: every pair on the binary data sets). When every learner ran every data set it
    equals :func:`pairwise_ttests`. Columns as there (``datasets``: the number of common data sets), rows in the
    order metric, pair (``itertools.combinations(learners, 2)``), level; with fewer than 2 common data sets
    no pair is tested (each row says so, NaN statistics).
    """
    repeated = repetitions_note(metrics)
    metrics = _tidy(metrics)
    common = _common(metrics, learners)
    sub = metrics[metrics["dataset"].isin(common) & metrics["learner"].isin(learners)]
    if len(common) >= 2:
        out = significance_table(sub, learners, alpha)
    else:
        out = pd.DataFrame([{"metric": m, "a": a, "b": b, "level": level, "n": len(common) if level == "dataset"
                             else int(sub[(sub["metric"] == m) & (sub["learner"] == a)]["value"].notna().sum()),
                             "mean_diff": np.nan, "t": np.nan, "p": np.nan,
                             "verdict": "not tested (fewer than 2 data sets every learner ran)"}
                            for m in dict.fromkeys(metrics["metric"]) for a, b in combinations(learners, 2)
                            for level in ("dataset", "fold")],
                           columns=["metric", "a", "b", "level", "n", "mean_diff", "t", "p", "verdict"])
    out.insert(4, "datasets", len(common))
    notes = left_out_notes(summary_table(sub), SIG_LEFT_OUT) if len(sub) else []
    left = _left_out(metrics, learners, common)
    if left:
        notes.append(f"Every pair is tested on the {len(common)} data set{'s' if len(common) != 1 else ''} on which "
                     f"every learner ran; left out: {', '.join(left)} (the learners in brackets did not run there).")
    notes += repeated + [FOLD_POOLED]
    return Table(out, floatfmt=".4g", notes=notes, caption=caption("study_ttests_common", alpha=alpha))


# --------------------------------------------------------------------------- every pair under every test
#: Why a study's ``friedman`` table is empty (said under it and under ``tests``).
NO_FRIEDMAN = ("Friedman–Nemenyi does not apply: it needs at least 3 learners and 2 data sets on which every "
               "learner ran.")


def minimum_notes(verdicts: pd.DataFrame, alpha: float, decision: float, learners: int = 3,
                  posthoc: str = "nemenyi") -> list[str]:
    """The note under a table of test verdicts when some cell is a :func:`aucacc.significance.too_few` verdict:
    each test's minimum number of data sets (:func:`aucacc.significance.min_n`; Friedman with the post-hoc test
    ``posthoc`` (:data:`aucacc.significance.POSTHOCS`) with ``learners`` learners). No such cell: no note."""
    if not verdicts.astype(str).map(is_too_few).any().any():
        return []
    fried = (f", Friedman–{POSTHOCS[posthoc]} {min_n_friedman_nemenyi(learners, alpha, posthoc)} ({learners} learners)"
             if learners >= 3 else "")
    return [f"too few data sets: each test over data sets takes a verdict only from the smallest number of data sets "
            f"at which it can reach one (α = {alpha:g}): paired t {MIN_N_PAIRED_T}, Wilcoxon {min_n_wilcoxon(alpha)}"
            f"{fried}, Bayesian signed-rank {min_n_bayes_signed_rank(decision)} (decision {decision:g}); below it "
            f"the cell says so, where \"not significant\" would read as evidence of no difference."]


def _pair_name(a: str, b: str) -> str:
    return f"{a} vs {b}"


def _test_tables(res: dict, metrics: pd.DataFrame, lead: list[str], names: Mapping[str, str],
                 fried: dict, fried_cols: list[str]) -> dict:
    """Tables of a :func:`claims_against_tests` result: ``lead`` columns first, ``table`` dropped unless led;
    ``names``: the caption of each table."""
    def tidy(frame: pd.DataFrame) -> pd.DataFrame:
        if frame.empty:
            return frame
        keep = [c for c in lead if c in frame.columns] + [c for c in frame.columns if c not in lead]
        return frame[[c for c in keep if c != "table" or "table" in lead]]

    per_ds = tidy(res["per_dataset"])
    shown, notes = flag_datasets(per_ds, metrics) if len(per_ds) else (per_ds, [])
    fr_rows = [{**key, "n_datasets": r.n, "statistic": r.statistic, "p": r.p, "cd": r.cd,
                **{f"rank:{k}": v for k, v in r.ranks.items()}} for key, r in fried.values()]
    friedman = pd.DataFrame(fr_rows, columns=None if fr_rows else fried_cols + ["n_datasets", "statistic", "p", "cd"])
    few = [(key, r, min_n_friedman_nemenyi(len(r.ranks), r.alpha, r.posthoc)) for key, r in fried.values()]
    fr_notes = [f"{', '.join(str(v) for v in key.values())}: " + too_few(r.n, need, f"Friedman–{POSTHOCS[r.posthoc]} with "
                                                                        f"{len(r.ranks)} learners", f"p < {r.alpha:g}")
                + "; its ranks are shown, no pair is declared different." for key, r, need in few if r.n < need]
    return {"detail": Table(tidy(res["detail"]), floatfmt=".4g", caption=names["detail"]),
            "per_dataset": Table(per_ds, display=shown, notes=notes, floatfmt=".4g",
                                 caption=names["per_dataset"]),
            "friedman": Table(friedman, floatfmt=".4g", notes=fr_notes if fr_rows else [NO_FRIEDMAN],
                              caption=names["friedman"])}


def pairwise_tests(metrics: pd.DataFrame, learners: list[str], *, alpha: float, rope: float, decision: float,
                   seed: int, nsamples: int, posthoc: str = "nemenyi") -> dict:
    """Every pair of learners × metric under every test of :data:`aucacc.significance.TESTS`.

    The claims × tests table of :func:`aucacc.significance.claims_against_tests` with every pair
    ``(a, b)`` of ``itertools.combinations(learners, 2)`` and each metric as a "claim" without a
    verdict to check: paired t, Wilcoxon, Bayesian signed-rank over the data sets both learners
    ran (``datasets``), the corrected t and Bayesian correlated t over the folds of each of
    them, and Friedman–Nemenyi over the data sets on which every learner ran (one test per
    metric; it does not apply with fewer than 3 learners or 2 such data sets). A pair with
    fewer than 2 data sets both ran is not tested (the note under ``tests`` names it). A test over
    data sets below its minimum sample size (:func:`aucacc.significance.min_n`) reads
    ``"too few data sets (n = 2; Wilcoxon needs ≥ 6 for p < 0.05)"``, with a note giving every minimum
    (:func:`minimum_notes`); ``detail`` has ``n`` and ``min_n`` per test.

    Parameters
    ----------
    metrics : tidy fold metrics (percent).
    learners : the study's learners.
    alpha, rope, decision : config ``protocol.alpha``, ``statistics.rope`` (percentage points),
        ``statistics.decision``.
    seed, nsamples : master seed and Dirichlet draws of each Bayesian signed-rank test (its seed
        is derived from ``seed``, the pair's name ``"<a> vs <b>"``, the metric and the learners).
    posthoc : the post-hoc test after Friedman's (:data:`aucacc.significance.POSTHOCS`; Nemenyi's by default,
        the column keeps the name ``friedman_nemenyi``). Every test reads "higher" as better: a measure where
        lower is better is given negated (:func:`aucacc.studies.measure_tests.measure_tests`).

    Returns
    -------
    dict
        ``tests`` (``metric, a, b, datasets`` and one column per test), ``detail`` (statistic, p
        or posterior probabilities per pair and test), ``per_dataset`` (the two over-folds tests
        per data set), ``friedman`` (one row per metric: data sets, statistic, p, CD, average
        ranks) — :class:`~aucacc.tables.Table` each — and ``friedman_results``
        (``{metric: FriedmanResult}``, for :func:`aucacc.report.plots.significance.cd_diagram`), and
        ``untested`` (list of str: each pair not tested, ``"<a> vs <b> (1 data set both ran)"``).
    """
    metrics = _tidy(metrics, per_test_set=False)
    ran = _ran(metrics)
    common = _common(metrics, learners)
    metric_names = list(dict.fromkeys(metrics["metric"]))
    rows, groups, untested = [], {}, []
    for a, b in combinations(learners, 2):
        both = [d for d in _datasets(metrics) if d in ran.get(a, ()) and d in ran.get(b, ())]
        if len(both) < 2:
            untested.append(f"{_pair_name(a, b)} ({len(both)} data set{'s' if len(both) != 1 else ''} both ran)")
            continue
        groups[_pair_name(a, b)] = (both, [a, b])
    for m in metric_names:
        rows += [{"table": t, "metric": m, "a": a, "b": b} for t, (_, (a, b)) in groups.items()]
    claims = pd.DataFrame(rows, columns=["table", "metric", "a", "b"])
    res = claims_against_tests(metrics, claims, groups, friedman_groups={t: (common, list(learners)) for t in groups},
                               alpha=alpha, rope=rope, decision=decision, seed=seed, nsamples=nsamples,
                               posthoc=posthoc)
    fried: dict[str, tuple[dict, FriedmanResult]] = {}
    for (_, m), r in res["friedman_results"].items():
        fried.setdefault(m, ({"metric": m}, r))
    tests = res["claims"]
    if len(tests):
        tests.insert(4, "datasets", [len(groups[t][0]) for t in tests["table"]])
        tests = tests.drop(columns="table")
    else:
        tests = pd.DataFrame(columns=["metric", "a", "b", "datasets", *TESTS])
    notes = []
    if untested:
        notes.append(f"Not tested (fewer than 2 data sets on which both learners ran): {', '.join(untested)}.")
    if any(_left_out(metrics, learners, common)):
        notes.append(f"Each pair is tested on the data sets both learners ran (column datasets); Friedman–Nemenyi "
                     f"ranks every learner on the {len(common)} data sets on which every learner ran.")
    if not fried:
        notes.append(NO_FRIEDMAN)
    notes += minimum_notes(tests[[t for t in TESTS if t in tests.columns]], alpha, decision, len(learners), posthoc)
    out = {"tests": Table(tests, notes=notes, caption=caption("study_tests", alpha=alpha, rope=rope,
                                                               decision=decision))}
    out.update(_test_tables(res, metrics, ["metric", "a", "b", "test", "dataset"],
                            {"detail": caption("study_tests_detail"), "per_dataset": caption("study_tests_per_dataset"),
                             "friedman": caption("study_friedman")}, fried, ["metric"]))
    out["friedman_results"] = {m: r for m, (_, r) in fried.items()}
    out["untested"] = untested
    return out


def retest_claims(metrics: pd.DataFrame, claims: pd.DataFrame, learners: list[str], *, alpha: float, rope: float,
                  decision: float, seed: int, nsamples: int, stand_ins: Mapping[str, str] | None = None) -> dict:
    """A claims file's significance claims re-tested on a study's data, under every test.

    Parameters
    ----------
    metrics : the study's tidy fold metrics (percent).
    claims : ``metric, a, b, published_outcome`` and optionally ``table`` (e.g.
        ``config/published/significance.csv``): the claimed outcome of each pair, ``"<learner>
        significantly higher"`` or ``"not significant"``.
    learners : the study's learners; a claim whose ``a`` or ``b`` is not one of them is not
        re-tested (the note under the table names it).
    alpha, rope, decision, seed, nsamples : as :func:`pairwise_tests`.
    stand_ins : claims-file learner name → the study's learner that stands for it (config
        ``studies.<name>.retest_learners``, e.g. ``{"NB": "NB-FI"}``: the paper's naive Bayes re-tested as
        naive Bayes with per-fold discretization on the data as it is). The claims' ``a``, ``b`` and the
        learner of ``"<learner> significantly higher"`` are renamed before anything else, and a note
        under the table says so.

    Returns
    -------
    dict
        ``retest``: one row per claim (``table, metric, a, b, datasets, claimed_outcome``, one
        column per test, ``supported_by``: the tests over data sets that agree with the claimed
        outcome), ``detail``, ``per_dataset``, ``friedman`` (Tables, as :func:`pairwise_tests`)
        and ``friedman_results`` (``{(table, metric): FriedmanResult}``).

    Notes
    -----
    The claims of one ``table`` (one group when there is no ``table`` column, named ``claims``)
    are tested together, as :func:`aucacc.significance.claims_against_tests` does: on the data
    sets on which every learner those claims name ran (Friedman–Nemenyi ranks those learners).
    """
    metrics = _tidy(metrics, per_test_set=False)
    missing = {"metric", "a", "b", "published_outcome"} - set(claims.columns)
    if missing:
        raise ValueError(f"retest_claims: the claims have no column(s) {sorted(missing)} (expected metric, a, b, "
                         "published_outcome and optionally table)")
    claims = claims.copy()
    stand_ins = dict(stand_ins or {})
    if stand_ins:
        for col in ("a", "b"):
            claims[col] = claims[col].map(lambda x: stand_ins.get(x, x))
        claims["published_outcome"] = claims["published_outcome"].map(
            lambda o: _renamed_outcome(str(o), stand_ins))
    if "table" not in claims.columns:
        claims.insert(0, "table", "claims")
    inside = claims["a"].isin(learners) & claims["b"].isin(learners)
    skipped = claims[~inside]
    claims = claims[inside].reset_index(drop=True)[["table", "metric", "a", "b", "published_outcome"]]
    groups = {}
    for t, g in claims.groupby("table", sort=False):
        named = set(g["a"]) | set(g["b"])
        group_learners = [lrn for lrn in learners if lrn in named]
        groups[t] = (_common(metrics, group_learners), group_learners)
    few = {t: len(ds) for t, (ds, _) in groups.items() if len(ds) < 2}  # too few data sets to test over
    claims = claims[~claims["table"].isin(few)].reset_index(drop=True)
    groups = {t: g for t, g in groups.items() if t not in few}
    res = claims_against_tests(metrics, claims, groups, alpha=alpha, rope=rope, decision=decision, seed=seed,
                               nsamples=nsamples)
    table = res["claims"]
    if len(table):
        table.insert(4, "datasets", [len(groups[t][0]) for t in table["table"]])
    else:
        table = pd.DataFrame(columns=["table", "metric", "a", "b", "datasets", "published_outcome", *TESTS,
                                      "supported_by"])
    table = table.rename(columns={"published_outcome": "claimed_outcome"})
    notes = []
    if stand_ins:
        notes.append("The claims' learners stand for this study's: "
                     + ", ".join(f"{k} by {v}" for k, v in stand_ins.items()) + " (retest_learners).")
    if len(skipped):
        names = sorted(set(skipped["a"]) | set(skipped["b"]) - set(learners))
        notes.append(f"{len(skipped)} claim(s) not re-tested: they name learners outside the study "
                     f"({', '.join(names)}).")
    for t, n in few.items():
        notes.append(f"{t}: not re-tested, its learners all ran on {n} data set{'s' if n != 1 else ''} only "
                     "(the tests need at least 2).")
    for t, (ds, ls) in groups.items():
        notes.append(f"{t}: {', '.join(ls)} on the {len(ds)} data sets on which each of them ran.")
    notes += minimum_notes(table[[t for t in TESTS if t in table.columns]], alpha, decision,
                           max([len(ls) for _, ls in groups.values()], default=0))
    fried = {k: ({"table": k[0], "metric": k[1]}, r) for k, r in res["friedman_results"].items()}
    out = {"retest": Table(table, notes=notes, caption=caption("study_retest", alpha=alpha, rope=rope,
                                                                decision=decision))}
    out.update(_test_tables(res, metrics, ["table", "metric", "a", "b", "test", "dataset"],
                            {"detail": caption("study_tests_detail"), "per_dataset": caption("study_tests_per_dataset"),
                             "friedman": caption("study_friedman")}, fried, ["table", "metric"]))
    out["friedman_results"] = dict(res["friedman_results"])
    return out


def _renamed_outcome(outcome: str, stand_ins: Mapping[str, str]) -> str:
    """``"<learner> significantly higher"`` with the learner's stand-in; any other outcome as it is."""
    suffix = " significantly higher"
    if outcome.endswith(suffix):
        name = outcome[: -len(suffix)]
        return stand_ins.get(name, name) + suffix
    return outcome


def retest_changes(ours: pd.DataFrame, theirs: pd.DataFrame, study: str, other: str,
                   our_stand_ins: Mapping[str, str] | None = None,
                   their_stand_ins: Mapping[str, str] | None = None) -> Table:
    """Which re-tested claims change between two studies of the same claims (e.g. the uci36 data sets given to
    the learners as they are, against the same data under the paper's discretization).

    Parameters
    ----------
    ours, theirs : the two studies' ``retest`` tables (:func:`retest_claims`: ``table, metric, a, b,
        claimed_outcome``, one column per test of :data:`aucacc.significance.OVER_DATASETS`, ``supported_by``).
    study, other : the two studies' names, for the column names.
    our_stand_ins, their_stand_ins : each study's ``retest_learners`` (claims-file name → its learner); the
        claims and verdicts are compared under the claims file's names.

    Returns
    -------
    Table
        One row per claim re-tested in both studies, in ``ours``' order: ``table, metric, a, b,
        claimed_outcome``, ``supported_by <study>``, ``supported_by <other>`` and ``changed``: each test over
        data sets whose verdict differs, ``test: <other's verdict> → <ours>``, or ``none``. Claims re-tested
        in one study only are named in a note.
    """
    def named(frame: pd.DataFrame, stand_ins: Mapping[str, str] | None) -> pd.DataFrame:
        back = {v: k for k, v in (stand_ins or {}).items()}
        out = frame.copy()
        for col in ["a", "b", "claimed_outcome", "supported_by", *[t for t in OVER_DATASETS if t in frame.columns]]:
            out[col] = out[col].astype(str).map(lambda text: _renamed_words(text, back))
        return out

    key = ["table", "metric", "a", "b"]
    a, b = named(ours, our_stand_ins), named(theirs, their_stand_ins)
    both = a.merge(b, on=key, how="inner", suffixes=("", "_other"))
    rows = []
    for r in both.to_dict("records"):
        changed = [f"{t}: {r[f'{t}_other']} → {r[t]}" for t in OVER_DATASETS
                   if t in r and f"{t}_other" in r and r[t] != r[f"{t}_other"]]
        rows.append({**{k: r[k] for k in key}, "claimed_outcome": r["claimed_outcome"],
                     f"supported_by {study}": r["supported_by"], f"supported_by {other}": r["supported_by_other"],
                     "changed": "; ".join(changed) or "none"})
    table = pd.DataFrame(rows, columns=[*key, "claimed_outcome", f"supported_by {study}", f"supported_by {other}",
                                        "changed"])
    n_changed = int((table["changed"] != "none").sum())
    notes = [f"{n_changed} of {len(table)} claims have a test over data sets whose verdict differs between "
             f"{other} and {study} (changed: the test, {other}'s verdict → {study}'s)."]
    for frame, name in ((a, study), (b, other)):
        only = frame.merge(both[key], on=key, how="left", indicator=True)
        only = only[only["_merge"] == "left_only"]
        if len(only):
            notes.append(f"Re-tested in {name} only: " + "; ".join(
                f"{r.table} {r.metric} {r.a} vs {r.b}" for r in only.itertuples()) + ".")
    if our_stand_ins:
        notes.append(f"Learners under the claims file's names: in {study}, "
                     + ", ".join(f"{k} is {v}" for k, v in our_stand_ins.items()) + ".")
    return Table(table, notes=notes, caption=caption("study_retest_changes", other=other))


def _renamed_words(text: str, names: Mapping[str, str]) -> str:
    """``text`` with each learner name of ``names`` that stands as a whole word (a verdict, a list of tests'
    names is left as it is) replaced."""
    if not names:
        return text
    pattern = re.compile(r"(?<![\w.+-])(" + "|".join(re.escape(k) for k in sorted(names, key=len, reverse=True))
                         + r")(?![\w.+-])")
    return pattern.sub(lambda m: names[m.group(1)], text)


# --------------------------------------------------------------------------- C/D/E: the paper's question
def _tallies(metrics: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """R, S, P, Q, V, U of AUC (f) against accuracy (g), learner a against b, per data set both ran.

    One pair of objects per test fold (:func:`aucacc.counting.tally_pairs`); a fold whose AUC is
    undefined for either learner is left out, its accuracy too, as
    :func:`aucacc.studies.fold_tables.cde_table` does.
    """
    wide = metrics[metrics["learner"].isin([a, b])].set_index(["dataset", "fold", "metric", "learner"])["value"]
    wide = wide.unstack(["metric", "learner"]).reindex(columns=pd.MultiIndex.from_tuples(
        [("auc", a), ("auc", b), ("accuracy", a), ("accuracy", b)])).dropna()
    rows = []
    of_dataset = split_frame(wide, "dataset")  # the index level; one grouping, not a scan per data set
    for d in _datasets(metrics):
        if d not in of_dataset:
            continue
        s = of_dataset[d].droplevel("dataset")
        t = tally_pairs(s[("auc", a)], s[("auc", b)], s[("accuracy", a)], s[("accuracy", b)])
        rows.append({"dataset": d, "R": t.R, "S": t.S, "P": t.P, "Q": t.Q, "V": t.V, "U": t.U})
    return pd.DataFrame(rows, columns=["dataset", "R", "S", "P", "Q", "V", "U"])


def _ratio(num: np.ndarray, den: np.ndarray, inf_ok: bool) -> np.ndarray:
    """num / den elementwise: NaN where den = 0 (and num = 0, or always unless ``inf_ok``), inf where num > 0 = den."""
    num, den = np.asarray(num, dtype=float), np.asarray(den, dtype=float)
    out = np.full(num.shape, np.nan)
    ok = den > 0
    out[ok] = num[ok] / den[ok]
    if inf_ok:
        out[~ok & (num > 0)] = np.inf
    return out


def bootstrap_cd(tallies: pd.DataFrame, n_boot: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """C and D of ``n_boot`` bootstrap resamples of the data sets of ``tallies`` (rows: data sets; a frame with
    columns ``R, S, P, Q``, or an int array of shape (data sets, 4) of them).

    Each resample draws as many data sets as there are, with replacement
    (``numpy.random.default_rng(seed).integers(0, k, size=(n_boot, k))``), and sums their fold
    tallies: C* = ΣR / (ΣR + ΣS), D* = ΣP / ΣQ (NaN when undefined, inf when ΣP > 0 = ΣQ, the
    rule of :class:`aucacc.counting.PairCounts`). Returns ``(C*, D*)``, each shape (n_boot,).
    """
    counts = np.asarray(tallies[["R", "S", "P", "Q"]] if isinstance(tallies, pd.DataFrame) else tallies,
                        dtype=np.int64).reshape(-1, 4)
    k = len(counts)
    if k == 0 or n_boot <= 0:
        return np.full(max(n_boot, 0), np.nan), np.full(max(n_boot, 0), np.nan)
    idx = np.random.default_rng(seed).integers(0, k, size=(n_boot, k))
    tot = counts[idx].sum(axis=1)  # (n_boot, 4)
    return _ratio(tot[:, 0], tot[:, 0] + tot[:, 1], False), _ratio(tot[:, 2], tot[:, 3], True)


def min_datasets_bootstrap(level: float = CI_LEVEL) -> int:
    """The smallest number k of data sets whose bootstrap percentile interval (:func:`bootstrap_cd`) at ``level``
    has ends that are not single data sets' values.

    A resample of k data sets drawn with replacement is one given data set k times with probability k⁻ᵏ,
    and the C (D) of a resample lies between the smallest and the largest of its data sets' (a ratio of
    sums is a mediant of the ratios). While k⁻ᵏ ≥ (1 − ``level``) / 2 the interval's ends are therefore
    the smallest and largest C (D) of single data sets: their range, not an interval. At 0.95: 4 (3⁻³ = 0.037,
    4⁻⁴ = 0.0039 against 0.025).
    """
    if not 0 < level < 1:
        raise ValueError(f"the interval's level must be in (0, 1), got {level}")
    k = 1
    while float(k) ** -k >= (1 - level) / 2:
        k += 1
    return k


def interval_status(lo: float, hi: float, datasets: int, n_boot: int) -> str:
    """How far a bootstrap interval of C or D (:func:`bootstrap_cd`, :func:`_interval`) can be read.

    ``"ok"``; ``"too few data sets (n = 3; the bootstrap interval needs ≥ 4 for ends that are not one data set's
    value)"`` below :func:`min_datasets_bootstrap`; ``"degenerate (zero width)"`` when ``lo == hi`` (e.g. C's
    [1, 1] or D's [inf, inf]: every resample gave the same value); ``"none"`` with no interval (no resamples,
    or every resample undefined).
    """
    if n_boot <= 0 or np.isnan(lo) or np.isnan(hi):
        return "none"
    need = min_datasets_bootstrap()
    if datasets < need:
        return too_few(datasets, need, "the bootstrap interval", "ends that are not one data set's value")
    if lo == hi:
        return "degenerate (zero width)"
    return "ok"


def _interval(x: np.ndarray) -> tuple[float, float, int]:
    """The CI_LEVEL percentile interval of the defined (non-NaN) values, and how many were undefined.

    Empirical quantiles without interpolation (numpy ``method="inverted_cdf"``), so that an
    infinite D (Q = 0 in a resample) is a valid end point rather than inf − inf.
    """
    ok = x[~np.isnan(x)]
    if not len(ok):
        return np.nan, np.nan, int(len(x))
    lo, hi = np.quantile(ok, [(1 - CI_LEVEL) / 2, (1 + CI_LEVEL) / 2], method="inverted_cdf")
    return float(lo), float(hi), int(len(x) - len(ok))


def _sign_test(k: int, n: int) -> float:
    """One-sided exact sign test: P(X ≥ k), X ~ Binomial(n, 1/2) (``scipy.stats.binomtest``); NaN if n = 0."""
    return float(stats.binomtest(int(k), int(n), 0.5, alternative="greater").pvalue) if n else np.nan


def _answer(p: float, n: int, alpha: float) -> str:
    """``"yes"`` (p < alpha), ``"no (p = 0.18)"``, a :func:`aucacc.significance.too_few` verdict when the
    ``n`` disagreeing folds are fewer than the one-sided sign test needs to reach p < alpha
    (:func:`aucacc.significance.min_n_sign_test`), ``"undefined"`` when n = 0. A "no" is no evidence against
    C > 0.5 (D > 1): the test did not reject C ≤ 0.5 (D ≤ 1)."""
    if not np.isfinite(p):
        return "undefined"
    need = min_n_sign_test(alpha, "greater")
    if n < need:
        return too_few(n, need, "sign_test", f"p < {alpha:g}", unit="disagreeing folds")
    return "yes" if p < alpha else f"no (p = {p:.2g})"


def auc_vs_accuracy(metrics: pd.DataFrame, pairs: Iterable[tuple[str, str]], *, alpha: float, n_boot: int,
                    seed: int) -> Table:
    """Is AUC consistent with accuracy (C > 0.5), and more discriminating (D > 1), on the study's test folds?

    The real-data question of Huang & Ling (2005, §IV-D) for every pair: each observation is one
    test fold of one data set, learner ``a`` against ``b``; f = AUC, g = accuracy; R, S, P, Q, V
    counted over all test folds of the data sets both ran (:func:`aucacc.counting.tally_pairs`;
    a fold whose AUC is undefined is left out, its accuracy too), C = R / (R + S), D = P / Q,
    E = V / n (:class:`aucacc.counting.PairCounts`: undefined → NaN, D = inf when P > 0 = Q).

    Uncertainty, two ways:

    - exact one-sided sign tests (``scipy.stats.binomtest``, p = 1/2): ``p_C`` of R against S
      (C > 0.5 ⇔ R > S: each fold where the two measures disagree in direction is, under
      H0: C = 0.5, equally likely either way), ``p_D`` of P against Q (D > 1 ⇔ P > Q);
    - :data:`CI_LEVEL` bootstrap percentile intervals of C and D over data sets
      (:func:`bootstrap_cd`: ``n_boot`` resamples of the data sets with replacement, their fold
      tallies summed; seed ``derive_seed(seed, "auc_vs_accuracy", a, b)``), since folds of one
      data set are not independent. Resamples where C or D is undefined are left out of its
      interval (``C_undefined_resamples``, ``D_undefined_resamples``).

    ``consistent`` / ``more_discriminating`` read ``"yes"`` when the sign test rejects C ≤ 0.5
    (D ≤ 1) at ``alpha``, ``"no (p = 0.18)"`` when it does not (no evidence against C > 0.5: read C and
    its interval), ``"too few disagreeing folds (n = 3; the one-sided sign test needs ≥ 5 for p < 0.05)"``
    when R + S (P + Q) is below :func:`aucacc.significance.min_n_sign_test`, ``"undefined"`` when it is 0.
    ``C_interval`` / ``D_interval`` say how far each interval can be read (:func:`interval_status`): ``"ok"``,
    too few data sets (fewer than :func:`min_datasets_bootstrap`: its ends are single data sets' values),
    ``"degenerate (zero width)"`` (e.g. [1, 1], [inf, inf]) or ``"none"``; the display shows them, with a
    note, when one is neither ``"ok"`` nor ``"none"``.

    Parameters
    ----------
    metrics : tidy fold metrics (percent) with ``accuracy`` and ``auc``.
    pairs : ``(a, b)`` learner pairs (config ``cde_pairs``).
    alpha : significance level of the answers (config ``protocol.alpha``).
    n_boot : bootstrap resamples (0: no intervals).
    seed : master seed.

    Returns
    -------
    Table
        One row per pair: ``pair, a, b, datasets, R, S, C, C_lo, C_hi, p_C, P, Q, D, D_lo, D_hi,
        p_D, V, E, n, consistent, more_discriminating, C_interval, D_interval, alpha, n_boot`` and the
        undefined-resample counts; the display names the two answers as questions.
    """
    repeated = repetitions_note(metrics)
    metrics = _tidy(metrics)
    rows = []
    for a, b in pairs:
        per_ds = _tallies(metrics, a, b)
        tot = PairCounts(*(int(per_ds[k].sum()) for k in ("R", "S", "P", "Q", "V", "U"))).as_dict()
        c_star, d_star = bootstrap_cd(per_ds, n_boot, derive_seed(seed, "auc_vs_accuracy", a, b))
        c_lo, c_hi, c_und = _interval(c_star)
        d_lo, d_hi, d_und = _interval(d_star)
        p_c, p_d = _sign_test(tot["R"], tot["R"] + tot["S"]), _sign_test(tot["P"], tot["P"] + tot["Q"])
        rows.append({"pair": _pair_name(a, b), "a": a, "b": b, "datasets": len(per_ds),
                     "R": tot["R"], "S": tot["S"], "C": tot["C"], "C_lo": c_lo, "C_hi": c_hi, "p_C": p_c,
                     "P": tot["P"], "Q": tot["Q"], "D": tot["D"], "D_lo": d_lo, "D_hi": d_hi, "p_D": p_d,
                     "V": tot["V"], "E": tot["E"], "n": tot["U"],
                     "consistent": _answer(p_c, tot["R"] + tot["S"], alpha),
                     "more_discriminating": _answer(p_d, tot["P"] + tot["Q"], alpha),
                     "C_interval": interval_status(c_lo, c_hi, len(per_ds), n_boot),
                     "D_interval": interval_status(d_lo, d_hi, len(per_ds), n_boot),
                     "alpha": alpha, "n_boot": int(n_boot),
                     "C_undefined_resamples": c_und, "D_undefined_resamples": d_und})
    out = pd.DataFrame(rows)
    if out.empty:
        out = pd.DataFrame(columns=["pair", "a", "b", "datasets", "R", "S", "C", "C_lo", "C_hi", "p_C", "P", "Q", "D",
                                    "D_lo", "D_hi", "p_D", "V", "E", "n", "consistent", "more_discriminating",
                                    "C_interval", "D_interval", "alpha", "n_boot", "C_undefined_resamples",
                                    "D_undefined_resamples"])
    # the intervals' status is shown only when one is not "ok" (or "none": no bootstrap), as a note names it
    all_ok = bool(out[["C_interval", "D_interval"]].isin(["ok", "none"]).all(axis=None)) if len(out) else True
    shown = out.drop(columns=["a", "b", "alpha", "n_boot", "C_undefined_resamples", "D_undefined_resamples"]
                     + (["C_interval", "D_interval"] if all_ok else []))
    shown = shown.rename(columns=QUESTIONS)
    notes = left_out_notes(summary_table(metrics), CDE_LEFT_OUT)
    notes.append(f"p_C, p_D: exact one-sided sign tests of R against S (C > 0.5) and of P against Q (D > 1); the "
                 f"answers are yes when p < α = {alpha}. [C_lo, C_hi], [D_lo, D_hi]: {CI_LEVEL * 100:g} % bootstrap "
                 f"percentile intervals over data sets ({int(n_boot)} resamples of the data sets, their fold tallies "
                 "summed); D = inf when Q = 0. A no gives the sign test's p: it is no evidence against C > 0.5 "
                 "(D > 1). The sign tests pool the test folds of every data set as independent; folds of one data "
                 "set share training data (Dietterich 1998; Nadeau & Bengio 2003), so their p is optimistic: the "
                 "intervals over data sets are the check.")
    few = out[out[["consistent", "more_discriminating"]].map(is_too_few).any(axis=1)] if len(out) else out
    if len(few):
        notes.append(f"too few disagreeing folds: the one-sided sign test cannot reach p < {alpha:g} from fewer than "
                     f"{min_n_sign_test(alpha, 'greater')} folds where the two measures disagree (R + S for C, "
                     f"P + Q for D): {', '.join(few['pair'])}.")
    if not all_ok:
        notes.append(f"C_interval, D_interval: a bootstrap interval from fewer than {min_datasets_bootstrap()} data "
                     "sets has for its ends the smallest and largest value of single data sets (the chance of a "
                     f"resample of one data set only, k⁻ᵏ, is at least {(1 - CI_LEVEL) / 2:g}); a degenerate one "
                     "(zero width, such as [1, 1] or [inf, inf]) is every resample's value, not a certainty.")
    und = out[(out["C_undefined_resamples"].astype(float) > 0) | (out["D_undefined_resamples"].astype(float) > 0)]
    if len(und):  # one line for every pair: a table of many pairs keeps one note
        notes.append("Left out of the intervals, the resamples where C is undefined (R + S = 0) and where D is (P = Q "
                     "= 0): " + "; ".join(f"{r.pair} {r.C_undefined_resamples} and {r.D_undefined_resamples}"
                                         for r in und.itertuples(index=False)) + f" of {int(n_boot)}.")
    return Table(out, display=shown, floatfmt=".4g", notes=notes + repeated, caption=caption("study_auc_vs_accuracy"))


# --------------------------------------------------------------------------- exclusions and headline
def exclusions(records: Iterable[Mapping]) -> Table:
    """The (data set, learner) pairs a study leaves out, and why.

    Parameters
    ----------
    records : parsed cross-validation JSON records (:func:`aucacc.scores.read_fold_records`). A
        record of a skipped learner is a mapping with ``dataset``, ``learner`` and ``skipped``
        (the reason, e.g. a binary-only learner on a multi-class data set; or ``True`` with the
        reason under ``reason``); any other record
        (a normal ``{"folds", "provenance"}`` record, or one whose ``skipped`` is empty) is not
        an exclusion.

    Returns
    -------
    Table
        ``dataset, learner, reason``, in the order of ``records`` (a repeated record once). A record with an
        ``error`` (a learner that failed under config key ``on_learner_error: exclude``,
        :func:`aucacc.evaluation.cross_validate.failure_exclusion`) adds a note that names the failed pairs.

    Raises
    ------
    ValueError
        A record with ``skipped`` lacks ``dataset`` or ``learner``.
    """
    rows, failed = [], []
    for i, rec in enumerate(records):
        if not isinstance(rec, Mapping) or not rec.get("skipped"):
            continue
        reason = rec.get("reason") or "skipped" if rec["skipped"] is True else rec["skipped"]
        lacks = [k for k in ("dataset", "learner") if not rec.get(k)]
        if lacks:
            raise ValueError(f"exclusion record {i} (skipped: {rec['skipped']!r}) has no {' or '.join(lacks)}: "
                             "a skipped cross-validation's record names its data set and learner")
        rows.append({"dataset": str(rec["dataset"]), "learner": str(rec["learner"]), "reason": str(reason)})
        if rec.get("error"):
            failed.append(f"{rec['learner']} on {rec['dataset']}")
    out = pd.DataFrame(rows, columns=["dataset", "learner", "reason"]).drop_duplicates(ignore_index=True)
    notes = [] if rows else ["No (data set, learner) is left out: every learner ran on every data set."]
    if failed:
        failed = list(dict.fromkeys(failed))
        notes.append(f"{len(failed)} (data set, learner) pair(s) left out because the learner failed, recorded under "
                     f"on_learner_error: exclude instead of stopping the run: {'; '.join(failed)}. Every table and "
                     "test of this study is without them; the reason gives the first failing fold and the error.")
    return Table(out, notes=notes, caption=caption("study_exclusions"))


#: The protocol in a few words, for a study's one-line headline (the summary's notes say it in full,
#: :data:`aucacc.scores.PROTOCOL_DESCRIPTIONS`).
PROTOCOL_HEADLINES = {"none": "on the data as it is (protocol none)",
                      "per_fold": "on attributes discretized per training part (protocol per_fold)",
                      "whole_data": "on attributes discretized on the whole data set, cut points that see the test "
                                    "folds' labels (protocol whole_data, the paper's)"}


def headline(summary_table: Table | pd.DataFrame, auc_vs_accuracy_table: Table | pd.DataFrame) -> str:
    """One line for the report's front page: the study's size, best learners, and the answer to C and D.

    ``summary_table``: :func:`summary`'s table (its tidy data); ``auc_vs_accuracy_table``:
    :func:`auc_vs_accuracy`'s. The averages are :func:`summary`'s (over the data sets on which
    every learner ran); the protocol of the summary's ``protocol`` column (:data:`PROTOCOL_HEADLINES`).
    Example: ``"8 data sets × 2 learners (LR, RF), on the data as it is (protocol none). Highest average accuracy:
    RF (85.0 %); highest average AUC: RF (91.2 %). AUC shown consistent with accuracy (C > 0.5) for 1
    of 1 learner pairs, more discriminating (D > 1) for 0 of 1 (one-sided sign tests over the
    test folds, α = 0.05)."``
    """
    summ, cde = _frame(summary_table), _frame(auc_vs_accuracy_table)
    learners = list(dict.fromkeys(summ["learner"]))
    datasets = list(dict.fromkeys(summ["dataset"]))
    per = summ.groupby("learner", sort=False)["dataset"].agg(set)
    common = [d for d in datasets if all(d in per[lrn] for lrn in learners)]
    avg = _study_averages(summ, common)
    parts = [f"{len(datasets)} data set{'s' if len(datasets) != 1 else ''} × {len(learners)} "
             f"learner{'s' if len(learners) != 1 else ''} ({', '.join(learners)})"
             + (f", {PROTOCOL_HEADLINES.get(summ['protocol'].iloc[0], summ['protocol'].iloc[0])}"
                if "protocol" in summ.columns and len(summ) else "") + "."]
    best = []
    for metric, name in (("accuracy", "accuracy"), ("auc", "AUC")):
        a = avg[avg["metric"] == metric].dropna(subset=["average"])
        if len(a):
            top = a.loc[a["average"].idxmax()]
            best.append(f"highest average {name}: {top['learner']} ({top['average']:.1f} %)")
    if best:
        scope = "" if len(common) == len(datasets) else f" over the {len(common)} data sets every learner ran"
        text = "; ".join(best)
        parts.append(text[0].upper() + text[1:] + scope + ".")
    if len(cde):
        n = len(cde)
        alpha = cde["alpha"].iloc[0]
        def count(col: str) -> str:
            und = int((cde[col] == "undefined").sum())
            few = int(cde[col].astype(str).map(is_too_few).sum())
            extra = [f"{und} undefined"] * bool(und) + [f"{few} with too few disagreeing folds to test"] * bool(few)
            return f"{int((cde[col] == 'yes').sum())} of {n}" + (f" ({', '.join(extra)})" if extra else "")

        parts.append(f"AUC shown consistent with accuracy (C > 0.5) for {count('consistent')} learner "
                     f"pair{'s' if n != 1 else ''}, shown more discriminating (D > 1) for {count('more_discriminating')} "
                     f"(one-sided sign tests over the test folds, α = {alpha:g}; a no is not evidence against).")
        marked = [c for c in ("C_interval", "D_interval") if c in cde.columns
                  and not cde[c].astype(str).isin(["ok", "none"]).all()]
        if marked:
            parts.append("Their bootstrap intervals over data sets are marked too few or degenerate (table "
                         "auc_vs_accuracy): read these answers as the folds' only.")
    return " ".join(parts)
