"""The uci36 study's data sets (config/uci36.yaml): Weka's 36-set UCI collection, cleaned by the recipes
read from each file's header, against Weka 3.9's own reading of each file (python-weka-wrapper3).

The config is the one ``snakemake --configfile config/uci36.yaml`` runs: config/config.yaml with
config/uci36.yaml merged over it as Snakemake merges config files (``snakemake.utils.update_config``).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from snakemake.utils import update_config

from aucacc.config import read_config_file, validate_config
from aucacc.datasets import load_dataset
from aucacc.provenance import sha256_file

REPO_ROOT = Path(__file__).resolve().parents[2]
RAW_DATA = REPO_ROOT / "data" / "raw"
BASE = REPO_ROOT / "config" / "config.yaml"
UCI36 = REPO_ROOT / "config" / "uci36.yaml"

# The 36 files of Weka's UCI collection (data/raw/SOURCES.md, "Weka's UCI collection").
FILES = ["anneal.arff", "anneal.orig.arff", "audiology.arff", "autos.arff", "balance.scale.arff", "breast.cancer.arff",
         "breast.w.arff", "colic.arff", "colic.orig.arff", "credit.a.arff", "credit.g.arff", "diabetes.arff",
         "glass.arff", "heart.c.arff", "heart.h.arff", "heart.statlog.arff", "hepatitis.arff", "hypothyroid.arff",
         "ionosphere.arff", "iris.arff", "kr.vs.kp.arff", "labor.arff", "letter.arff", "lymph.arff", "mushroom.arff",
         "primary.tumor.arff", "segment.arff", "sick.arff", "sonar.arff", "soybean.arff", "splice.arff",
         "vehicle.arff", "vote.arff", "vowel.arff", "waveform5000.arff", "zoo.arff"]

# The recipes' decisions that depart from "class = last attribute, keep every attribute" (docs/uci36.md,
# "The uci36 study"): the class the header documents, and identifiers / bookkeeping attributes.
NOT_LAST_CLASS = {"colic-orig": "surgical lesion"}
DROPPED = {"colic-orig": {"Hospital Number", "pathology_cp_data"}, "splice": {"Instance_name"},
           "vowel": {"Train or Test"}, "zoo": {"animal"}}


def _uci36_names() -> list[str]:
    return list(read_config_file(UCI36)["datasets"])


@pytest.fixture(scope="module")
def merged(tmp_path_factory):
    """config/config.yaml with config/uci36.yaml merged over it (as Snakemake does), validated; raw files
    from data/raw, cached in a temporary folder, nothing downloaded."""
    config = read_config_file(BASE)
    update_config(config, read_config_file(UCI36))
    config = validate_config(config)
    config.update(mirror=None, raw_data=str(RAW_DATA), openml=False, cache=str(tmp_path_factory.mktemp("cache")))
    return config


@pytest.fixture(scope="module")
def cleaned(merged, monkeypatch_module):
    return {name: load_dataset(name, merged) for name in _uci36_names()}


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    mp.delenv("AUCACC_MIRROR", raising=False)
    yield mp
    mp.undo()


def test_merge_keeps_the_paper_config():
    """Merged over config.yaml, uci36.yaml adds data sets and learners and changes none of the paper's:
    a name it shares with config.yaml has the identical entry; the SVM's fold_jobs list only grows."""
    base, extra = read_config_file(BASE), read_config_file(UCI36)
    merged = copy.deepcopy(base)
    update_config(merged, extra)
    for name, entry in base["datasets"].items():
        assert merged["datasets"][name] == entry, name
    shared = set(extra["datasets"]) & set(base["datasets"])
    assert shared == {"glass", "iris"}  # the paper's entries, repeated unchanged
    for name, spec in base["learners"].items():
        assert merged["learners"][name] == spec, name
    assert {"LR", "RF", "HGB", "NB-FI", "SVM-raw", "LR-raw"} <= set(merged["learners"])
    assert set(extra) == {"fold_jobs", "datasets", "learners", "studies"}  # no `overrides`: it changes no entry
    for name, where in base["fold_jobs"].items():
        assert set(where) <= set(merged["fold_jobs"][name]), name
    for name, study in base["studies"].items():
        assert merged["studies"][name] == study, name
    for key in set(base) - {"datasets", "learners", "studies", "fold_jobs"}:
        assert merged[key] == base[key], key


