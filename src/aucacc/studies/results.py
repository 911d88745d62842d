"""A study's fold results as one tidy frame: the format, its checks, and loading a study the workflow ran.

The format (docs/python-api.md, "The fold results format", is its one description): **one row per test fold**
of one learner on one data set, columns

- ``dataset``, ``learner`` (str); ``fold`` (int ≥ 0: the test part of k-fold cross-validation, the learner
  trained on the other k − 1 parts; every learner of a data set is tested on the same folds, so that they
  pair); ``repetition`` (int ≥ 0, optional: repeated cross-validation, each repetition its own fold
  assignment, folds 0 … k − 1 in each);
- ``accuracy`` and ``auc``, **in percent** (0–100): the fold's accuracy, and its AUC (binary: the area under
  the ROC curve; more classes: Hand & Till's M); ``auc`` is NaN where undefined (a binary test fold with one
  class);
- optional: ``study``, ``protocol`` (how the data were given: ``none``, ``per_fold``, ``whole_data``),
  ``n_test`` (test instances of the fold), ``note`` (why the fold's AUC is partial or undefined).

The analyses (:mod:`aucacc.studies.analysis`) take the same numbers as *tidy fold metrics*, one row per fold
and metric (``dataset, learner, [protocol,] [repetition,] fold, metric, value[, n_test, note]``, the files
``results/metrics/.../<learner>.csv``); :func:`folds_to_metrics` and :func:`metrics_to_folds` turn one into the
other, row order kept.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterable

import numpy as np
import pandas as pd

from aucacc.config import study_pairs, study_title
from aucacc.datasets.store import read_metas
from aucacc.evaluation.metrics import fold_metrics
from aucacc.exceptions import DataFormatError
from aucacc.scores import read_metrics, read_study_records, score_classes, study_files

__all__ = ["MEASURES", "FOLD_COLUMNS", "check_folds", "folds_to_metrics", "metrics_to_folds", "fold_results",
           "load_study", "load_studies", "study_settings"]

#: The measures of a fold, in percent, in the order of the tidy metrics (accuracy row, then AUC row).
MEASURES = ("accuracy", "auc")
#: The columns of the fold results format: required, then optional (in this order when present).
FOLD_COLUMNS = {"required": ("dataset", "learner", "fold", *MEASURES),
                "optional": ("study", "protocol", "repetition", "n_test", "note")}
_ORDER = ("study", "dataset", "learner", "protocol", "repetition", "fold", "n_test", *MEASURES, "note")
_FORMAT = "docs/python-api.md, \"The fold results format\""
#: The table of a study whose provenance record holds the run's config (:func:`study_settings`).
_STUDY_RECORD = "tables/summary.csv.provenance.json"


def _key(frame: pd.DataFrame) -> list[str]:
    return [c for c in ("study", "dataset", "learner", "repetition", "fold") if c in frame.columns]


def check_folds(folds: pd.DataFrame) -> pd.DataFrame:
    """Check fold results against the format, and return them with clean types.

    Parameters
    ----------
    folds : one row per test fold: ``dataset, learner, fold, accuracy, auc`` (percent), optionally
        ``study, protocol, repetition, n_test, note`` (the module's docstring; docs/python-api.md).

    Returns
    -------
    DataFrame
        A copy, same rows and order: ``dataset``/``learner`` str, ``fold`` (and ``repetition``) int, the measures
        float; a ``repetition`` column that is empty throughout (studies without repetitions concatenated with
        one that has them) is dropped.

    Raises
    ------
    aucacc.exceptions.DataFormatError
        Not a DataFrame; a required column missing; a fold or repetition that is not an integer ≥ 0; a
        measure outside 0–100, or every measure ≤ 1 (fractions: multiply by 100); an accuracy missing; a
        (data set, learner, [repetition,] fold) given twice; learners of one data set with different folds
        (they would not pair); rows of more than one ``study``.
    """
    if not isinstance(folds, pd.DataFrame):
        raise DataFormatError(f"fold results: expected a pandas DataFrame, got {type(folds).__name__} ({_FORMAT})")
    missing = [c for c in FOLD_COLUMNS["required"] if c not in folds.columns]
    if missing:
        raise DataFormatError(f"fold results: no column(s) {missing}; expected one row per test fold with "
                              f"dataset, learner, fold, accuracy and auc in percent ({_FORMAT})")
    out = folds.copy()
    if "repetition" in out.columns and out["repetition"].isna().all():
        out = out.drop(columns="repetition")
    if "study" in out.columns and out["study"].nunique(dropna=False) > 1:
        raise DataFormatError(f"fold results of {out['study'].nunique(dropna=False)} studies "
                              f"({', '.join(map(str, out['study'].unique()))}): analyse one study at a time "
                              "(e.g. folds[folds['study'] == name])")
    for col in ("dataset", "learner"):
        out[col] = out[col].astype(str)
    for col in ("fold", "repetition"):
        if col in out.columns:
            values = pd.to_numeric(out[col], errors="coerce")
            bad = values.isna() | (values < 0) | (values != np.floor(values))
            if bad.any():
                r = out[bad].iloc[0]
                raise DataFormatError(f"fold results: {col} {r[col]} of {r['learner']} on {r['dataset']} is not an "
                                      f"integer ≥ 0 ({_FORMAT})")
            out[col] = values.astype(int)
    for col in MEASURES:
        values = pd.to_numeric(out[col], errors="coerce")
        bad = (values.isna() & out[col].notna()) | (values < 0) | (values > 100)
        if col == "accuracy":
            bad |= values.isna()
        if bad.any():
            r = out[bad].iloc[0]
            raise DataFormatError(f"fold results: {col} {r[col]} of {r['learner']} on {r['dataset']} (fold "
                                  f"{r['fold']}) is not a percentage in 0–100"
                                  + ("" if col == "auc" else " (accuracy is never missing)") + f" ({_FORMAT})")
        out[col] = values.astype(float)
    if len(out) and max(out["accuracy"].max(), out["auc"].max(skipna=True) if out["auc"].notna().any() else 0) <= 1:
        raise DataFormatError("fold results: every accuracy and AUC is at most 1, so they look like fractions; the "
                              f"format is percent: multiply them by 100 ({_FORMAT})")
    twice = out.duplicated(_key(out), keep=False)
    if twice.any():
        r = out[twice].iloc[0]
        raise DataFormatError(f"fold results: {r['learner']} on {r['dataset']} has fold {r['fold']}"
                              + (f" of repetition {r['repetition']}" if "repetition" in out.columns else "")
                              + f" {int(twice.sum())} times in all: one row per test fold ({_FORMAT})")
    per = [c for c in ("repetition", "fold") if c in out.columns]
    for dataset, g in out.groupby("dataset", sort=False):
        folds_of = {lrn: set(map(tuple, f[per].to_numpy())) for lrn, f in g.groupby("learner", sort=False)}
        first, *others = folds_of
        for lrn in others:
            if folds_of[lrn] != folds_of[first]:
                raise DataFormatError(f"fold results of data set {dataset}: {first} has {len(folds_of[first])} "
                                      f"folds, {lrn} {len(folds_of[lrn])}, not the same ones; every learner of a data "
                                      f"set is tested on the same test folds, so that they pair ({_FORMAT})")
    return out


def folds_to_metrics(folds: pd.DataFrame) -> pd.DataFrame:
    """Fold results (one row per fold) as the tidy fold metrics the analyses take (one row per fold and measure).

    Parameters
    ----------
    folds : fold results (:func:`check_folds`), n rows.

    Returns
    -------
    DataFrame
        2n rows, for each fold its ``accuracy`` row then its ``auc`` row: ``dataset, learner, [protocol,]
        [repetition,] fold, metric, value[, n_test, note]`` (``note`` on the AUC row; the accuracy row's empty),
        values in percent: the layout of the workflow's metrics files (:func:`aucacc.scores.write_metrics`).
    """
    lead = [c for c in ("dataset", "learner", "protocol", "repetition", "fold") if c in folds.columns]
    tail = [c for c in ("n_test",) if c in folds.columns]
    parts = []
    for metric in MEASURES:
        part = folds[lead].copy()
        part["metric"] = metric
        part["value"] = folds[metric].astype(float)
        for c in tail:
            part[c] = folds[c]
        if "note" in folds.columns:
            part["note"] = folds["note"] if metric == "auc" else folds["note"].where(np.zeros(len(folds), bool))
        part["_row"] = np.arange(len(folds))
        parts.append(part)
    out = pd.concat(parts, ignore_index=True).sort_values("_row", kind="stable")
    return out.drop(columns="_row").reset_index(drop=True)


def metrics_to_folds(metrics: pd.DataFrame) -> pd.DataFrame:
    """Tidy fold metrics (one row per fold and measure, :func:`aucacc.scores.read_metrics`) as fold results.

    Parameters
    ----------
    metrics : ``dataset, learner, [study,] [protocol,] [repetition,] fold, metric, value[, n_test, note]``, the
        measures ``accuracy`` and ``auc`` in percent.

    Returns
    -------
    DataFrame
        One row per (``study``,) data set, learner, (repetition,) fold, in the order of their first row:
        ``[study,] dataset, learner, [protocol,] [repetition,] fold, [n_test,] accuracy, auc[, note]``; ``note``
        is the AUC row's.
    """
    key = [c for c in ("study", "dataset", "learner", "protocol", "repetition", "fold") if c in metrics.columns]
    out = metrics.drop_duplicates(key)[key + [c for c in ("n_test",) if c in metrics.columns]].reset_index(drop=True)
    for metric in MEASURES:
        m = metrics[metrics["metric"] == metric]
        cols = ["value"] + (["note"] if metric == "auc" and "note" in metrics.columns else [])
        out = out.merge(m[key + cols].rename(columns={"value": metric}), on=key, how="left", validate="one_to_one")
    return out[[c for c in _ORDER if c in out.columns]]


def fold_results(predictions: pd.DataFrame) -> pd.DataFrame:
    """Fold results from one's own test-fold predictions, by the workflow's rules
    (:func:`aucacc.evaluation.metrics.fold_metrics`: accuracy, AUC or Hand & Till's M over the classes
    present, undefined AUC of a one-class binary fold).

    Parameters
    ----------
    predictions : one row per test instance of each (data set, learner, [repetition,] fold): ``dataset, learner,
        fold, y_true, y_pred`` and one probability column ``p:<class>`` per class of the data set (each row's
        sums to 1), optionally ``repetition``. Probability columns that are empty for a data set (the classes of
        another data set, in one frame) are left out of it.

    Returns
    -------
    DataFrame
        Fold results (:func:`check_folds`): ``dataset, learner, [repetition,] fold, n_test, accuracy, auc, note``,
        in percent, in the order of the groups' first rows.

    Raises
    ------
    aucacc.exceptions.DataFormatError
        A required column is missing, or a data set has fewer than 2 probability columns.
    """
    missing = [c for c in ("dataset", "learner", "fold", "y_true", "y_pred") if c not in predictions.columns]
    if missing:
        raise DataFormatError(f"predictions: no column(s) {missing}; expected one row per test instance with dataset, "
                              f"learner, fold, y_true, y_pred and p:<class> per class ({_FORMAT})")
    group = [c for c in ("dataset", "learner", "repetition") if c in predictions.columns]
    parts = []
    for keys, g in predictions.groupby(group, sort=False):
        g = g.dropna(axis=1, how="all")
        if len(score_classes(g)) < 2:
            raise DataFormatError(f"predictions of {keys[1]} on {keys[0]}: fewer than 2 probability columns p:<class> "
                                  f"({_FORMAT})")
        m = fold_metrics(g)
        for i, c in reversed(list(enumerate(group))):
            m.insert(0, c, keys[i])
        parts.append(m)
    return check_folds(metrics_to_folds(pd.concat(parts, ignore_index=True)))


# --------------------------------------------------------------------------- a study the workflow ran
def _study_config(results: Path, study: str) -> dict[str, Any]:
    """The validated config of the run that made study ``study``'s tables (its summary's provenance record)."""
    record = results / "studies" / study / _STUDY_RECORD
    if not record.is_file():
        ran = sorted(p.parent.parent.name for p in (results / "studies").glob(f"*/{_STUDY_RECORD}"))
        raise FileNotFoundError(f"no results of study {study!r} in {results}: {record} is missing (run the study "
                                f"first, snakemake ... study_{study}); studies there: {', '.join(ran) or 'none'}")
    config = json.loads(record.read_text())["config"]
    if study not in (config.get("studies") or {}):
        raise DataFormatError(f"{record}: its config has no study {study!r}")
    return config


def load_study(results: str | os.PathLike, study: str) -> pd.DataFrame:
    """The fold results of a study the workflow ran, as one tidy frame.

    Parameters
    ----------
    results : the workflow's results folder (``results``, or ``.test/results`` of the quick check).
    study : the study's name (config ``studies.<name>``).

    Returns
    -------
    DataFrame
        One row per data set, learner, (repetition,) and test fold of the study
        (docs/python-api.md, "The fold results format"): ``study, dataset, learner, protocol, [repetition,] fold,
        n_test, accuracy, auc, note``, accuracy and AUC in percent, data sets and learners in the study's order.
        A learner skipped on a data set (a binary-only learner on a multi-class one) has no rows there. Checked
        and typed by :func:`check_folds`.

    Raises
    ------
    FileNotFoundError
        The study has no tables in ``results`` yet (the message lists the studies that have).
    aucacc.exceptions.IntegrityError
        A metrics file changed after the workflow wrote it (:func:`aucacc.provenance.verified`).

    Notes
    -----
    The study's data sets, learners, discretization and repetitions are those of the run's config, recorded
    beside its summary table (``results/studies/<study>/tables/summary.csv.provenance.json``); the files read are
    the workflow's (:func:`aucacc.scores.study_files`).
    """
    results = Path(results)
    config = _study_config(results, study)
    metrics = read_metrics(study_files(config["studies"][study], "metrics", results))
    folds = metrics_to_folds(metrics)
    folds.insert(0, "study", study)
    return check_folds(folds)  # its types too: a skipped learner's header-only file leaves object columns


def load_studies(results: str | os.PathLike, studies: Iterable[str] | None = None) -> pd.DataFrame:
    """The fold results of several studies (every study with tables in ``results`` when ``studies`` is None), one
    frame: :func:`load_study`'s, concatenated in order. A (data set, learner) shared by two studies has rows in
    each; ``repetition`` is empty (NaN) in the rows of a study without repetitions."""
    results = Path(results)
    if studies is None:
        studies = sorted(p.parent.parent.name for p in (results / "studies").glob(f"*/{_STUDY_RECORD}"))
    frames = [load_study(results, s) for s in studies]
    if not frames:
        raise FileNotFoundError(f"no study has tables in {results / 'studies'}")
    return pd.concat(frames, ignore_index=True)


def study_settings(results: str | os.PathLike, study: str) -> dict[str, Any]:
    """How the workflow analysed study ``study``: the keyword arguments of :func:`aucacc.analyse_study` that give
    its tables and figures from :func:`load_study`'s frame.

    Returns
    -------
    dict
        ``study, title, learners, pairs`` (config ``studies.<name>``: its key, its display name
        :func:`aucacc.config.study_title`, its learners, its ``cde_pairs`` or every pair:
        :func:`aucacc.config.study_pairs`), ``seed``, ``alpha`` (``protocol.alpha``), ``n_boot``
        (``statistics.bootstrap_samples``), ``rope``, ``decision``, ``nsamples`` (``statistics.bayes_samples``),
        ``specs`` (each learner's config), ``exclusions`` (the cross-validation records,
        :func:`aucacc.scores.read_study_records`: a skipped learner's says why), ``cleaning`` (the data sets' clean
        data records, :func:`aucacc.datasets.store.read_metas`), ``claims`` and ``stand_ins`` (the study's
        ``retest`` claims file as a frame and its ``retest_learners``; None without).

    Raises
    ------
    FileNotFoundError
        As :func:`load_study`.
    """
    results = Path(results)
    config = _study_config(results, study)
    s = config["studies"][study]
    stats = config["statistics"]
    claims = None
    if s.get("retest"):  # a path relative to the workflow's working folder, the results folder's parent
        claims = pd.read_csv(results.parent / s["retest"])
    return {"study": study, "title": study_title(s, study), "learners": list(s["learners"]),
            "pairs": [tuple(p) for p in study_pairs(s)],
            "seed": config["seed"], "alpha": config["protocol"]["alpha"], "n_boot": stats["bootstrap_samples"],
            "rope": stats["rope"], "decision": stats["decision"], "nsamples": stats["bayes_samples"],
            "specs": {x: config["learners"][x] for x in s["learners"]},
            "exclusions": read_study_records(study_files(s, "records", results)),
            "cleaning": read_metas([results / "data" / f"{d}.json" for d in s["datasets"]]),
            "claims": claims, "stand_ins": s.get("retest_learners") or {}}

