"""Random data sets through the workflow's own clean → folds → cross-validation path, against Weka 3.9.

A seeded generator (:func:`make_dataset`) writes small ARFF files with what real data sets have and
hand-picked cases may miss: numeric attributes with many ties and missing values, nominal
attributes with declared-but-unused and missing values, 2–4 classes, tiny and imbalanced classes
(binary data whose minority class is smaller than the number of folds, so some test folds hold one
class; a class of one instance, absent from the training part that tests it).

Each file goes through what the workflow's rules call: :func:`aucacc.datasets.read_raw` and
:func:`aucacc.datasets.apply_recipe` (rule ``clean``), :func:`aucacc.evaluation.folds.stratified_folds`
with the derived seed (rule ``folds``), :func:`aucacc.evaluation.cross_validate.cross_validate` and
:func:`~aucacc.evaluation.cross_validate.fold_metrics` (rule ``cross_validate``), under both
discretization protocols and without discretization (the trees' numeric splits). Weka reads the
same file (its ``ArffLoader``), applies its supervised ``Discretize`` (the whole data set, or each
training part with its cuts applied to the test part, or none) and builds ``NaiveBayes``, ``J48`` and ``J48 -U -O -A`` (C4.4) on the same training parts. Every test
instance's class-probability vector must equal Weka's to 1e-12 (absolute), and every data set must be
scored (fold metrics without error; the folds with one class have accuracy and an undefined AUC).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

N_DATASETS = 24
N_FOLDS = 5
MASTER_SEED = 20050301
TOL = 1e-12
LEARNERS = {  # ours (config estimator) → Weka classifier and options
    "NB": ("aucacc.learners.naive_bayes.NaiveBayes", "weka.classifiers.bayes.NaiveBayes", []),
    "C4.5": ("aucacc.learners.c45.C45", "weka.classifiers.trees.J48", []),
    "C4.4": ("aucacc.learners.c45.C44", "weka.classifiers.trees.J48", ["-U", "-O", "-A"]),
}
# Discretization protocols of cross_validate → the learners run under it. Without discretization
# ("none") the numeric attributes reach the trees as they are (J48's binary numeric splits, ties and
# missing values included); NB takes nominal attributes only.
PROTOCOLS = {"whole_data": ("NB", "C4.5", "C4.4"), "per_fold": ("NB", "C4.5", "C4.4"), "none": ("C4.5", "C4.4")}


def class_sizes(rng: np.random.Generator, index: int) -> list[int]:
    """Class sizes: every fourth data set binary with a minority smaller than the folds (1 to 4
    instances), every sixth with a class of one instance; the rest 2–4 classes of 1–25 instances.
    The largest class always has at least ``N_FOLDS`` instances (stratified folds need one)."""
    if index % 4 == 0:
        return [int(rng.integers(N_FOLDS + 3, 40)), int(rng.integers(1, N_FOLDS))]
    k = int(rng.integers(2, 5))
    sizes = [int(rng.integers(1, 26)) for _ in range(k)]
    if index % 6 == 1:
        sizes[-1] = 1
    sizes[0] = max(sizes[0], int(rng.integers(N_FOLDS, 30)))
    return sizes


def make_dataset(index: int, path) -> dict:
    """Write random data set ``index`` (seeded by it) as ARFF to ``path``; return what it holds."""
    rng = np.random.default_rng([MASTER_SEED, index])
    sizes = class_sizes(rng, index)
    classes = [f"c{j}" for j in range(len(sizes))]
    y = np.repeat(np.arange(len(sizes)), sizes)
    rng.shuffle(y)
    n = y.size
    cols: dict[str, pd.Series] = {}
    for a in range(int(rng.integers(1, 4))):
        # Few distinct values (a grid of 4–12 steps): many ties; a class-dependent shift: cuts worth making.
        grid = int(rng.integers(4, 13))
        v = np.clip(np.round(rng.normal(y * rng.uniform(0.5, 3.0), 1.0)), -2, grid - 2) * rng.choice([0.5, 1, 2.5])
        v[rng.random(n) < rng.uniform(0, 0.2)] = np.nan
        cols[f"num{a}"] = pd.Series(v)
    for a in range(int(rng.integers(1, 4))):
        used = int(rng.integers(2, 5))
        domain = [f"v{j}" for j in range(used + int(rng.integers(1, 3)))]  # the last ones never occur
        codes = (y + rng.integers(0, used, n) * (rng.random(n) < 0.6)) % used
        codes[rng.random(n) < rng.uniform(0, 0.2)] = -1
        cols[f"nom{a}"] = pd.Series(pd.Categorical.from_codes(codes, categories=domain))
    cols["class"] = pd.Series(pd.Categorical.from_codes(y, categories=classes))
    from weka_util import frame_to_arff

    frame_to_arff(pd.DataFrame(cols), None, path, relation=f"random{index}")
    return {"sizes": sizes, "n": n}


def clean(path, name: str):
    """The ``clean`` rule: read the raw file and apply the recipe (missing values kept, as Weka keeps them)."""
    from aucacc.datasets import apply_recipe, read_raw

    raw = read_raw(path, {"file": path.name})
    return apply_recipe(raw, {"target": "class", "missing": "keep"}, name, seed=MASTER_SEED)


def _subset(data, rows):
    from weka.core.dataset import Instances

    out = Instances.template_instances(data, len(rows))
    for i in rows:
        out.add_instance(data.get_instance(int(i)))
    return out


def _discretize(train, test):
    """Weka's supervised Discretize (Fayyad–Irani MDL, its defaults): cuts from ``train``, applied to both."""
    from weka.filters import Filter

    f = Filter(classname="weka.filters.supervised.attribute.Discretize")
    f.inputformat(train)
    return f.filter(train), f.filter(test)


