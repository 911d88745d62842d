"""A study's analysis with its figures, without Snakemake: the functions the workflow's study jobs call, and
:func:`analyse_study`, which calls them all on one's own fold results.

Each job of a study (``workflow/rules/studies.smk``) calls one function: the summary
(:func:`aucacc.studies.analysis.summary_tables`), the tests with their critical-difference diagrams
(:func:`study_tests`), C/D/E of AUC against accuracy with its figure (:func:`study_cde`), a claims file re-tested
(:func:`aucacc.studies.analysis.retest_claims`). :func:`analyse_study` runs the same functions in one process and
returns every table and figure, which :meth:`StudyAnalysis.write` writes as the workflow does
(``<folder>/tables/<name>.{csv,md,tex}``, ``<folder>/figures/<name>.{png,pdf}``). Input: fold results in the
format of :mod:`aucacc.studies.results` (docs/python-api.md, "The fold results format").
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

import pandas as pd

from aucacc.config import study_pairs
from aucacc.exceptions import DataFormatError
from aucacc.report.figures import save_figure
from aucacc.report.plots.measures import (learner_pairs_figure, measure_ranks_figure, measure_scatter_figure,
                                          measures_matrix_figure)
from aucacc.report.plots.significance import cd_diagram
from aucacc.report.plots.studies import auc_vs_accuracy_figure, message_figure
from aucacc.schemas import schema_default
from aucacc.studies.analysis import auc_vs_accuracy, headline, pairwise_tests, retest_claims, summary_tables
from aucacc.studies.measure_tests import measure_test_tables
from aucacc.studies.measures import (measure_means, measure_ranks, measures_tables, pair_values,
                                     shown_pairs)
from aucacc.studies.results import check_folds, folds_to_metrics
from aucacc.tables import Table

__all__ = ["StudyAnalysis", "analyse_study", "study_tests", "study_cde", "study_measures", "study_measure_tests",
           "study_measure_figures", "study_learner_pairs"]


@dataclass
class StudyAnalysis:
    """Tables and figures of a study's analysis, by the names of the workflow's files.

    Attributes
    ----------
    study : the study's name (its config key).
    tables : ``{name: Table}`` (:class:`aucacc.tables.Table`: ``.data`` the tidy frame, ``.display``, ``.notes``),
        e.g. ``"summary"``, ``"ttests"``, ``"tests"``, ``"auc_vs_accuracy"``.
    figures : ``{name: matplotlib Figure}``: ``"cd_accuracy"``, ``"cd_auc"``, ``"auc_vs_accuracy"``.
    headline : the study's line on the report's front page (:func:`aucacc.studies.analysis.headline`), or None.
    """

    study: str
    tables: dict[str, Table] = field(default_factory=dict)
    figures: dict[str, Any] = field(default_factory=dict)
    headline: str | None = None

    def write(self, folder: str | os.PathLike, provenance: dict | None = None) -> list[Path]:
        """Write every table to ``<folder>/tables/<name>.{csv,md,tex}`` (:meth:`aucacc.tables.Table.write`, with
        ``provenance`` or a minimal record) and every figure to ``<folder>/figures/<name>.{png,pdf}``
        (:func:`aucacc.report.figures.save_figure`, which closes it). Returns the paths written."""
        folder = Path(folder)
        (folder / "tables").mkdir(parents=True, exist_ok=True)
        (folder / "figures").mkdir(parents=True, exist_ok=True)
        paths = []
        for name, table in self.tables.items():
            paths += table.write(folder / "tables" / name, provenance).values()
        for name, fig in self.figures.items():
            paths += save_figure(fig, folder / "figures" / name).values()
        return paths


def study_tests(metrics: pd.DataFrame, learners: list[str], study: str, *, alpha: float, rope: float,
                decision: float, seed: int, nsamples: int, title: str | None = None) -> StudyAnalysis:
    """Every pair of learners under every test (:func:`aucacc.studies.analysis.pairwise_tests`) and the
    critical-difference diagrams of Friedman–Nemenyi (:func:`aucacc.report.plots.significance.cd_diagram`; a
    figure saying why where the test does not apply). The job ``study_tests`` calls it.

    Parameters
    ----------
    metrics : tidy fold metrics (percent; :func:`aucacc.studies.results.folds_to_metrics`).
    learners, alpha, rope, decision, seed, nsamples : as :func:`aucacc.studies.analysis.pairwise_tests`.
    study : the study's name (its config key).
    title : the study's display name, in the figures' titles (:func:`aucacc.config.study_title`); None: ``study``.

    Returns
    -------
    StudyAnalysis
        tables ``tests, tests_detail, tests_per_dataset, friedman``; figures ``cd_accuracy, cd_auc``.
    """
    title = study if title is None else title
    res = pairwise_tests(metrics, list(learners), alpha=alpha, rope=rope, decision=decision, seed=seed,
                         nsamples=nsamples)
    tables = {"tests": res["tests"], "tests_detail": res["detail"], "tests_per_dataset": res["per_dataset"],
              "friedman": res["friedman"]}
    figures = {}
    for metric in ("accuracy", "auc"):
        fr = res["friedman_results"].get(metric)
        figures[f"cd_{metric}"] = (
            cd_diagram(fr, f"{title}: {metric}", learners) if fr is not None else
            message_figure(f"{title}: {metric}\nFriedman–Nemenyi does not apply (it needs at least 3 learners "
                           "and 2 data sets on which every learner ran)"))
    return StudyAnalysis(study, tables, figures)


def study_cde(metrics: pd.DataFrame, pairs: Iterable[tuple[str, str]], study: str, *, alpha: float, n_boot: int,
              seed: int, title: str | None = None) -> StudyAnalysis:
    """C/D/E of AUC against accuracy for each learner pair (:func:`aucacc.studies.analysis.auc_vs_accuracy`) and
    its figure (:func:`aucacc.report.plots.studies.auc_vs_accuracy_figure`). The job ``study_cde`` calls it.
    ``title``: the study's display name in the figure's title (:func:`aucacc.config.study_title`); None: ``study``.

    Returns
    -------
    StudyAnalysis
        table ``auc_vs_accuracy`` (one row per pair); figure ``auc_vs_accuracy``.
    """
    table = auc_vs_accuracy(metrics, [tuple(p) for p in pairs], alpha=alpha, n_boot=n_boot, seed=seed)
    return StudyAnalysis(study, {"auc_vs_accuracy": table},
                         {"auc_vs_accuracy": auc_vs_accuracy_figure(table, study if title is None else title)})


def study_measures(measures: pd.DataFrame, pairs: Iterable[tuple[str, str]], names: Iterable[str], study: str, *,
                   alpha: float, n_boot: int, seed: int, title: str | None = None) -> StudyAnalysis:
    """C/D/E of every pair of the study's measures (:func:`aucacc.studies.measures.measures_tables`) and the heat map
    of its matrix (:func:`aucacc.report.plots.measures.measures_matrix_figure`). The job ``study_measures`` calls it.

    Parameters
    ----------
    measures : tidy per-fold measures of the study (:func:`aucacc.measures.study_fold_measures` of its scores:
        ``dataset, learner, protocol, [repetition,] fold, measure, value, exact``).
    pairs : ``(a, b)`` learner pairs; names : the study's measures (:func:`aucacc.measures.study_measure_names`).
    study, alpha, n_boot, seed, title : as :func:`study_cde`.

    Returns
    -------
    StudyAnalysis
        tables ``measures_cde, measures_matrix``; figure ``measures_matrix``.
    """
    names = list(names)
    tables = measures_tables(measures, [tuple(p) for p in pairs], names, alpha=alpha, n_boot=n_boot, seed=seed)
    fig = measures_matrix_figure(tables["measures_matrix"], names, study if title is None else title)
    return StudyAnalysis(study, tables, {"measures_matrix": fig})


def study_measure_tests(measures: pd.DataFrame, learners: Iterable[str], names: Iterable[str], study: str, *,
                        alpha: float, rope: float, decision: float, seed: int, nsamples: int,
                        posthoc: str = "nemenyi", ropes: Mapping[str, float] | None = None) -> StudyAnalysis:
    """Every test for every measure of the study and the agreement of their verdicts and rankings
    (:func:`aucacc.studies.measure_tests.measure_test_tables`). The job ``study_measure_tests`` calls it.

    Parameters
    ----------
    measures : tidy per-fold measures of the study (``tables/fold_measures.csv``,
        :func:`aucacc.measures.read_fold_measures`).
    learners : the study's learners; names : its measures (:func:`aucacc.measures.study_measure_names`).
    study : the study's name.
    alpha, rope, decision, seed, nsamples, posthoc, ropes : as :func:`aucacc.studies.measure_tests.measure_tests`.

    Returns
    -------
    StudyAnalysis
        tables ``measure_tests, measure_tests_detail, measure_tests_per_dataset, measure_friedman,
        measure_posthoc, measure_agreement, measure_rank_agreement``; no figure.
    """
    tables = measure_test_tables(measures, list(learners), list(names), alpha=alpha, rope=rope, decision=decision,
                                 seed=seed, nsamples=nsamples, posthoc=posthoc, ropes=ropes)
    return StudyAnalysis(study, tables)


def study_measure_figures(measures: pd.DataFrame, names: Iterable[str], learners: Iterable[str],
                          pairs: Iterable[tuple[str, str]], study: str, title: str | None = None) -> StudyAnalysis:
    """The figures across data sets of a study's measures, from its per-fold measures only (nothing retrained, no
    score re-read): measure against measure (:func:`aucacc.report.plots.measures.measure_scatter_figure`), the
    learners' average ranks under each measure (:func:`aucacc.report.plots.measures.measure_ranks_figure`) and, per
    measure, learner against learner (:func:`study_learner_pairs`). The job ``study_measure_figures`` calls it.

    Parameters
    ----------
    measures : the study's per-fold measures (``tables/fold_measures.csv``: ``dataset, learner, protocol,
        [repetition,] fold, measure, value, exact``).
    names : the study's measures (:func:`aucacc.measures.study_measure_names`); learners : the study's learners
        (their colours and the ranked learners); pairs : its learner pairs (config ``cde_pairs``); study : its
        name (config key); title : its display name in the figures' titles (:func:`aucacc.config.study_title`;
        None: ``study``).

    Returns
    -------
    StudyAnalysis
        figures ``measures_scatter, measure_ranks`` and ``learner_pairs/<measure>`` per measure; tables none.
    """
    names, learners = list(names), list(learners)
    means = measure_means(measures, names)
    ranked = [x for x in learners if x in set(means["learner"])]
    ranks = measure_ranks(means, names, ranked)
    title = study if title is None else title
    figures = {"measures_scatter": measure_scatter_figure(means, names, learners, title),
               "measure_ranks": measure_ranks_figure(ranks, names, learners, title)}
    for m in names:
        figures.update(study_learner_pairs(measures, m, learners, pairs, study, title).figures)
    return StudyAnalysis(study, {}, figures)


def study_learner_pairs(measures: pd.DataFrame, measure: str, learners: Iterable[str],
                        pairs: Iterable[tuple[str, str]], study: str, title: str | None = None) -> StudyAnalysis:
    """Learner against learner under one measure, each point a data set
    (:func:`aucacc.report.plots.measures.learner_pairs_figure`), from the study's per-fold measures only. The pairs
    drawn: :func:`aucacc.studies.measures.shown_pairs` of the study's ``pairs`` (config ``cde_pairs``) and the
    learners' ranks under ``measure``. :func:`study_measure_figures` calls it for each measure. ``title``: the
    study's display name in the figure's title (None: ``study``).

    Returns
    -------
    StudyAnalysis
        figure ``learner_pairs/<measure>``.
    """
    learners = list(learners)
    means = measure_means(measures, [measure])
    ranked = [x for x in learners if x in set(means["learner"])]
    shown, note = shown_pairs([tuple(p) for p in pairs], measure_ranks(means, [measure], ranked))
    fig = learner_pairs_figure(pair_values(means, measure, shown), measure, shown, learners,
                               study if title is None else title, note)
    return StudyAnalysis(study, {}, {f"learner_pairs/{measure}": fig})


def _default(value: Any, key: str) -> Any:
    return schema_default(key) if value is None else value


def analyse_study(folds: pd.DataFrame, *, seed: int, study: str | None = None, learners: list[str] | None = None,
                  pairs: Iterable[tuple[str, str]] | None = None, alpha: float | None = None,
                  n_boot: int | None = None, rope: float | None = None, decision: float | None = None,
                  nsamples: int | None = None, specs: Mapping[str, Mapping] | None = None,
                  exclusions: Iterable[Mapping] = (), cleaning: Mapping[str, Mapping] | None = None,
                  claims: pd.DataFrame | None = None, stand_ins: Mapping[str, str] | None = None,
                  title: str | None = None) -> StudyAnalysis:
    """A study's whole analysis from its fold results: the workflow's tables and figures, without Snakemake.

    Parameters
    ----------
    folds : fold results, one row per test fold: ``dataset, learner, fold, accuracy, auc`` in percent, optionally
        ``repetition, study, protocol, n_test, note`` (docs/python-api.md, "The fold results format";
        :func:`aucacc.load_study` gives them for a study the workflow ran, :func:`aucacc.fold_results` from
        one's own predictions). Checked by :func:`aucacc.studies.results.check_folds`.
    seed : master seed of the bootstrap intervals and the Bayesian tests (config ``seed``).
    study : the study's name (its config key); default its ``study`` column, else ``"study"``.
    learners : learners in display order; default their order of first appearance in ``folds``.
    pairs : ``(a, b)`` learner pairs of C/D/E; default every pair, the later learner first
        (:func:`aucacc.config.study_pairs`).
    alpha, n_boot, rope, decision, nsamples : config ``protocol.alpha``, ``statistics.bootstrap_samples``,
        ``statistics.rope`` (percentage points), ``statistics.decision``, ``statistics.bayes_samples``; None: the
        config's default (docs/config-reference.md).
    specs : learner → its config spec, said under the summary (optional).
    exclusions : records of (data set, learner)s left out, each ``{"dataset", "learner", "skipped": reason}``
        (:func:`aucacc.studies.analysis.exclusions`); none: the ``exclusions`` table says every learner ran.
    cleaning : data set → clean data record, said under the summary (optional).
    claims, stand_ins : a claims file to re-test (``metric, a, b, published_outcome[, table]``) and its
        learners' stand-ins (:func:`aucacc.studies.analysis.retest_claims`); None: no ``retest`` table.
    title : the study's display name in the figures' titles (config ``studies.<name>.title``,
        :func:`aucacc.config.study_title`); None: ``study``.

    Returns
    -------
    StudyAnalysis
        tables ``summary, ttests, ttests_common, exclusions, tests, tests_detail, tests_per_dataset, friedman,
        auc_vs_accuracy`` (and ``retest`` with claims), figures ``cd_accuracy, cd_auc, auc_vs_accuracy``, the
        headline. With :func:`aucacc.study_settings`' arguments they equal the workflow's
        (``results/studies/<study>/``).

    Raises
    ------
    aucacc.exceptions.DataFormatError
        ``folds`` is not in the format (:func:`aucacc.studies.results.check_folds`), or a learner of
        ``learners``/``pairs`` has no fold results and no exclusion record.
    """
    folds = check_folds(folds)
    if study is None:
        study = str(folds["study"].iloc[0]) if "study" in folds.columns and len(folds) else "study"
    learners = list(dict.fromkeys(folds["learner"])) if learners is None else list(learners)
    pairs = ([tuple(p) for p in study_pairs({"cde_pairs": None, "learners": learners})] if pairs is None
             else [tuple(p) for p in pairs])
    exclusions = list(exclusions)
    skipped = {str(r.get("learner")) for r in exclusions if isinstance(r, Mapping) and r.get("skipped")}
    unknown = sorted(({x for p in pairs for x in p} | set(learners)) - set(folds["learner"]) - skipped)
    if unknown:
        raise DataFormatError(f"analyse_study: no fold results of learner(s) {unknown}, and no exclusion record "
                              f"says why (learners in the folds: {', '.join(dict.fromkeys(folds['learner']))})")
    alpha = _default(alpha, "protocol.alpha")
    n_boot = _default(n_boot, "statistics.bootstrap_samples")
    opts = dict(alpha=alpha, rope=_default(rope, "statistics.rope"), decision=_default(decision, "statistics.decision"),
                seed=seed, nsamples=_default(nsamples, "statistics.bayes_samples"))
    metrics = folds_to_metrics(folds)
    out = StudyAnalysis(study, dict(summary_tables(metrics, exclusions, learners, alpha, specs, cleaning)))
    for part in (study_tests(metrics, learners, study, title=title, **opts),
                 study_cde(metrics, pairs, study, alpha=alpha, n_boot=n_boot, seed=seed, title=title)):
        out.tables.update(part.tables)
        out.figures.update(part.figures)
    if claims is not None:
        out.tables["retest"] = retest_claims(metrics, claims, learners, stand_ins=stand_ins, **opts)["retest"]
    out.headline = headline(out.tables["summary"], out.tables["auc_vs_accuracy"])
    return out