def test_the_study(merged):
    """The study names the 36 data sets and the seven learners, and re-tests the paper's claims."""
    study = merged["studies"]["uci36"]
    assert sorted(merged["datasets"][n]["source"]["file"] for n in study["datasets"]) == FILES
    assert study["datasets"] == _uci36_names()
    assert study["learners"] == ["NB", "C4.4", "C4.5", "SVM", "LR", "RF", "HGB"]
    assert study["retest"] == "config/published/significance.csv" and study["published"] is None
    assert merged["learners"]["SVM"]["binary_only"] is True


def test_the_36_files_with_their_checksums():
    """One entry per file of the collection, each naming its committed file with that file's SHA-256."""
    entries = read_config_file(UCI36)["datasets"]
    assert sorted(e["source"]["file"] for e in entries.values()) == FILES
    for name, entry in entries.items():
        assert sha256_file(RAW_DATA / entry["source"]["file"]) == entry["source"]["sha256"], name


def test_recipe_decisions(merged):
    """Weka's conventions: the class is the last attribute (except where the header documents another),
    missing values are kept, and only the identifiers and bookkeeping attributes named above are dropped,
    each with a reason."""
    from aucacc.datasets import read_raw

    for name in _uci36_names():
        entry = merged["datasets"][name]
        recipe = entry["recipe"]
        raw = read_raw(RAW_DATA / entry["source"]["file"], entry["source"])
        assert recipe["target"] == NOT_LAST_CLASS.get(name, raw.frame.columns[-1]), name
        if name not in ("glass", "iris"):  # the paper's entries: drop_rows, and nothing is missing
            assert recipe["missing"] == "keep", name
        else:
            assert not raw.frame.isna().any().any()
        drops = recipe.get("drop_columns") or {}
        assert set(drops) == DROPPED.get(name, set()), name
        assert all(len(why) > 20 for why in drops.values()), name
        for key in ("class_map", "one_vs_rest", "drop_classes", "subsample", "zero_as_missing"):
            assert key not in recipe, (name, key)


@pytest.mark.weka
@pytest.mark.parametrize("name", _uci36_names())
def test_cleaned_counts_equal_weka(weka, cleaned, merged, name):
    """Instances, attributes (names, nominal/numeric, missing values per attribute) and classes (with
    their counts) of each cleaned data set equal Weka's own reading of the file, with the class set as the
    recipe says and the dropped attributes removed by Weka's Remove filter. A declared class value that
    never occurs is in Weka's header but not in our classes; the recipe records it."""
    entry = merged["datasets"][name]
    recipe = entry["recipe"]
    theirs = weka.weka_dataset_counts(RAW_DATA / entry["source"]["file"], recipe["target"],
                                      drop=list(recipe.get("drop_columns") or {}))
    ds = cleaned[name]
    assert theirs["class_missing"] == 0
    assert len(ds.y) == theirs["n_instances"]
    assert ds.kinds == theirs["attributes"]  # same names, same order, same kinds
    assert list(ds.X.columns) == list(theirs["attributes"])
    assert {c: int(n) for c, n in ds.X.isna().sum().items()} == theirs["missing"]
    present = {v: n for v, n in theirs["class_counts"].items() if n}
    assert ds.classes == list(present)
    assert ds.class_distribution() == present
    never = [v for v, n in theirs["class_counts"].items() if not n]
    unused = [x for x in ds.exclusions if x["step"] == "unused_classes"]
    if never:
        assert len(unused) == 1 and unused[0]["detail"].endswith(str(never))
    else:
        assert not unused
