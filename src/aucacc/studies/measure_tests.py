"""Every test for every measure of a study, and how far two measures' verdicts agree.

Input: the tidy per-fold measures of a study (``tables/fold_measures.csv`` of the job ``study_measures``,
:func:`aucacc.measures.read_fold_measures`: ``dataset, learner, protocol, [repetition,] fold, measure, value,
exact``); nothing is re-read or retrained.

- :func:`measure_tests`: each measure of the study under every test of :data:`aucacc.significance.TESTS`, by
  :func:`aucacc.studies.analysis.pairwise_tests` (the job ``study_tests``' function for accuracy and AUC) called
  once per measure on that measure's defined values. Direction: a measure where lower is better (Brier, log loss;
  :attr:`aucacc.measures.Measure.higher_better`) is tested on its negated values, so that every test, rank and
  posterior reads "higher" as better; the verdicts say ``"<a> significantly better"``, ``"<b> better"``. The
  Friedman test's post-hoc test is config ``statistics.posthoc`` (:data:`aucacc.significance.POSTHOCS`).
- Scale of the Bayesian tests: the region of practical equivalence is in the measure's own units. For a measure
  on a percentage-point scale (:attr:`aucacc.measures.Measure.points_scale`: accuracy, the AUCs, balanced
  accuracy, macro F1, MCC, kappa, H-measure) it is ``statistics.rope`` / 100 (the rope of the tests of accuracy and
  AUC, whose fold metrics are percent); Brier and log loss have no such unit and take the rope of config
  ``statistics.measure_ropes`` (measure → rope in its units), else 0: their Bayesian tests then weigh "a better"
  against "b better" only and never say "equivalent" (:func:`measure_ropes`).
- :func:`verdict_agreement`: for each pair of measures (f, g) and each test, over the learner pairs (over data
  sets) or the (learner pair, data set)s (over folds) where both measures have a verdict: how often they say the
  same of a, b (``a better``, ``b better``, ``no difference``), and how often the opposite.
- :func:`rank_agreement`: Kendall's τ (``scipy.stats.kendalltau``, τ-b) between the learners' average ranks
  (:func:`aucacc.significance.average_ranks`, direction-aware) under f and under g over the data sets where every
  learner has both, and the τ of each data set (of the learners' mean values over its folds) summarised.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd
from scipy import stats

from aucacc.captions import caption
from aucacc.measures import MEASURES
from aucacc.significance import OVER_DATASETS, POSTHOCS, TESTS, average_ranks, is_too_few
from aucacc.studies.analysis import _pair_name, pairwise_tests, repetitions_note
from aucacc.tables import Table

__all__ = ["measure_ropes", "measure_tests", "verdict", "verdict_agreement", "rank_agreement", "measure_values",
           "measure_test_tables", "OUTCOMES"]

#: The three outcomes of a test of learner a against b (:func:`verdict`).
OUTCOMES = ("a better", "b better", "no difference")
#: The tests over the folds of each data set: their verdicts are per (learner pair, data set).
OVER_FOLDS = ("corrected_t", "bayes_correlated")


def measure_ropes(names: Sequence[str], rope: float, ropes: Mapping[str, float] | None = None) -> dict[str, float]:
    """The region of practical equivalence of each measure, in the measure's own units.

    Parameters
    ----------
    names : measures of :data:`aucacc.measures.MEASURES`.
    rope : config ``statistics.rope``, percentage points.
    ropes : config ``statistics.measure_ropes`` (measure → rope in its units), overriding the default.

    Returns
    -------
    dict
        ``ropes[m]`` where given, else ``rope / 100`` for a measure on a percentage-point scale
        (:attr:`aucacc.measures.Measure.points_scale`), else 0 (Brier, log loss).
    """
    ropes = dict(ropes or {})
    unknown = [m for m in ropes if m not in MEASURES]
    if unknown:
        raise KeyError(f"config key 'statistics.measure_ropes' names {unknown}, not measures; the measures are "
                       f"{', '.join(MEASURES)}")
    return {m: float(ropes[m]) if m in ropes else (rope / 100 if MEASURES[m].points_scale else 0.0) for m in names}


def measure_values(measures: pd.DataFrame, name: str) -> pd.DataFrame:
    """The defined values of one measure as tidy fold metrics for :func:`aucacc.studies.analysis.pairwise_tests`:
    ``dataset, learner, [repetition,] fold, metric, value``, ``value`` negated when lower is better (so higher is
    better for every test), rows where the measure is undefined (NaN) left out."""
    sub = measures[measures["measure"] == name]
    sub = sub[np.isfinite(pd.to_numeric(sub["value"]).astype(float))]
    keys = ["dataset", "learner"] + (["repetition"] if "repetition" in sub.columns else []) + ["fold"]
    out = sub[keys].copy()
    out["metric"] = name
    v = pd.to_numeric(sub["value"]).astype(float)
    out["value"] = v if MEASURES[name].higher_better else -v
    return out.reset_index(drop=True)


def verdict(cell: str, a: str, b: str) -> str | None:
    """The outcome (:data:`OUTCOMES`) of a test's verdict of ``a`` against ``b``, or None when it gave none.

    ``"<a> significantly better"`` / ``"<a> better"`` → ``"a better"`` (likewise b); ``"not significant"``,
    ``"equivalent"`` and ``"undecided"`` (a posterior that decides nothing) → ``"no difference"``; a test that
    could not run (``"too few …"``, ``"not applicable"``, ``"not tested …"``) → None.
    """
    cell = str(cell)
    for x, out in ((a, "a better"), (b, "b better")):
        if cell in (f"{x} significantly better", f"{x} better", f"{x} significantly higher"):
            return out
    if cell in ("not significant", "equivalent", "undecided"):
        return "no difference"
    return None


def _better(text: str) -> str:
    return text.replace(" significantly higher", " significantly better").replace(" higher on ", " better on ")


def measure_tests(measures: pd.DataFrame, learners: Sequence[str], names: Sequence[str], *, alpha: float,
                  rope: float, decision: float, seed: int, nsamples: int, posthoc: str = "nemenyi",
                  ropes: Mapping[str, float] | None = None) -> dict:
    """Every pair of learners under every test, for each measure of the study.

    Each measure is tested alone, by :func:`aucacc.studies.analysis.pairwise_tests` on its defined values
    (:func:`measure_values`: negated when lower is better), with its rope (:func:`measure_ropes`): paired t,
    Wilcoxon, Friedman with the post-hoc test ``posthoc`` and the Bayesian signed-rank test over the data sets on
    which both learners have the measure, the corrected t and the Bayesian correlated t over the folds of each.
    A measure undefined on a whole data set (the H-measure of a multi-class one) is tested without it.

    Parameters
    ----------
    measures : tidy per-fold measures (module docstring).
    learners : the study's learners (display order).
    names : the study's measures (config ``measures``).
    alpha, rope, decision, seed, nsamples : config ``protocol.alpha``, ``statistics.rope`` (percentage points),
        ``statistics.decision``, ``seed``, ``statistics.bayes_samples``.
    posthoc : config ``statistics.posthoc`` (:data:`aucacc.significance.POSTHOCS`).
    ropes : config ``statistics.measure_ropes``.

    Returns
    -------
    dict
        ``tests`` (``measure, a, b, datasets, rope`` and one verdict column per test, ``friedman_nemenyi`` renamed
        ``friedman_<posthoc>``), ``detail`` (statistic, p or posterior per measure, pair and test; statistics
        of the oriented values: positive when a is better), ``per_dataset`` (the tests over folds per data set),
        ``friedman`` (per measure: data sets, statistic, p, Nemenyi's CD, average ranks, 1 = best),
        ``posthoc`` (per measure and every pair of learners: average ranks and the post-hoc p) — DataFrames —,
        ``friedman_results`` (``{measure: FriedmanResult}``) and ``untested`` (``{measure: [reason, …]}``: the
        pairs a measure could not test, each with the number of data sets on which both learners have it, or why
        the measure has no test at all).
    """
    learners, names = list(learners), list(names)
    ropes_of = measure_ropes(names, rope, ropes)
    fcol = f"friedman_{posthoc}"
    parts: dict[str, list] = {"tests": [], "detail": [], "per_dataset": [], "friedman": [], "posthoc": []}
    results, untested = {}, {}
    for name in names:
        values = measure_values(measures, name)
        present = [x for x in learners if (values["learner"] == x).any()]
        if len(present) < 2:
            untested[name] = [f"fewer than 2 learners have it ({', '.join(present) or 'none'})"]
            continue
        res = pairwise_tests(values, present, alpha=alpha, rope=ropes_of[name], decision=decision, seed=seed,
                             nsamples=nsamples, posthoc=posthoc)
        if res["untested"]:
            untested[name] = res["untested"]
        tests = res["tests"].data.rename(columns={"metric": "measure"})
        tests.insert(4, "rope", ropes_of[name])
        parts["tests"].append(tests)
        parts["detail"].append(res["detail"].data.rename(columns={"metric": "measure"}))
        if len(res["per_dataset"].data):
            parts["per_dataset"].append(res["per_dataset"].data.rename(columns={"metric": "measure"}))
        fr = res["friedman_results"].get(name)
        if fr is not None:
            results[name] = fr
            parts["friedman"].append({"measure": name, "posthoc": posthoc, "n_datasets": fr.n,
                                      "statistic": fr.statistic, "p": fr.p, "cd": fr.cd,
                                      **{f"rank:{x}": fr.ranks.get(x, np.nan) for x in learners}})
            for a, b in combinations(list(fr.ranks.index), 2):
                parts["posthoc"].append({"measure": name, "posthoc": posthoc, "a": a, "b": b,
                                         "rank_a": fr.ranks[a], "rank_b": fr.ranks[b],
                                         "p": float(fr.nemenyi.loc[a, b]), "verdict": _better(fr.verdict(a, b))})
    tests = (pd.concat(parts["tests"], ignore_index=True) if parts["tests"]
             else pd.DataFrame(columns=["measure", "a", "b", "datasets", "rope", *TESTS]))
    for t in TESTS:
        if t in tests.columns:
            tests[t] = tests[t].astype(str).map(_better)
    detail = pd.concat(parts["detail"], ignore_index=True) if parts["detail"] else pd.DataFrame()
    if "verdict" in detail.columns:
        detail["verdict"] = detail["verdict"].astype(str).map(_better)
        detail["test"] = detail["test"].replace({"friedman_nemenyi": fcol})
    per_ds = pd.concat(parts["per_dataset"], ignore_index=True) if parts["per_dataset"] else pd.DataFrame()
    if "corrected_t_verdict" in per_ds.columns:
        per_ds["corrected_t_verdict"] = per_ds["corrected_t_verdict"].astype(str).map(_better)
    return {"tests": tests.rename(columns={"friedman_nemenyi": fcol}), "detail": detail, "per_dataset": per_ds,
            "friedman": pd.DataFrame(parts["friedman"]), "posthoc": pd.DataFrame(parts["posthoc"]),
            "friedman_results": results, "untested": untested}


def _outcomes(tests: pd.DataFrame, per_dataset: pd.DataFrame, posthoc: str) -> pd.DataFrame:
    """One row per (measure, test, learner pair[, data set]) with an outcome (:func:`verdict`) or None."""
    fcol = f"friedman_{posthoc}"
    rows = []
    for r in tests.to_dict("records"):
        for t in OVER_DATASETS:
            col = fcol if t == "friedman_nemenyi" else t
            if col in r:
                rows.append({"measure": r["measure"], "test": col, "a": r["a"], "b": r["b"], "dataset": "",
                             "outcome": verdict(r[col], r["a"], r["b"])})
    for r in per_dataset.to_dict("records") if len(per_dataset) else []:
        for t in OVER_FOLDS:
            rows.append({"measure": r["measure"], "test": t, "a": r["a"], "b": r["b"], "dataset": r["dataset"],
                         "outcome": verdict(r[f"{t}_verdict"], r["a"], r["b"])})
    return pd.DataFrame(rows, columns=["measure", "test", "a", "b", "dataset", "outcome"])


AGREEMENT_COLUMNS = ["f", "g", "test", "unit", "n", "agree", "agreement", "opposite", "only_f_differs",
                     "only_g_differs", "both_no_difference"]


def verdict_agreement(tests: pd.DataFrame, per_dataset: pd.DataFrame, names: Sequence[str],
                      posthoc: str = "nemenyi") -> pd.DataFrame:
    """How often two measures' tests agree on which learner of a pair is better.

    For each unordered pair of measures (f, g) (f before g in ``names``) and each test of
    :data:`aucacc.significance.TESTS`: the units where both measures' test gave a verdict (:func:`verdict`; a
    ``"too few …"`` or ``"not applicable"`` cell is no verdict) — a learner pair for a test over data sets, a
    (learner pair, data set) for a test over folds —, ``n`` of them, ``agree`` where f and g give the same outcome
    (``a better``, ``b better`` or ``no difference``), ``agreement = agree / n`` (NaN when n = 0), ``opposite``
    where one says a is better and the other b, ``only_f_differs`` / ``only_g_differs`` where one finds a
    difference and the other none, ``both_no_difference``.

    Parameters
    ----------
    tests, per_dataset : :func:`measure_tests`' ``tests`` and ``per_dataset``.
    names : the study's measures (their order gives the pairs).
    posthoc : the post-hoc test of the ``friedman_<posthoc>`` column.

    Returns
    -------
    DataFrame
        :data:`AGREEMENT_COLUMNS`; ``unit`` is ``"learner pair"`` or ``"learner pair × data set"``.
    """
    out = _outcomes(tests, per_dataset, posthoc)
    fcol = f"friedman_{posthoc}"
    order = [fcol if t == "friedman_nemenyi" else t for t in TESTS]
    wide = out.pivot_table(index=["test", "a", "b", "dataset"], columns="measure", values="outcome",
                           aggfunc="first") if len(out) else pd.DataFrame()
    rows = []
    for f, g in combinations(list(names), 2):
        for t in order:
            unit = "learner pair × data set" if t in OVER_FOLDS else "learner pair"
            if len(wide) and f in wide.columns and g in wide.columns and t in wide.index.get_level_values("test"):
                sub = wide.xs(t, level="test")[[f, g]].dropna()
            else:
                sub = pd.DataFrame(columns=[f, g])
            vf, vg = sub[f].to_numpy(dtype=object), sub[g].to_numpy(dtype=object)
            n = len(sub)
            agree = int((vf == vg).sum())
            nd_f, nd_g = vf == "no difference", vg == "no difference"
            rows.append({"f": f, "g": g, "test": t, "unit": unit, "n": n, "agree": agree,
                         "agreement": agree / n if n else np.nan,
                         "opposite": int((~nd_f & ~nd_g & (vf != vg)).sum()),
                         "only_f_differs": int((~nd_f & nd_g).sum()), "only_g_differs": int((nd_f & ~nd_g).sum()),
                         "both_no_difference": int((nd_f & nd_g).sum())})
    return pd.DataFrame(rows, columns=AGREEMENT_COLUMNS)


def _means(measures: pd.DataFrame, name: str, learners: Sequence[str]) -> pd.DataFrame:
    """Data sets × learners: the mean over folds of measure ``name`` (its defined values; NaN where a learner has
    none), data sets in their order of first appearance."""
    sub = measures[measures["measure"] == name]
    m = sub.assign(value=pd.to_numeric(sub["value"]).astype(float)).groupby(
        ["dataset", "learner"], sort=False)["value"].mean().unstack("learner")
    return m.reindex(index=list(dict.fromkeys(measures["dataset"])), columns=list(learners))


RANK_COLUMNS = ["f", "g", "learners", "datasets", "tau", "p", "tau_datasets", "tau_mean", "tau_median", "tau_min",
                "tau_max", "tau_undefined"]


def rank_agreement(measures: pd.DataFrame, learners: Sequence[str], names: Sequence[str]) -> pd.DataFrame:
    """Kendall's τ between the learner rankings two measures give.

    For each unordered pair (f, g): over the data sets on which every learner of ``learners`` has a defined mean
    of both f and g (its mean over the folds), the average ranks under each (:func:`aucacc.significance.average_ranks`,
    each measure's direction) and ``tau``, ``p`` = ``scipy.stats.kendalltau`` of the two rank vectors (τ-b, ties
    counted; two-sided p, exact for small k without ties). Per data set, the τ-b of the learners' mean f and mean g
    (each oriented so that higher is better): ``tau_datasets`` data sets with a defined τ, their mean, median, min,
    max, and ``tau_undefined`` data sets where a measure ties every learner (τ undefined).

    Returns
    -------
    DataFrame
        :data:`RANK_COLUMNS`, one row per pair (f before g in ``names``); NaN where fewer than 2 learners or no
        data set remain.
    """
    learners = list(learners)
    means = {m: _means(measures, m, learners) for m in names}
    oriented = {m: means[m] if MEASURES[m].higher_better else -means[m] for m in names}
    rows = []
    for f, g in combinations(list(names), 2):
        ran = [x for x in learners if means[f][x].notna().any() and means[g][x].notna().any()]
        mf, mg = means[f][ran], means[g][ran]
        ok = mf.notna().all(axis=1) & mg.notna().all(axis=1)
        tau = p = np.nan
        if ok.any() and len(ran) >= 2:
            rf = average_ranks(mf[ok], MEASURES[f].higher_better)
            rg = average_ranks(mg[ok], MEASURES[g].higher_better)
            res = stats.kendalltau(rf.to_numpy(), rg.to_numpy())
            tau, p = float(res.statistic), float(res.pvalue)
        per = []
        undefined = 0
        for d in mf.index[ok]:
            of, og = oriented[f].loc[d, ran].to_numpy(float), oriented[g].loc[d, ran].to_numpy(float)
            t = float(stats.kendalltau(of, og).statistic) if len(ran) >= 2 else np.nan
            if np.isnan(t):
                undefined += 1
            else:
                per.append(t)
        per = np.array(per)
        rows.append({"f": f, "g": g, "learners": len(ran), "datasets": int(ok.sum()), "tau": tau, "p": p,
                     "tau_datasets": len(per), "tau_mean": per.mean() if len(per) else np.nan,
                     "tau_median": float(np.median(per)) if len(per) else np.nan,
                     "tau_min": per.min() if len(per) else np.nan, "tau_max": per.max() if len(per) else np.nan,
                     "tau_undefined": undefined})
    return pd.DataFrame(rows, columns=RANK_COLUMNS)


def _labelled(frame: pd.DataFrame, cols: Iterable[str]) -> pd.DataFrame:
    out = frame.copy()
    for c in cols:
        if c in out.columns:
            out[c] = out[c].map(lambda m: MEASURES[m].label if m in MEASURES else m)
    return out


def measure_test_tables(measures: pd.DataFrame, learners: Sequence[str], names: Sequence[str], *, alpha: float,
                        rope: float, decision: float, seed: int, nsamples: int, posthoc: str = "nemenyi",
                        ropes: Mapping[str, float] | None = None) -> dict[str, Table]:
    """The tables of the job ``study_measure_tests``: ``measure_tests``, ``measure_tests_detail``,
    ``measure_tests_per_dataset``, ``measure_friedman``, ``measure_posthoc`` (:func:`measure_tests`),
    ``measure_agreement`` (:func:`verdict_agreement`) and ``measure_rank_agreement`` (:func:`rank_agreement`).

    Parameters as :func:`measure_tests`. Raises ``KeyError`` for a name that is not a registered measure or has no
    per-fold values.
    """
    names, learners = list(names), list(learners)
    missing = [n for n in names if n not in MEASURES or not (measures["measure"] == n).any()]
    if missing:
        raise KeyError(f"measures {missing} are not in the per-fold measures (fold_measures.csv: "
                       f"{', '.join(dict.fromkeys(measures['measure']))}); the registry: {', '.join(MEASURES)}")
    res = measure_tests(measures, learners, names, alpha=alpha, rope=rope, decision=decision, seed=seed,
                        nsamples=nsamples, posthoc=posthoc, ropes=ropes)
    repeated = repetitions_note(measures)
    ph = POSTHOCS[posthoc]
    fcol = f"friedman_{posthoc}"
    lower = [MEASURES[n].label for n in names if not MEASURES[n].higher_better]
    ropes_of = measure_ropes(names, rope, ropes)
    direction = (f"Lower is better for {', '.join(lower)}: their tests run on the negated values, so every verdict, "
                 "rank and statistic reads higher as better. " if lower else "")
    rope_note = ("Bayesian tests: rope in each measure's own units (column rope): statistics.rope / 100 for a "
                 "measure on a percentage-point scale"
                 + (f"; {', '.join(MEASURES[n].label for n in names if not MEASURES[n].points_scale)}: "
                    "statistics.measure_ropes, else 0 (no practical equivalence: a posterior of a better against b "
                    "better only)" if any(not MEASURES[n].points_scale for n in names) else "") + ".")
    tests = res["tests"]
    few = tests[[c for c in tests.columns if c in (*TESTS, fcol)]].astype(str).map(is_too_few).any(axis=None) \
        if len(tests) else False
    notes = [direction + f"Friedman's post-hoc test: {ph} (config statistics.posthoc). Each measure is tested on the "
             "data sets where both learners have it (column datasets); a measure undefined on a data set (the "
             "H-measure of a multi-class one) leaves it out.", rope_note]
    for name, why in res["untested"].items():
        notes.append(f"{MEASURES[name].label} not tested for "
                     + ("any pair: " + why[0] if why[0].startswith("fewer than 2 learners") else
                        f"{len(why)} pair{'s' if len(why) != 1 else ''} (fewer than 2 data sets on which both "
                        f"learners have it): {', '.join(why)}") + ".")
    if few:
        notes.append("too few: a test over data sets takes a verdict only from its minimum number of data sets "
                     "(docs/analyses.md, 'Minimum sample sizes'); such a cell counts in no agreement.")
    agreement = verdict_agreement(tests, res["per_dataset"], names, posthoc)
    ranks = rank_agreement(measures, learners, names)
    agree_display = _labelled(agreement, ["f", "g"])
    agree_notes = ["Outcome of each test for a learner pair (a data set too, for the tests over folds): a better, b "
                   "better or no difference (not significant, equivalent, undecided); a test that could not run "
                   "(too few data sets, not applicable) counts in neither n nor agree. agreement = agree / n; "
                   "opposite: one measure finds a better, the other b.", direction.strip()] if direction else [
                   "Outcome of each test for a learner pair (a data set too, for the tests over folds): a better, b "
                   "better or no difference (not significant, equivalent, undecided); a test that could not run "
                   "(too few data sets, not applicable) counts in neither n nor agree. agreement = agree / n; "
                   "opposite: one measure finds a better, the other b."]
    rank_notes = ["tau, p: scipy.stats.kendalltau (τ-b) of the learners' average ranks (1 = best, each measure's "
                  "direction) under f and under g over the data sets where every learner has both (column datasets). "
                  "tau_mean … tau_max: the τ-b of each such data set (learners' means over its folds) summarised; "
                  "tau_undefined: data sets where one measure ties every learner."]
    fried_notes = ([f"No Friedman test: it needs at least 3 learners and 2 data sets on which every learner has the "
                    f"measure."] if not len(res["friedman"]) else
                   [f"Average ranks, 1 = best (lower-is-better measures ranked lowest first); cd: Nemenyi's critical "
                    f"difference (Demšar 2006), {'given' if posthoc == 'nemenyi' else 'not used by ' + ph}."])
    cap = dict(alpha=alpha, posthoc=ph, decision=decision)
    return {
        "measure_tests": Table(tests, display=_labelled(tests, ["measure"]), notes=notes + repeated,
                               caption=caption("study_measure_tests", **cap)),
        "measure_tests_detail": Table(res["detail"], floatfmt=".4g", caption=caption("study_measure_tests_detail")),
        "measure_tests_per_dataset": Table(res["per_dataset"], floatfmt=".4g",
                                           caption=caption("study_measure_tests_per_dataset")),
        "measure_friedman": Table(res["friedman"], display=_labelled(res["friedman"], ["measure"]), floatfmt=".4g",
                                  notes=fried_notes, caption=caption("study_measure_friedman", **cap)),
        "measure_posthoc": Table(res["posthoc"], display=_labelled(res["posthoc"], ["measure"]), floatfmt=".4g",
                                 caption=caption("study_measure_posthoc", **cap)),
        "measure_agreement": Table(agreement, display=agree_display, floatfmt=".3g", notes=agree_notes,
                                   caption=caption("study_measure_agreement")),
        "measure_rank_agreement": Table(ranks, display=_labelled(ranks, ["f", "g"]), floatfmt=".3g",
                                        notes=rank_notes, caption=caption("study_measure_rank_agreement")),
    }
