"""The stored scores format, written and read in one place.

A scores frame has one row per test instance: ``row`` (index in the clean data), ``fold``,
``y_true``, ``y_pred`` and one probability column ``p:<class>`` per class, in declared order
(:func:`aucacc.evaluation.cross_validate.cross_validate` returns it). The workflow keeps it as
Parquet at ``<results>/scores/<protocol>/<data set>/<learner>.parquet``, beside the fold records
(``.json``: fit times, selected parameters, notes) and the fold metrics
(``<results>/metrics/...csv``: one row per fold and metric, labelled with data set, learner and
protocol). Every workflow script writes them through :func:`write_scores`,
:func:`write_fold_records` and :func:`write_metrics`, and reads them back with
:func:`read_scores` or :func:`read_score_files` (which knows the layout of the paths),
:func:`read_fold_records` and :func:`read_metrics`. Each file gets a provenance record with its
SHA-256 (:func:`aucacc.provenance.write_intermediate`), checked on every read
(:func:`aucacc.provenance.verified`): a changed file stops the job that reads it.

It also holds what every reader of the format needs: the classes of a frame
(:func:`score_classes`), the positive class of a binary reading (:func:`positive_class`), and the
folds that lack a class (:func:`absent_class_folds`, and the mark and note of a table's cells whose
AUC is over the classes present: :func:`mark_partial`, :func:`partial_notes`).
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any, Iterable

import numpy as np
import pandas as pd

from aucacc.exceptions import LearnerFitError
from aucacc.provenance import verified, write_intermediate

__all__ = ["PARTIAL_MARK", "UNDEFINED_MARK", "absent_class_folds", "small_class_folds", "mark_partial", "partial_notes", "positive_class", "read_fold_records",
           "read_metrics", "read_score_files", "read_scores", "read_study_records", "score_classes", "score_key", "study_files",
           "trained", "write_exclusion_record", "write_fold_records", "FAILURE_REASON", "failure_notices",
           "write_metrics", "write_scores"]


def write_scores(path: str | os.PathLike, scores: pd.DataFrame, provenance: dict[str, Any] | None = None) -> None:
    """Write a scores frame as Parquet (no index), atomically (no half-written file is left), with its
    provenance record (``provenance``, or a minimal one) holding its SHA-256."""
    buf = io.BytesIO()
    scores.to_parquet(buf, index=False)
    write_intermediate(path, buf.getvalue(), provenance)


def read_scores(path: str | os.PathLike) -> pd.DataFrame:
    """A scores frame written by :func:`write_scores`, checked against its provenance record.

    Raises
    ------
    aucacc.exceptions.IntegrityError
        The file changed after it was written (:func:`aucacc.provenance.verified`).
    """
    return pd.read_parquet(verified(path))


#: How the reason of a learner's failure recorded under ``on_learner_error: exclude`` begins
#: (:func:`aucacc.evaluation.cross_validate.failure_exclusion`; :func:`failure_notices` finds them by it).
FAILURE_REASON = "learner failed in fold"


#: What every learner of a study is given under each protocol (a study's ``discretization``): one sentence
#: each, printed under every study's summary table (`aucacc.studies.analysis.summary`).
PROTOCOL_DESCRIPTIONS = {
    "whole_data": ("protocol whole_data (the paper study's): every numeric attribute discretized by Fayyad-Irani "
                   "MDL cut points computed on the whole data set before cross-validation, so the cut points see "
                   "the test folds' class labels"),
    "per_fold": ("protocol per_fold: every numeric attribute discretized by Fayyad-Irani MDL cut points computed "
                 "on each training part only, and applied to its test fold"),
    "none": ("protocol none: the data as it is (numeric attributes as numbers, nominal ones with their declared "
             "values, missing values as missing); any preprocessing is the learner's own, fitted on each "
             "training part only"),
}

def score_key(path: str | os.PathLike) -> tuple[str, str, str]:
    """``(protocol, data set, learner)`` of a scores file ``.../scores/<protocol>/<data set>/<learner>.parquet``."""
    p = Path(path)
    return p.parent.parent.name, p.parent.name, p.stem


def read_score_files(paths: Iterable[str | os.PathLike]) -> dict[tuple[str, str, str], pd.DataFrame]:
    """``{(protocol, data set, learner): scores frame}`` of the files ``paths`` (keys from :func:`score_key`)."""
    return {score_key(p): read_scores(p) for p in paths}


def write_fold_records(path: str | os.PathLike, folds: list[dict[str, Any]],
                       provenance: dict[str, Any] | None = None) -> None:
    """Write the per-fold records of a cross-validation as JSON (2-space indent), atomically.

    With ``provenance``, the file is ``{"folds": [...], "provenance": {...}}`` (a learner's whole
    cross-validation); without, the bare list (one fold job's part, gathered later).
    """
    body: Any = folds if provenance is None else {"folds": folds, "provenance": provenance}
    write_intermediate(path, json.dumps(body, indent=2, default=str) + "\n", provenance)


def write_exclusion_record(path: str | os.PathLike, dataset: str, learner: str, reason: str,
                           provenance: dict[str, Any] | None = None, error: dict[str, Any] | None = None) -> None:
    """Write the record of a learner not cross-validated on a data set, in place of its fold records.

    The file is ``{"dataset", "learner", "skipped": reason, "folds": [], "provenance"}`` (JSON,
    atomically); its scores and metrics files hold zero rows with their usual columns
    (:func:`aucacc.evaluation.cross_validate.excluded_scores`). A study lists it in its
    ``exclusions`` table and leaves that (data set, learner) out. ``error``: for a learner that failed under
    ``on_learner_error: exclude``, ``{"type", "message", "fold", "stage"}``
    (:func:`aucacc.evaluation.cross_validate.failure_exclusion`), kept under ``error``.
    """
    body = {"dataset": dataset, "learner": learner, "skipped": reason, "folds": [], "provenance": provenance}
    if error is not None:
        body["error"] = error
    write_intermediate(path, json.dumps(body, indent=2, default=str) + "\n", provenance)


def read_fold_records(path: str | os.PathLike) -> Any:
    """What :func:`write_fold_records` wrote: the list of fold records, or ``{"folds", "provenance"}``
    (checked against its provenance record, :func:`aucacc.provenance.verified`)."""
    with open(verified(path), encoding="utf-8") as fh:
        return json.load(fh)


def write_metrics(path: str | os.PathLike, metrics: pd.DataFrame, dataset: str, learner: str,
                  protocol: str, provenance: dict[str, Any] | None = None) -> pd.DataFrame:
    """Label fold metrics with their data set, learner and protocol and write them as CSV, atomically.

    Parameters
    ----------
    metrics : one row per fold (and repetition) and metric, e.g. from
        :func:`aucacc.evaluation.cross_validate.fold_metrics`.
    provenance : the provenance record written beside it (a minimal one without), with its SHA-256.

    Returns
    -------
    The written frame: columns ``dataset, learner, protocol`` first, then those of ``metrics``.
    """
    m = metrics.copy()
    m.insert(0, "learner", learner)
    m.insert(0, "dataset", dataset)
    m.insert(2, "protocol", protocol)
    write_intermediate(path, m.to_csv(index=False), provenance)
    return m


def read_metrics(paths: Iterable[str | os.PathLike]) -> pd.DataFrame:
    """The fold-metric files ``paths`` (written by :func:`write_metrics`) as one frame, in the order given,
    each checked against its provenance record (:func:`aucacc.provenance.verified`)."""
    return pd.concat([pd.read_csv(verified(p)) for p in paths], ignore_index=True)


def study_files(study: dict[str, Any], kind: str, results: str | os.PathLike = "results") -> list[str]:
    """The shared files a study reads, one per (data set, learner) it names, data sets outer, learners inner.

    Parameters
    ----------
    study : a validated study of the config (``studies.<name>``: ``datasets``, ``learners``,
        ``discretization``, ``repetitions``).
    kind : ``"metrics"`` (fold metrics, ``<results>/metrics/<protocol>/<data set>/<learner>.csv``; of a study with
        ``repetitions`` r > 1 its r × k folds, ``<results>/repeated_r<r>/metrics/...``), ``"scores"`` (the
        stored probability vectors those fold metrics come from, ``<results>/[repeated_r<r>/]scores/....parquet``)
        or ``"records"`` (the cross-validation records, ``<results>/scores/.../<learner>.json``).
    results : the results folder (the workflow's ``results``).

    Raises
    ------
    ValueError
        ``kind`` is none of the three.
    """
    layout = {"metrics": ("metrics", "csv"), "records": ("scores", "json"), "scores": ("scores", "parquet")}
    if kind not in layout:
        raise ValueError(f"study_files: kind {kind!r} is none of {sorted(layout)}")
    folder, ext = layout[kind]
    if kind in ("metrics", "scores") and study["repetitions"] > 1:  # r × k folds (evaluate.smk, *_repeated)
        folder = f"repeated_r{study['repetitions']}/{folder}"
    return [f"{os.fspath(results)}/{folder}/{study['discretization']}/{d}/{lrn}.{ext}"
            for d in study["datasets"] for lrn in study["learners"]]


def read_study_records(paths: Iterable[str | os.PathLike]) -> list[Any]:
    """The cross-validation records ``paths`` (:func:`read_fold_records`) of a study, each a mapping that names its
    data set and learner (taken from the path, :func:`score_key`, when the record does not), or a bare list of
    fold records as written. A skipped learner's record (:func:`write_exclusion_record`) carries ``skipped``."""
    records = []
    for path in paths:
        rec = read_fold_records(path)
        if isinstance(rec, dict):  # data set and learner from the path when the record does not name them
            _, dataset, learner = score_key(path)
            rec = {"dataset": dataset, "learner": learner, **rec}
        records.append(rec)
    return records


def trained(frames: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """The frames of ``{learner: scores or metrics}`` that hold rows: a learner skipped on the data set
    (its exclusion record, :func:`write_exclusion_record`) has none and is left out, order kept."""
    return {k: v for k, v in frames.items() if len(v)}


def score_classes(scores: pd.DataFrame) -> list[str]:
    """The class labels of a scores frame, in column order."""
    return [c[2:] for c in scores.columns if c.startswith("p:")]


def absent_class_folds(scores: pd.DataFrame) -> int:
    """Number of test folds in ``scores`` that lack one of its classes (their multi-class AUC is over the classes present)."""
    classes = set(score_classes(scores))
    return int(sum(set(g["y_true"].astype(str)) != classes for _, g in scores.groupby("fold")))


def positive_class(classes, y_true, override: str | None = None) -> str:
    """The class treated as positive: ``override`` if given, else the minority class.

    Parameters
    ----------
    classes : the data's class labels in order.
    y_true : array, shape (n,) — true labels (for the class counts).
    override : a configured positive class.

    Returns the label; ties in count go to the later class (the metric module ranks by the
    second class of a binary data set).

    Raises
    ------
    ValueError
        ``override`` is not one of ``classes``.
    """
    classes = [str(c) for c in classes]
    if override is not None:
        if str(override) not in classes:
            # the classes are known from the clean data only, so a configured name is checked here, in the job
            raise ValueError(f"positive class {override!r} is not a class of the data ({classes}): set config key "
                             f"studies.<name>.positive (of the study that names this data set) to one of them")
        return str(override)
    y = np.asarray(y_true).astype(str)
    counts = [int((y == c).sum()) for c in classes]
    return classes[len(counts) - 1 - int(np.argmin(counts[::-1]))]


# Mark of a cell whose AUC is Hand–Till M over the class pairs present in some test fold.
PARTIAL_MARK = "†"
# Mark of a cell with a binary test fold of one class, whose AUC is undefined (left out of the mean).
UNDEFINED_MARK = "‡"


def small_class_folds(scores: pd.DataFrame) -> dict[str, int]:
    """Test folds of ``scores`` that lack a class, by the rule that applies (docs/small-classes.md).

    Returns ``{"partial_folds": n, "undefined_folds": m}``: on multi-class data ``n`` folds
    whose AUC is Hand–Till M over the class pairs present (``m = 0``); on binary data ``m``
    folds with one class, whose AUC is undefined (``n = 0``) — the counts
    :func:`aucacc.studies.fold_tables.summary_table` gives from the fold metrics.
    """
    n = absent_class_folds(scores)
    binary = len(score_classes(scores)) == 2
    return {"partial_folds": 0 if binary else n, "undefined_folds": n if binary else 0}


def partial_notes(summary: pd.DataFrame, n_folds: int | None = None) -> list[str]:
    """Notes under a table for the cells marked :data:`PARTIAL_MARK` or :data:`UNDEFINED_MARK`, one per data set
    and mark.

    Rule (docs/small-classes.md): a multi-class test fold that lacks a class still
    gets an AUC, Hand–Till M averaged over the pairs of classes present in that fold
    (``partial_folds``); a binary test fold with one class has no AUC (undefined, NaN), so the
    AUC mean and sd are over the other folds (``undefined_folds``). ``summary`` has ``dataset``
    and those columns, and ``n_folds`` (folds with a value) unless the number of folds is given here.
    """
    notes = []
    if "partial_folds" in summary.columns:
        for ds, d in summary[summary["partial_folds"] > 0].groupby("dataset", sort=False):
            n = int(d["partial_folds"].max())
            k = _total_folds(d, n_folds)
            notes.append(f"{PARTIAL_MARK} {ds}: in {n} of {k} test folds a class is absent (a class has fewer "
                         "instances than folds); its multi-class AUC is over the classes present there (Hand–Till M: "
                         "over the class pairs present).")
    if "undefined_folds" in summary.columns:
        for ds, d in summary[summary["undefined_folds"] > 0].groupby("dataset", sort=False):
            n = int(d["undefined_folds"].max())
            k = _total_folds(d, n_folds)
            notes.append(f"{UNDEFINED_MARK} {ds}: in {n} of {k} test folds only one class is present (a class has "
                         "fewer instances than folds); the AUC of such a fold is undefined, so the AUC mean and sd "
                         f"are over the other {k - n} folds (accuracy: over all {k}).")
    return notes


def _total_folds(d: pd.DataFrame, n_folds: int | None) -> int:
    """Number of folds of a data set's summary rows: given, else the largest ``n_folds + undefined_folds``."""
    if n_folds is not None:
        return int(n_folds)
    undefined = d["undefined_folds"] if "undefined_folds" in d.columns else 0
    return int((d["n_folds"] + undefined).max())


def mark_partial(frame: pd.DataFrame) -> pd.DataFrame:
    """Display copy of a tidy table: ``dataset`` ends with :data:`PARTIAL_MARK` on rows with ``partial_folds`` > 0
    and with :data:`UNDEFINED_MARK` on rows with ``undefined_folds`` > 0."""
    out = frame.copy()
    for col, mark in (("partial_folds", PARTIAL_MARK), ("undefined_folds", UNDEFINED_MARK)):
        if col in frame.columns:
            flag = out[col].fillna(0) > 0
            out["dataset"] = out["dataset"].astype(str).where(~flag, out["dataset"].astype(str) + " " + mark)
    return out


def missing_learners(learners: Iterable[str], present: Iterable[str],
                     records: Iterable[str | os.PathLike] = ()) -> dict[str, str]:
    """Why each of ``learners`` not in ``present`` has no scores on a data set (a figure's note).

    Parameters
    ----------
    learners : the study's learners, in order.
    present : the learners with scores on the data set (:func:`trained`).
    records : score records ``.../<learner>.json`` (:func:`write_fold_records`, :func:`write_exclusion_record`);
        a learner's exclusion record gives its reason.

    Returns
    -------
    dict
        learner → ``"not run on this data set: <the record's reason>"`` (an exclusion record), ``"not among
        this figure's learners"`` (a record of folds: it ran, but the figure was not given its scores), or ``"no
        scores on this data set"`` (no record among ``records``); in the order of ``learners``.
    """
    reasons = {}
    for p in records:
        rec = read_fold_records(p)
        skipped = rec.get("skipped") if isinstance(rec, dict) else None
        reasons[Path(p).stem] = (f"not run on this data set: {skipped}" if skipped
                                 else "not among this figure's learners")
    present = set(present)
    return {x: reasons.get(x, "no scores on this data set") for x in dict.fromkeys(learners) if x not in present}


def failure_notices(study_dir: str | os.PathLike, studies: Iterable[str]) -> list[str]:
    """One line per learner failure a study left out under ``on_learner_error: exclude``, for the end of a run.

    The failures sit in each study's ``tables/exclusions.csv`` (reason beginning with
    :data:`FAILURE_REASON`) and in the job's log only; the workflow prints these
    lines when a run ends, so a researcher sees that a learner was left out without opening the tables.

    Parameters
    ----------
    study_dir : the studies' folder (``results/studies``).
    studies : study names; a study without an exclusions table yet is passed over.

    Returns
    -------
    list of str — ``"study '<s>': learner '<l>' left out on data set '<d>' (on_learner_error: exclude): <reason>
    (<path of exclusions.md>)"``.
    """
    lines = []
    for study in studies:
        path = Path(study_dir) / study / "tables" / "exclusions.csv"
        if not path.exists() or path.stat().st_size == 0:  # not made yet, or an empty file (snakemake --touch)
            continue
        ex = pd.read_csv(path, dtype=str, keep_default_na=False)
        if "reason" not in ex.columns:
            continue
        for row in ex[ex["reason"].str.startswith(FAILURE_REASON)].itertuples():
            lines.append(f"study '{study}': learner '{row.learner}' left out on data set '{row.dataset}' "
                         f"(on_learner_error: exclude): {row.reason} ({path.with_suffix('.md')})")
    return lines


def refuse_recorded_failures(records: Sequence[Any], policy: str, study: str) -> None:
    """Under ``on_learner_error: stop``, refuse a study whose records hold a learner's failure recorded under
    ``exclude`` (:func:`aucacc.evaluation.cross_validate.failure_exclusion`): the setting changed since, and re-runs nothing by itself.

    Parameters
    ----------
    records : the study's cross-validation records (:func:`read_fold_records`, with ``dataset`` and
        ``learner``); a failure's record has ``skipped`` and ``error``.
    policy : config key ``on_learner_error`` (:data:`aucacc.evaluation.cross_validate.ON_LEARNER_ERROR`).
    study : the study's name, for the message.

    Raises
    ------
    LearnerFitError
        ``policy`` is ``stop`` and some record is a recorded failure; the message names each pair, its reason, and
        the two ways on: re-run the pair (``--forcerun`` of its record) or set ``on_learner_error: exclude``.
    """
    failed = [r for r in records if isinstance(r, dict) and r.get("skipped") and r.get("error")]
    if policy != "stop" or not failed:
        return
    pairs = "; ".join(f"{r['learner']} on {r['dataset']} ({r['skipped']})" for r in failed)
    raise LearnerFitError(
        f"study {study!r}: on_learner_error is stop, but these learners' failures were recorded under "
        f"on_learner_error: exclude: {pairs}. Re-run them (snakemake --forcerun with each record, "
        f"results/scores/<protocol>/<data set>/<learner>.json; a failure then stops the run) or set "
        f"on_learner_error: exclude to keep them left out")