def weka_cv(path, folds: np.ndarray, protocol: str) -> dict[str, np.ndarray]:
    """Weka's class probabilities of every instance, per learner, over ``folds`` (row order of the file)."""
    from weka.classifiers import Classifier
    from weka.core.converters import Loader

    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(path))
    data.class_is_last()
    if protocol == "whole_data":
        data, _ = _discretize(data, data)
    out = {lrn: np.full((data.num_instances, data.class_attribute.num_values), np.nan) for lrn in PROTOCOLS[protocol]}
    for k in np.unique(folds):
        tr, te = np.flatnonzero(folds != k), np.flatnonzero(folds == k)
        train, test = _subset(data, tr), _subset(data, te)
        if protocol == "per_fold":
            train, test = _discretize(train, test)
        for lrn in PROTOCOLS[protocol]:
            _, classname, options = LEARNERS[lrn]
            c = Classifier(classname=classname, options=list(options))
            c.build_classifier(train)
            out[lrn][te] = np.array([c.distribution_for_instance(inst) for inst in test])
    return out


@pytest.fixture(scope="module")
def random_sets(tmp_path_factory):
    """The data sets: ``(path, dataset, folds)`` each, written and run through clean and folds once."""
    from aucacc.evaluation.folds import derive_seed, stratified_folds

    base = tmp_path_factory.mktemp("random_arff")
    sets = []
    for i in range(N_DATASETS):
        name = f"random{i}"
        path = base / f"{name}.arff"
        info = make_dataset(i, path)
        ds = clean(path, name)
        assert len(ds.y) == info["n"]  # nothing dropped: missing values kept, every class present
        folds = stratified_folds(ds.y, N_FOLDS, derive_seed(MASTER_SEED, "folds", name), dataset=name)
        sets.append((path, ds, folds, info))
    return sets


def test_generator_covers_the_hard_cases(random_sets):
    """The generated data sets hold every case the comparison is for."""
    binary_small = [d for _, d, _, info in random_sets if len(info["sizes"]) == 2 and min(info["sizes"]) < N_FOLDS]
    assert len(binary_small) >= 5
    assert any(min(info["sizes"]) == 1 for *_, info in random_sets)
    assert {len(info["sizes"]) for *_, info in random_sets} == {2, 3, 4}
    for _, ds, _, _ in random_sets:
        num = [c for c, k in ds.kinds.items() if k == "numeric"]
        nom = [c for c, k in ds.kinds.items() if k == "nominal"]
        assert num and nom
        assert all(ds.X[c].duplicated().any() for c in num)  # ties
        # declared values never used: kept in the clean data's domain
        assert all(len(ds.X[c].cat.categories) > ds.X[c].nunique() for c in nom)
    assert sum(ds.X.isna().any().any() for _, ds, _, _ in random_sets) >= N_DATASETS // 2
    # MDL finds cuts on many of them (else the discretized learners would see only single intervals)
    from aucacc.evaluation.cross_validate import discretize_whole

    assert sum(any(discretize_whole(ds)[1]["cut_points"].values()) for _, ds, _, _ in random_sets) >= N_DATASETS // 3


@pytest.mark.weka
@pytest.mark.parametrize("protocol", list(PROTOCOLS))
def test_cross_validation_equals_weka(weka, random_sets, protocol):
    """Every probability of NB, C4.5 and C4.4 (under ``protocol``) equals Weka's to 1e-12, every predicted
    class is Weka's, and every data set is scored."""
    from aucacc.evaluation.cross_validate import cross_validate, fold_metrics
    from aucacc.learners.factory import make_learner

    worst, n_prob, n_undefined = 0.0, 0, 0
    failures = []
    for path, ds, folds, info in random_sets:
        theirs = weka_cv(path, folds, protocol)
        classes = list(ds.y.cat.categories)
        for lrn in PROTOCOLS[protocol]:
            estimator = LEARNERS[lrn][0]
            scores, _ = cross_validate(ds, folds, lambda: make_learner({"estimator": estimator}),
                                       discretization=protocol)
            ours = scores[[f"p:{c}" for c in classes]].to_numpy()
            diff = np.abs(ours - theirs[lrn])
            worst = max(worst, float(diff.max()))
            n_prob += diff.size
            if not diff.max() <= TOL:
                r, j = np.unravel_index(np.argmax(diff), diff.shape)
                failures.append(f"{ds.name} {lrn} {protocol}: row {r} (fold {folds[r]}) class {classes[j]}: ours "
                                f"{ours[r, j]!r}, Weka {theirs[lrn][r, j]!r}")
            # the predicted class is Weka's too (its classifyInstance: the first most probable class)
            weka_pred = np.asarray(classes, dtype=object)[theirs[lrn].argmax(axis=1)]
            bad = np.flatnonzero(scores["y_pred"].to_numpy() != weka_pred)
            if bad.size:
                failures.append(f"{ds.name} {lrn} {protocol}: predicted class differs from Weka's in rows "
                                f"{bad.tolist()}")
            m = fold_metrics(scores)
            assert m.loc[m["metric"] == "accuracy", "value"].notna().all()
            undefined = m[(m["metric"] == "auc") & m["value"].isna()]
            one_class = [k for k in range(N_FOLDS) if ds.y[folds == k].nunique() == 1]
            assert sorted(undefined["fold"]) == (one_class if len(classes) == 2 else [])
            n_undefined += len(undefined)
    assert not failures, "\n".join(failures)
    assert worst <= TOL and n_prob > 0
    assert n_undefined > 0  # binary folds with one class were scored (accuracy kept, AUC undefined)
