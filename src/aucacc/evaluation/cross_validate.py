"""Running a learner over stored folds and keeping every test instance's class-probability vector.

Later stages (metrics, tables, tests, ROC analysis) read the stored scores and never re-train.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from functools import partial
from typing import Any, Callable, Sequence

import numpy as np
import pandas as pd

from aucacc.datasets.recipes import CleanDataset
from aucacc.discretize import MDLDiscretizer, numeric_columns
from aucacc.evaluation.metrics import (PROBABILITY_TOLERANCE, UNDEFINED_AUC_NOTE, accuracy, auc,  # noqa: F401  (re-exported)
                                      fold_metrics, hand_till_m)
from aucacc.exceptions import LearnerFitError
from aucacc.learners import takes_table
from aucacc.learners.encoding import encode_features
from aucacc.scores import FAILURE_REASON, absent_class_folds, score_classes, small_class_folds  # noqa: F401  (the scores format; re-exported)
# the protocols' sentences and the study-level check of recorded failures live with the records format (light to
# import: a study's tables need them, not scikit-learn); re-exported here, where they were defined before
from aucacc.scores import PROTOCOL_DESCRIPTIONS, refuse_recorded_failures  # noqa: F401

PROTOCOLS = ("whole_data", "per_fold", "none")

# One INFO line per fold (learner, data set, fold, wall and CPU seconds): a workflow job's log file has it
# (aucacc.report.logs.setup_log); a Python session shows it only if it configures logging.
_log = logging.getLogger(__name__)



def discretize_whole(ds: CleanDataset) -> tuple[pd.DataFrame, dict[str, Any]]:
    """Fayyad–Irani MDL discretization of the whole data set (the paper's protocol, Huang & Ling 2005, §IV-B).

    Returns the discretized attribute frame and ``{"cut_points": {col: [...]}, "single_interval": [...]}``.
    """
    disc = MDLDiscretizer().fit(ds.X, ds.y)
    info = {"cut_points": {c: [float(v) for v in cuts] for c, cuts in disc.cut_points_.items()},
            "single_interval": list(disc.single_interval_)}
    return disc.transform(ds.X), info


def discretize_recorded(ds: CleanDataset, record: dict[str, Any]) -> pd.DataFrame:
    """The whole-data discretization of ``ds`` from its recorded cut points, without searching them again.

    Parameters
    ----------
    ds : the clean data set.
    record : its cut-point record (:func:`aucacc.datasets.table.cut_point_record`, the workflow's
        ``results/discretized/<data set>.json``), from :func:`discretize_whole` of the same data.

    Returns
    -------
    The frame ``discretize_whole(ds)[0]`` returns, bit for bit (``tests/evaluation/test_cross_validate.py``).

    Raises
    ------
    ValueError
        The record is of another data set, or its numeric attributes are not ``ds``'s.
    """
    numeric = numeric_columns(ds.X)
    if record.get("dataset") != ds.name or list(record.get("cut_points", {})) != numeric:
        raise ValueError(f"data set {ds.name!r}: the cut-point record of {record.get('dataset')!r} (numeric "
                         f"attributes {list(record.get('cut_points', {}))}) is not of this data set (numeric "
                         f"attributes {numeric}); make it again from this data set (rule discretize)")
    return MDLDiscretizer.from_cut_points(record["cut_points"], ds.X.columns).transform(ds.X)


def cross_validate(ds: CleanDataset, folds: np.ndarray, make_estimator: Callable[[], Any],
                   discretization: str = "whole_data", progress: bool = False,
                   label: str = "", only_folds: Sequence[int] | None = None, learner: str = "",
                   discretized: pd.DataFrame | None = None, timeout: float | None = None,
                   ) -> tuple[pd.DataFrame, list[dict[str, Any]]]:
    """Train on k−1 folds, score the held-out fold, for every fold (or the folds ``only_folds``).

    Parameters
    ----------
    ds : the clean data set.
    folds : int array, shape (n_instances,) — fold id of each instance (:func:`stratified_folds`).
    make_estimator : returns a fresh unfitted estimator (``fit``, ``predict``, ``predict_proba``).
        aucacc's learners, and pipelines whose first step is one (:func:`aucacc.learners.takes_table`),
        take the attribute table as it is; any other estimator (e.g. scikit-learn's) gets the nominal
        attributes one-hot encoded and the numeric ones as they are, a missing numeric value NaN
        (:func:`aucacc.learners.encoding.encode_features`),
        unless its config sets ``nominal: categorical``: then :func:`aucacc.learners.factory.make_learner`
        wraps it in :class:`aucacc.learners.encoding.CategoricalCodes`, an aucacc estimator that
        takes the attributes as they are and hands it integer codes.
    discretization : ``"whole_data"`` — Fayyad–Irani cuts from the whole data set, before CV (the
        paper's protocol); ``"per_fold"`` — cuts from each training part only (no leakage);
        ``"none"`` — attributes passed as they are (any preprocessing is the learner's own: a
        pipeline's steps, fitted on each training part only).
    progress : show a progress bar over folds.
    only_folds : fold ids to run (one workflow job per fold); default every fold. The result
        holds those folds' test rows only; :func:`gather_folds` joins such parts into the frame a
        single run over every fold returns, bit for bit (each fold's fit sees the same data and
        the same seeds either way).
    learner : the learner's name under ``learners`` in the config, for error messages.
    discretized : ``discretize_whole(ds)[0]``, when the caller has it (``"whole_data"`` only): several
        learners, or several repetitions, on one data set then share one discretization instead of
        each computing the same cut points again. Default: computed here.
    timeout : seconds of wall-clock time each fold's fit and prediction may take (config key
        ``learners.<learner>.timeout``); None (the default): no limit. With a limit each fold runs in a forked
        child process that is killed when the limit passes (:func:`_in_child_process`), which stops C code
        too; the results are the same bytes as without one.

    Every fold logs one INFO line (logger ``aucacc.evaluation.cross_validate``): learner, data set, protocol,
    fold id, its place among the folds run, and its wall-clock and CPU seconds (CPU of the process that fitted it).

    Returns
    -------
    scores : DataFrame, one row per instance (of the folds run): ``row`` (index in the clean
        data), ``fold``, ``y_true``, ``y_pred`` and one column ``p:<class>`` per class (declared order).
    fold_info : one dict per fold: fit seconds, ``best_params_`` when the estimator has them,
        ``note`` when the training part lacks a class (the rule: :func:`align_proba`); with
        ``cv_results_``, the inner-CV mean of each grid point, or ``skipped`` and the reason for
        points a search did not fit (``cv_results_["skipped"]``).

    Raises
    ------
    ValueError
        Unknown ``discretization``, a fold with no training or no test instances, an
        ``only_folds`` id that is not a fold of ``folds``, or ``discretized`` given under another
        protocol or with other rows or attributes than ``ds.X``.
    LearnerFitError
        Building the estimator, its ``fit``, ``predict_proba`` or ``predict`` raised (e.g. a param scikit-learn
        checks only at fit time, such as ``n_neighbors`` larger than a training part); it has no ``classes_``
        after fit (not a classifier); its probabilities fail :func:`check_probabilities` (not finite, outside
        [0, 1], rows not summing to 1, columns not matching ``classes_``); its classes are not the data's
        (:func:`align_proba`); or it ran past ``timeout`` (the cause a :class:`TimeoutError`). The message names
        the learner's config key, the data set, the fold, the stage and the fix; the cause is chained.
    """
    if discretization not in PROTOCOLS:
        raise ValueError(f"discretization must be one of {PROTOCOLS}, got {discretization!r}")
    classes = list(ds.y.cat.categories)
    X = ds.X
    if discretized is not None:
        if discretization != "whole_data":
            raise ValueError(f"data set {ds.name!r}: discretized attributes are for the whole_data protocol, "
                             f"not {discretization!r}")
        if not (discretized.index.equals(ds.X.index) and discretized.columns.equals(ds.X.columns)):
            raise ValueError(f"data set {ds.name!r}: discretized attributes have other rows or attributes "
                             f"than the data set's (pass discretize_whole(ds)[0] of this data set)")
        X = discretized
    elif discretization == "whole_data":
        X, _ = discretize_whole(ds)
    ks = np.unique(folds)
    if only_folds is not None:
        missing = sorted(set(int(k) for k in only_folds) - set(int(k) for k in ks))
        if missing:
            raise ValueError(f"data set {ds.name!r}: folds {missing} are not among the fold ids {ks.tolist()}")
        ks = np.array(sorted(int(k) for k in only_folds), dtype=ks.dtype)
    proba = np.full((len(ds.y), len(classes)), np.nan)
    pred = np.empty(len(ds.y), dtype=object)
    info: list[dict[str, Any]] = []
    it = ks
    if progress:
        from tqdm.auto import tqdm

        it = tqdm(ks, desc=label or ds.name, leave=False)
    for i, k in enumerate(it, 1):
        test = folds == k
        train = ~test
        if not test.any() or not train.any():
            raise ValueError(f"data set {ds.name!r}: fold {k} has no training or no test instances")
        Xtr, Xte = X.loc[train], X.loc[test]
        if discretization == "per_fold":
            d = MDLDiscretizer().fit(Xtr, ds.y[train])
            Xtr, Xte = d.transform(Xtr), d.transform(Xte)
        where = ["building the estimator"]  # the stage a failure is reported in (the learner's config key, data set, fold)
        est = None
        t_wall, t_cpu = time.perf_counter(), time.process_time()
        try:
            est = make_estimator()
        except Exception as exc:  # e.g. a constructor that refuses its arguments
            raise _fit_error(exc, learner, est, ds.name, int(k), where[0], timeout) from exc
        if not takes_table(est):
            # Other estimators (e.g. scikit-learn's) get a one-hot matrix of the nominal attributes
            # (declared domains; a missing value is all zeros), the SVM's encoding; a missing numeric
            # value stays NaN, for the estimator (or its pipeline's imputer) to handle.
            Xtr, spec = encode_features(Xtr, allow_nan=True)
            Xte, _ = encode_features(Xte, spec, allow_nan=True)
        try:
            if timeout is None:
                out = _fit_predict(est, Xtr, ds.y[train], Xte, where)
            else:
                out = _in_child_process(partial(_fit_predict, est, Xtr, ds.y[train], Xte), timeout, where)
            where[0] = "aligning its classes with the data's"
            proba[test], note = align_proba(out["proba"], out["classes"], classes, ds.y[train], ds.name, int(k))
        except Exception as exc:  # any learner's own error, or output the checks refuse: which key, data set, fold
            raise _fit_error(exc, learner, est, ds.name, int(k), where[0], timeout) from exc
        pred[test] = out["pred"]
        fit_s = out["fit_seconds"]
        rec: dict[str, Any] = {"fold": int(k), "fit_seconds": fit_s, "n_train": int(train.sum()), "n_test": int(test.sum())}
        # what the learner says it did to its input (e.g. CategoricalCodes' all-missing attributes), then the classes
        note = "; ".join([*out["notes"], *([note] if note else [])])
        if note:
            rec["note"] = note
        rec.update(out["search"])  # a hyper-parameter search's choice and inner-CV scores (the SVM)
        wall = time.perf_counter() - t_wall
        cpu = out["cpu_seconds"] if timeout is not None else time.process_time() - t_cpu
        _log.info("learner %r on data set %r (%s), fold %d (%d/%d): %.2f s wall, %.2f s CPU (fit %.2f s)",
                  learner or type(est).__name__, ds.name, discretization, int(k), i, len(ks), wall, cpu, fit_s)
        info.append(rec)
    scores = pd.DataFrame({"row": np.arange(len(ds.y)), "fold": folds.astype(int),
                           "y_true": ds.y.astype(str).to_numpy(), "y_pred": pred.astype(str)})
    for j, c in enumerate(classes):
        scores[f"p:{c}"] = proba[:, j]
    if only_folds is not None:
        scores = scores[np.isin(folds, ks)].reset_index(drop=True)
    return scores, info


def check_probabilities(p: Any, classes: Sequence[Any], n_test: int) -> np.ndarray:
    """A learner's ``predict_proba`` output as a float array, checked to be a probability vector per test instance.

    Parameters
    ----------
    p : the output of ``predict_proba`` on ``n_test`` instances.
    classes : the learner's ``classes_`` (its columns' classes, in its order).
    n_test : the number of test instances it was given.

    Returns
    -------
    array, shape (n_test, len(classes)), float: ``p`` as it is, nothing rescaled or clipped.

    Raises
    ------
    ValueError
        ``p`` is not of that shape (its columns do not match ``classes_``, or a row is missing), holds a value that
        is not finite (NaN, ±inf), lies outside [0, 1] by more than :data:`PROBABILITY_TOLERANCE`, or has a row whose
        sum differs from 1 by more than it. The message counts the offending rows and gives the first one (its
        position among the test instances, and its values). Its attribute ``fix`` says what to do.
    """
    try:
        arr = np.asarray(p, dtype=float)
    except (TypeError, ValueError) as exc:
        raise _output_error(f"its output is not an array of numbers ({exc})", "numbers") from None
    if arr.ndim != 2 or arr.shape != (n_test, len(classes)):
        raise _output_error(f"its output has shape {arr.shape}, but {n_test} test instances and classes_ "
                            f"{[str(c) for c in classes]} need ({n_test}, {len(classes)}): one row per test "
                            f"instance, one column per class of classes_, in its order", "shape")
    tol = PROBABILITY_TOLERANCE
    for bad, what, kind in ((~np.isfinite(arr), "a value that is not finite (NaN or infinite)", "finite"),
                            ((arr < -tol) | (arr > 1 + tol), f"a value outside [0, 1] (tolerance {tol:g})", "range"),
                            (np.abs(arr.sum(axis=1, keepdims=True) - 1) > tol, f"a sum that differs from 1 by more "
                                                                              f"than {tol:g}", "sum")):
        rows = np.flatnonzero(bad.any(axis=1))
        if rows.size:
            first = arr[rows[0]]
            raise _output_error(f"{rows.size} of its {n_test} probability rows have {what}; the first is test "
                                f"instance {int(rows[0])} of the fold: {np.array2string(first, precision=6)} (sum "
                                f"{first.sum():.6g}) over classes_ {[str(c) for c in classes]}", kind)
    return arr


#: What to do about each kind of output :func:`check_probabilities` refuses ({learner}: the learner's name).
_OUTPUT_FIXES = {
    "finite": ("its parameters let a probability become 0/0 or overflow (e.g. GaussianNB's var_smoothing: 0 on an "
               "attribute constant within a class, LabelPropagation's gamma so large that every kernel value is 0); "
               "change them under 'learners.{learner}.params' (e.g. keep the smoothing above 0, the kernel width "
               "near the data's scale), or leave the learner out"),
    "range": ("its predict_proba returns scores, not probabilities; wrap it in sklearn.calibration."
              "CalibratedClassifierCV (learners.{learner}: {{estimator: sklearn.calibration.CalibratedClassifierCV, "
              "params: {{estimator: <its spec>, ensemble: false}}}}) or choose an estimator whose predict_proba "
              "gives probabilities"),
    "sum": ("its predict_proba returns scores, not probabilities; wrap it in sklearn.calibration."
            "CalibratedClassifierCV (learners.{learner}: {{estimator: sklearn.calibration.CalibratedClassifierCV, "
            "params: {{estimator: <its spec>, ensemble: false}}}}) or choose an estimator whose predict_proba "
            "gives probabilities"),
    "shape": ("its predict_proba must return one column per class of its classes_, in that order (scikit-learn's "
              "classifier convention); fix the estimator's predict_proba, or choose another estimator"),
    "numbers": ("its predict_proba must return an array of numbers, one row per test instance; fix the estimator, "
                "or choose another"),
    "classes": ("it is not a classifier (no classes_ after fit, e.g. sklearn.mixture.GaussianMixture, a clustering "
                "model); name a classifier under 'learners.{learner}.estimator' (for a class of your own: derive it "
                "from sklearn.base.ClassifierMixin and set classes_ in fit)"),
}


def _output_error(message: str, kind: str) -> ValueError:
    """A ValueError for a learner's output that :func:`check_probabilities` refuses, with the ``fix`` of ``kind``."""
    exc = ValueError(message)
    exc.fix = _OUTPUT_FIXES[kind]  # type: ignore[attr-defined]
    return exc


def _fit_predict(est: Any, Xtr: Any, y_train: pd.Series, Xte: Any, where: list[str]) -> dict[str, Any]:
    """Fit ``est`` on one fold's training part and score its test part; everything the fold's record needs.

    ``where[0]`` is set to each stage before it runs, so a caller that catches an error knows the stage. Returns
    ``{"proba", "classes", "pred", "fit_seconds", "cpu_seconds", "notes", "search"}``: the probabilities
    (checked, :func:`check_probabilities`; columns in ``classes`` order, the learner's ``classes_``), the
    predicted classes, the fit's wall seconds, the CPU seconds of this call, the learner's ``notes_`` and a
    search's ``best_params``/``best_score``/``inner_cv``/``n_skipped`` record entries. A plain dict of arrays,
    lists and numbers, so a child process can send it back (:func:`_in_child_process`).
    """
    cpu0 = time.process_time()
    n_train, n_test = len(y_train), Xte.shape[0]
    where[0] = f"fit on the {n_train} training instances"
    t0 = time.perf_counter()
    est.fit(Xtr, y_train)
    fit_s = time.perf_counter() - t0
    where[0] = "reading classes_ after fit"
    try:
        est_classes = list(est.classes_)
    except AttributeError as exc:
        raise _output_error(f"{type(est).__name__} has no classes_ after fit ({exc})", "classes") from None
    where[0] = f"predict_proba on the {n_test} test instances"
    p = est.predict_proba(Xte)
    where[0] = f"the check of predict_proba's output on the {n_test} test instances"
    p = check_probabilities(p, est_classes, n_test)
    where[0] = f"predict on the {n_test} test instances"
    if getattr(est, "predict_is_argmax_proba", False):
        # the learner's predict is the first most probable class of predict_proba: not run twice
        pred = np.asarray(est_classes, dtype=object)[np.argmax(p, axis=1)]
    else:
        pred = np.asarray(est.predict(Xte), dtype=object)
        if pred.shape != (n_test,):
            raise ValueError(f"predict returned shape {pred.shape} for {n_test} test instances, not ({n_test},)")
    search: dict[str, Any] = {}
    # Hyper-parameter searches (the SVM) record what they chose and the inner-CV scores.
    if hasattr(est, "best_params_"):
        search["best_params"] = {k: _recorded(v) for k, v in est.best_params_.items()}
        search["best_score"] = _recorded(getattr(est, "best_score_", None))
    if hasattr(est, "cv_results_"):
        cvr = est.cv_results_
        # a search that skips provably unselectable points says so ("skipped": reason)
        skipped = cvr.get("skipped", [""] * len(cvr["params"]))
        search["inner_cv"] = [{**{k: _recorded(v) for k, v in prm.items()},
                               **({"skipped": str(why)} if why else {"mean_test_score": float(m)})}
                              for prm, m, why in zip(cvr["params"], cvr["mean_test_score"], skipped)]
        search["n_skipped"] = int(sum(bool(w) for w in skipped))
    return {"proba": p, "classes": est_classes, "pred": pred, "fit_seconds": fit_s,
            "cpu_seconds": time.process_time() - cpu0, "notes": list(getattr(est, "notes_", [])), "search": search}


def _in_child_process(run: Callable[[Any], dict[str, Any]], timeout: float, where: list[str]) -> dict[str, Any]:
    """``run(stage)`` (:func:`_fit_predict` of one fold) in a forked child process, stopped after ``timeout`` seconds.

    The child inherits the fold's data and the unfitted estimator (fork: nothing is pickled on the way in); it sends
    each stage as it starts it (kept in ``where[0]``), then :func:`_fit_predict`'s plain result, or the exception it
    raised. At the time limit the child is killed (SIGKILL), which stops any code, also a C loop that never returns
    to Python (LIBSVM's solver): a signal handler in the process itself (SIGALRM raising an exception) would not run
    until such a loop returned. The parent then raises; the child writes no file, so nothing is half-written.

    Raises
    ------
    TimeoutError
        The child ran longer than ``timeout`` seconds of wall-clock time (``where[0]``: the stage it was in).
    RuntimeError
        The child ended without an answer (killed by the system, e.g. out of memory; a crash in C code), naming its
        exit code; or this platform cannot fork (a time limit needs it).
    Exception
        What ``run`` raised in the child, when it can be sent back; otherwise a RuntimeError with its type, message
        and traceback.
    """
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        raise RuntimeError("a learner's time limit (learners.<name>.timeout) runs each fold in a forked child process, "
                           "which this platform cannot start; remove the timeout")
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    # not daemonic: a daemonic process may not start processes, so joblib would run a learner's n_jobs serially
    child = ctx.Process(target=_child, args=(run, send))
    deadline = time.monotonic() + timeout
    child.start()
    try:  # a process group of its own (also set by the child: whichever runs first), killed whole at the end
        os.setpgid(child.pid, child.pid)
    except OSError:  # the child has set it already, or has ended
        pass
    send.close()  # the parent's copy: the child's end closing is then seen as EOF
    try:
        while True:
            if not receive.poll(max(deadline - time.monotonic(), 0)):
                raise TimeoutError(f"it ran longer than its time limit of {timeout:g} s (wall clock) and was stopped "
                                   f"(its process killed)")
            try:
                answer = receive.recv()
            except EOFError:
                child.join()
                raise RuntimeError(f"the process that ran it ended without an answer (exit code {child.exitcode}; "
                                   f"a negative code is the signal that ended it, -9 e.g. the system's out-of-memory "
                                   f"killer)") from None
            if answer[0] != "stage":
                break
            where[0] = answer[1]
    finally:
        try:  # the child and every process it started (joblib's loky workers): none left running orphaned
            os.killpg(child.pid, signal.SIGKILL)
        except OSError:  # the group is gone: the child and its processes have ended
            pass
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()
    if answer[0] == "ok":
        return answer[1]
    raise answer[1] from answer[2]


class _Stages(list):
    """The child's ``where`` of :func:`_fit_predict`: each stage set is also sent to the parent."""

    def __init__(self, send: Any) -> None:
        super().__init__([""])
        self.send = send

    def __setitem__(self, i: Any, value: Any) -> None:
        super().__setitem__(i, value)
        self.send.send(("stage", value))


def _child(run: Callable[[Any], dict[str, Any]], send: Any) -> None:
    """The child's part of :func:`_in_child_process`: stages, then ``("ok", result)`` or ``("error", exception)``."""
    import pickle
    import sys
    import traceback

    try:  # a process group of its own, which the parent kills at the end (:func:`_in_child_process`)
        os.setpgid(0, 0)
    except OSError:
        pass
    if sys.platform.startswith("linux"):  # killed with its parent (a job stopped by SIGTERM or SIGKILL), not orphaned
        import ctypes
        import signal

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    try:
        answer: tuple = ("ok", run(_Stages(send)))
    except BaseException as exc:  # noqa: BLE001 - every failure goes back to the parent, which reports it
        inner = exc.__cause__ or exc.__context__  # pickling drops it: sent beside the exception
        answer = ("error", exc, inner)
        try:
            pickle.loads(pickle.dumps(answer))
        except Exception:  # an exception that cannot cross processes: its type, message and traceback as text
            answer = ("error", RuntimeError(f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"), None)
    send.send(answer)
    send.close()


def _recorded(value: Any) -> Any:
    """A search's parameter value as a fold record keeps it (JSON): a number as float, a bool or text as it is,
    ``None`` as null, anything else (an estimator in a grid) as its repr."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float, np.integer, np.floating)):
        return float(value)
    return repr(value)


def skip_reason(ds: CleanDataset, spec: dict[str, Any]) -> str | None:
    """Why learner ``spec`` is not cross-validated on ``ds``, or None (it is).

    A learner with ``binary_only: true`` (config ``learners.<name>.binary_only``; the SVM as Huang
    & Ling 2005, §IV-C ran it, on the binary data sets only) is skipped on a data set of more than
    two classes. Decided from the clean data (its classes present), so a recipe that merges
    classes (``class_map``, ``one_vs_rest``) makes a data set binary for it.
    """
    if spec.get("binary_only") and len(ds.classes) > 2:
        return (f"binary-only learner (learners.<name>.binary_only) on a data set of {len(ds.classes)} classes "
                f"({', '.join(map(str, ds.classes))})")
    return None


def excluded_scores(ds: CleanDataset) -> pd.DataFrame:
    """The scores frame of a skipped learner (:func:`skip_reason`): zero rows, the columns of
    :func:`cross_validate`'s (``row, fold, y_true, y_pred, p:<class>``), so every reader of the format reads it."""
    frame = pd.DataFrame({"row": np.array([], dtype=int), "fold": np.array([], dtype=int),
                          "y_true": np.array([], dtype=object), "y_pred": np.array([], dtype=object)})
    for c in ds.classes:
        frame[f"p:{c}"] = np.array([], dtype=float)
    return frame


#: What a learner's failure inside cross-validation does (config key ``on_learner_error``): ``stop`` the run (the
#: default), or ``exclude`` the (data set, learner) with the error as its reason (:func:`failure_exclusion`).
ON_LEARNER_ERROR = ("stop", "exclude")


def failure_exclusion(exc: LearnerFitError, policy: str) -> tuple[str, dict[str, Any]] | None:
    """The exclusion that records ``exc`` under config key ``on_learner_error`` = ``policy``, or None: raise it.

    Parameters
    ----------
    exc : the error :func:`cross_validate` raised for a learner's ``fit``, ``predict_proba`` or ``predict``
        (its first failing fold: the folds run in order, so the same fold whatever runs the jobs).
    policy : one of :data:`ON_LEARNER_ERROR`.

    Returns
    -------
    None under ``stop``, and for a :class:`MemoryError` or a :class:`TimeoutError` (``learners.<name>.timeout``)
    under either policy (each depends on the machine, not on the learner and the data, so it stops the run rather
    than record an exclusion another machine would not make).
    Otherwise ``(reason, error)``: the reason for the study's ``exclusions`` table, ``"learner failed in fold <k>
    (<stage>): <type>: <message>"`` on one line, and the record's ``error`` field ``{"type", "message", "fold",
    "stage"}`` (:func:`aucacc.scores.write_exclusion_record`).

    Raises
    ------
    ValueError
        ``policy`` is not one of :data:`ON_LEARNER_ERROR`.
    """
    if policy not in ON_LEARNER_ERROR:
        raise ValueError(f"on_learner_error must be one of {ON_LEARNER_ERROR}, got {policy!r}")
    cause = exc.__cause__ if exc.__cause__ is not None else exc
    if policy == "stop" or isinstance(cause, (MemoryError, TimeoutError)):
        return None
    message = " ".join(str(cause).split())  # one line
    error = {"type": type(cause).__name__, "message": message, "fold": exc.fold, "stage": exc.stage}
    return f"{FAILURE_REASON} {exc.fold} ({exc.stage}): {error['type']}: {message}", error


def first_failed_fold(records: Sequence[Any]) -> dict[str, Any] | None:
    """The failure record of the lowest failing fold among per-fold jobs' records, or None (every fold ran).

    ``records``: what each ``cv_fold`` job wrote (:func:`aucacc.scores.read_fold_records`), in fold order: a list
    of fold records, or, for a fold whose learner failed under ``on_learner_error: exclude``, the mapping
    ``{"skipped": reason, "error": {...}}`` (:func:`failure_exclusion`). The lowest fold is the one a single
    ``cross_validate`` job would have stopped at, so the exclusion is the same either way.
    """
    failed = [r for r in records if isinstance(r, dict) and r.get("skipped")]
    return min(failed, key=lambda r: r["error"]["fold"]) if failed else None


def _fit_error(exc: Exception, learner: str, est: Any, dataset: str, fold: int, stage: str,
               timeout: float | None = None) -> LearnerFitError:
    """The error for a learner that raised, or gave output the checks refuse, inside cross-validation: key, data set,
    fold, stage, cause, and the fix (``exc.fix`` when the check that raised it gives one)."""
    key = f"learners.{learner}.params" if learner else "learners.<name>.params"
    name = learner or "<name>"
    if est is None:  # building it failed
        who = f"learner {learner!r}" if learner else "the learner"
    else:
        who = f"learner {learner!r} ({type(est).__name__})" if learner else f"learner {type(est).__name__}"
    if isinstance(exc, TimeoutError) and timeout is not None:
        hint = (f"Raise config key 'learners.{name}.timeout' (now {timeout:g} s per fold; the log's per-fold lines "
                f"give each fold's time), make the learner faster under '{key}', or leave it out of the study. A time "
                f"limit stops the run under either on_learner_error, since whether it fires depends on the machine")
    elif isinstance(exc, AttributeError) and "predict_proba" in str(exc):
        hint = (f"Its predict_proba exists only under some parameters (SGDClassifier's loss: log_loss or "
                f"modified_huber, SVC's probability: true): set them under '{key}', or wrap the learner in "
                f"sklearn.calibration.CalibratedClassifierCV (params: {{estimator: <its spec>, ensemble: false}})")
    elif stage == "building the estimator":
        hint = (f"Check config key 'learners.{name}': the estimator cannot be built from it (a constructor argument "
                f"missing or refused; aucacc.config.check_learner checks a config's learners at start-up)")
    elif getattr(exc, "fix", None):
        hint = exc.fix[0].upper() + exc.fix[1:].format(learner=name)
    elif isinstance(exc, ValueError) and "contains NaN" in str(exc):  # scikit-learn: "Input X contains NaN."
        hint = (f"The data set has missing values and this learner does not take them: make learners.{name} a "
                f"pipeline that imputes first (steps [[impute, {{estimator: sklearn.impute.SimpleImputer}}], "
                f"[model, <its spec>]]; docs/learners.md, 'Composed learners'), use an estimator that takes missing "
                f"values (e.g. sklearn.ensemble.HistGradientBoostingClassifier), or set the data set's "
                f"recipe.missing: drop_rows (rows with a missing value removed, and recorded)")
    elif "nominal attributes only" in str(exc):  # naive Bayes handed numeric attributes (a study's protocol none)
        hint = (f"Under a study's protocol none (the data as it is, a study's default) give it a discretizer of its "
                f"own: make learners.{name} the pipeline [aucacc.discretize.MDLDiscretizer, "
                f"aucacc.learners.naive_bayes.NaiveBayes] (docs/learners.md, 'Composed learners'), or set the "
                f"study's discretization: per_fold")
    else:
        hint = (f"Check config key '{key}': scikit-learn checks some values only when it fits or predicts (e.g. "
                f"n_neighbors larger than a fold's training instances)")
    # the learner's own exception may name only a symptom, its chained cause the reason (SGDClassifier's
    # "has no attribute 'predict_proba'", caused by "probability estimates are not available for loss='hinge'")
    inner = exc.__cause__ or exc.__context__
    because = f" (caused by {type(inner).__name__}: {inner})" if inner is not None and str(inner) not in str(exc) else ""
    return LearnerFitError(f"data set {dataset!r}, fold {fold}: {who} failed in {stage}: {type(exc).__name__}: "
                           f"{exc}{because}. {hint}", dataset=dataset, learner=learner or None, fold=fold, stage=stage)


def gather_folds(parts: Sequence[tuple[pd.DataFrame, list[dict[str, Any]]]]
                 ) -> tuple[pd.DataFrame, list[dict[str, Any]]]:
    """Join per-fold results of :func:`cross_validate` (``only_folds``) into one.

    Parameters
    ----------
    parts : sequence of (scores, fold_info) — each from ``cross_validate(..., only_folds=...)``
        (or read back from its stored files), together covering every row exactly once.

    Returns
    -------
    scores, fold_info : as :func:`cross_validate` over every fold returns them: rows in
        ``row`` order, records in fold order.

    Raises
    ------
    ValueError
        No parts, parts whose columns differ, or rows that are missing or repeated.
    """
    if not parts:
        raise ValueError("gather_folds needs at least one part")
    cols = list(parts[0][0].columns)
    for s, _ in parts:
        if list(s.columns) != cols:
            raise ValueError(f"fold parts have different columns: {cols} vs {list(s.columns)}")
    scores = pd.concat([s for s, _ in parts], ignore_index=True)
    scores = scores.sort_values("row", kind="stable").reset_index(drop=True)
    if not np.array_equal(scores["row"].to_numpy(), np.arange(len(scores))):
        raise ValueError("fold parts do not cover every row exactly once")
    info = sorted((r for _, i in parts for r in i), key=lambda r: r["fold"])
    return scores, info


def align_proba(p: np.ndarray, est_classes, classes: list, y_train: pd.Series, dataset: str = "",
                fold: int = -1) -> tuple[np.ndarray, str]:
    """A fitted learner's ``predict_proba`` columns in the data's class order, and a note.

    Rule for a training part that lacks a class (a class of one instance, in the fold that
    tests it): aucacc's learners know every declared class (Laplace-corrected counts give it
    a small probability); a learner that only knows the classes it was trained on (every
    scikit-learn estimator) gives the absent class probability 0. Either way the note names
    the fold and the class, and the per-fold record keeps it.

    Parameters
    ----------
    p : array, shape (n_test, len(est_classes)) — the learner's class probabilities.
    est_classes : the learner's ``classes_``.
    classes : the data's classes, declared order.
    y_train : the training part's class labels.

    Returns
    -------
    proba : array, shape (n_test, len(classes)); note : ``""`` when the training part has every class.

    Raises
    ------
    ValueError
        The learner's classes are not the data's classes (or those of its training part); the
        message names the data set, the fold and the classes.
    """
    est_classes = [str(c) for c in est_classes]
    names = [str(c) for c in classes]
    trained = set(map(str, pd.Series(y_train).dropna().unique()))  # the distinct labels, not every row's
    absent = [c for c in names if c not in trained]
    if set(est_classes) - set(names) or (set(names) - set(est_classes)) - set(absent):
        raise ValueError(f"data set {dataset!r}, fold {fold}: learner classes {est_classes} differ from the data's "
                         f"{names}")
    note = ""
    if absent:
        how = ("the learner gives it probability 0 (it only knows the classes it was trained on)"
               if set(absent) - set(est_classes) else "the learner keeps it (declared classes)")
        note = f"class{'es' if len(absent) > 1 else ''} {absent} absent from the training part of fold {fold}: {how}"
    out = np.zeros((p.shape[0], len(names)))
    for j, c in enumerate(names):
        if c in est_classes:
            # Learners may order classes differently (e.g. sorted); store columns in the data's order.
            out[:, j] = p[:, est_classes.index(c)]
    return out, note


