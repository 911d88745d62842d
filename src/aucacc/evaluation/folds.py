"""Seeded stratified k-fold assignment, identical for every learner."""

from __future__ import annotations

import warnings
import zlib

import numpy as np
import pandas as pd


def derive_seed(master: int, *labels: str) -> int:
    """A per-task seed from the master seed and labels (e.g. a data set name), stable across runs.

    CRC-32 of the labels keeps the seed independent of Python's hash randomisation and of
    the order in which tasks run, so any ``--cores`` gives the same result.
    """
    return (int(master) + zlib.crc32("/".join(labels).encode())) % (2**32)


def stratified_folds(y, n_folds: int, seed: int, dataset: str = "") -> np.ndarray:
    """Fold id (0 … n_folds−1) of each instance under seeded stratified k-fold CV.

    Parameters
    ----------
    y : array-like, shape (n_instances,) — class labels.
    n_folds : number of folds (config ``protocol.n_folds``; the paper: 10).
    seed : random state of the shuffle (scikit-learn ``StratifiedKFold(shuffle=True)``).
    dataset : data set name, for the error message.

    Returns
    -------
    ndarray of int, shape (n_instances,).

    Raises
    ------
    ValueError
        If ``n_folds`` exceeds the number of instances, or every class (scikit-learn's
        condition) has fewer instances than ``n_folds``; the message names the data set, each
        class and its count, and the config key ``protocol.n_folds``. A class smaller than
        ``n_folds`` while another is not is allowed: some test folds lack it
        (:func:`small_classes`), and a class of one instance is absent from one training part
        (:func:`aucacc.evaluation.cross_validate.cross_validate` documents the rule).
    """
    y = np.asarray(pd.Series(y).astype(str))
    where = f"data set {dataset!r}: " if dataset else ""
    if n_folds < 2 or n_folds > len(y):
        raise ValueError(f"{where}config key 'protocol.n_folds' = {n_folds} must be between 2 and the number of "
                         f"instances ({len(y)})")
    counts = pd.Series(y).value_counts()
    if counts.max() < n_folds:
        sizes = ", ".join(f"class {c!r} has {int(n)}" for c, n in counts.items())
        raise ValueError(f"{where}config key 'protocol.n_folds' = {n_folds} is larger than every class ({sizes} "
                         f"instances): stratified {n_folds}-fold cross-validation needs at least one class of "
                         f"{n_folds} instances. Lower protocol.n_folds to at most {int(counts.max())}, or merge or "
                         f"drop small classes in the recipe (class_map, drop_classes)")
    from sklearn.model_selection import StratifiedKFold  # here: importing it costs a job ~0.5 s

    skf = StratifiedKFold(n_splits=n_folds, shuffle=True, random_state=seed)
    fold = np.empty(len(y), dtype=int)
    with warnings.catch_warnings():
        # Classes smaller than n_folds are reported by `small_classes` (and logged by the workflow).
        warnings.filterwarnings("ignore", message="The least populated class", category=UserWarning)
        for k, (_, test) in enumerate(skf.split(np.zeros(len(y)), y)):
            fold[test] = k
    return fold


def small_classes(y, n_folds: int) -> dict[str, int]:
    """Classes with fewer instances than folds, ``{class: count}``: some test folds lack them.

    Such a fold still has an accuracy; its Hand–Till M averages over the class pairs present
    (:func:`aucacc.evaluation.metrics.hand_till_m` records how many).
    """
    counts = pd.Series(np.asarray(pd.Series(y).astype(str))).value_counts()
    return {str(c): int(n) for c, n in counts.items() if n < n_folds}


def repetition_seed(master: int, dataset: str, repetition: int) -> int:
    """Seed of repetition ``repetition`` (0-based) of the k-fold protocol on ``dataset``.

    Repetition 0 is the paper's single run: ``derive_seed(master, "folds", dataset)``, the seed
    of the default fold file, so its folds are the default ones. Repetition r ≥ 1 adds the
    label ``repetition<r>``.
    """
    if repetition < 0:
        raise ValueError(f"repetition must be ≥ 0, got {repetition}")
    if repetition == 0:
        return derive_seed(master, "folds", dataset)
    return derive_seed(master, "folds", dataset, f"repetition{repetition}")


def repeated_folds(y, n_folds: int, master: int, dataset: str, repetitions: int) -> pd.DataFrame:
    """Fold ids of ``repetitions`` × k-fold CV (Aggarwal 2015, §10.9: b rounds of m-way partitions).

    Returns a frame ``row, repetition, fold`` (repetition-major), each repetition from
    :func:`stratified_folds` with :func:`repetition_seed`; repetition 0 equals the default folds.
    """
    if repetitions < 1:
        raise ValueError(f"config key 'protocol.repetitions' must be ≥ 1, got {repetitions}")
    n = len(np.asarray(y))
    parts = [pd.DataFrame({"row": np.arange(n), "repetition": r,
                           "fold": stratified_folds(y, n_folds, repetition_seed(master, dataset, r))})
             for r in range(repetitions)]
    return pd.concat(parts, ignore_index=True)
