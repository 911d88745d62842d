"""The 18 configured data sets cleaned by their recipes (aucacc.datasets.load_dataset), against
the paper's Table 3 (config/published/datasets.csv), the paper's data-set description (§IV-B) and hand counts; recipe errors.

The configuration is the repository's own (config/config.yaml), with the cache pointed at a
temporary folder and the mirror taken from the ``mirror`` fixture, so resources/ is not touched
and nothing is downloaded.
"""

from __future__ import annotations

import copy
import csv
from pathlib import Path

import pandas as pd
import pytest

from aucacc.config import load_config
from aucacc.datasets import RecipeError, load_dataset
from aucacc.datasets import apply_recipe, read_uci_data

REPO_ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = pd.read_csv(REPO_ROOT / "config" / "published" / "datasets.csv").set_index("dataset")

# Data sets whose instance and class counts equal the paper's Table 3.
MATCHING = ["breast", "cars", "credit", "ecoli", "glass", "heart", "hepatitis", "import", "iris", "liver",
            "mushroom", "pima", "solar", "thyroid", "voting", "wine"]

# Class distributions known independently of our code: SOURCES.md (raw files with nothing removed),
# the well-known complete-case counts of breast-w, credit-a, pima and vote, and hand arithmetic
# (ecoli: 336 − 4 = 332, cp 143 vs the rest 189; cars: 700 · 1210/1728 = 490.2 → 490 unacc).
CLASS_COUNTS = {
    "breast": {"benign": 444, "malignant": 239},
    "cars": {"unacc": 490, "acc": 210},
    "credit": {"+": 296, "-": 357},
    "dermatology": {"1": 112, "2": 61, "3": 72, "4": 49, "5": 52, "6": 20},
    "ecoli": {"cp": 143, "not_cp": 189},
    "glass": {"build wind float": 70, "build wind non-float": 76, "vehic wind float": 17, "containers": 13,
              "tableware": 9, "headlamps": 29},
    "iris": {"Iris-setosa": 50, "Iris-versicolor": 50, "Iris-virginica": 50},
    "liver": {"1": 145, "2": 200},
    "mushroom": {"e": 4208, "p": 3916},
    "pima": {"tested_negative": 262, "tested_positive": 130},
    "solar": {"H": 331, "D": 239, "C": 211, "B": 147, "E": 95, "F": 43},
    "voting": {"democrat": 124, "republican": 108},
    "wine": {"1": 59, "2": 71, "3": 48},
}

# Raw attribute counts after the recipe (class excluded), before any discretization.
RAW_ATTRIBUTES = {"breast": 9, "cars": 6, "credit": 15, "dermatology": 34, "echocardio": 7, "ecoli": 7, "glass": 9,
                  "heart": 10, "hepatitis": 18, "import": 25, "iris": 4, "liver": 6, "mushroom": 21, "pima": 8,
                  "solar": 12, "thyroid": 24, "voting": 16, "wine": 13}

# Raw rows of each configured file (SOURCES.md).
RAW_ROWS = {"breast": 699, "cars": 1728, "credit": 690, "dermatology": 366, "echocardio": 132, "ecoli": 336,
            "glass": 214, "heart": 294, "hepatitis": 155, "import": 205, "iris": 150, "liver": 345, "mushroom": 8124,
            "pima": 768, "solar": 1066, "thyroid": 3163, "voting": 435, "wine": 178}


@pytest.fixture(scope="module")
def module_config(mirror, tmp_path_factory):
    """The repository config with a temporary cache, no OpenML, and AUCACC_MIRROR set to the mirror."""
    mp = pytest.MonkeyPatch()
    mp.setenv("AUCACC_MIRROR", str(mirror))
    cfg = load_config()
    cfg["cache"] = str(tmp_path_factory.mktemp("cache"))
    cfg["openml"] = False
    yield cfg
    mp.undo()


@pytest.fixture(scope="module")
def cleaned(module_config):
    return {name: load_dataset(name, module_config) for name in PUBLISHED.index}


@pytest.fixture
def config(module_config, mirror, monkeypatch):
    """A private copy of the config for tests that change it."""
    monkeypatch.setenv("AUCACC_MIRROR", str(mirror))
    return copy.deepcopy(module_config)


def test_all_18_configured(module_config):
    """The paper's 18 data sets are configured (others may be added; docs/datasets.md)."""
    assert len(PUBLISHED) == 18 and set(PUBLISHED.index) <= set(module_config["datasets"])
    assert len(MATCHING) == 16 and set(MATCHING) <= set(PUBLISHED.index)


def test_raw_files_go_to_the_temporary_cache(cleaned, module_config):
    cache = Path(module_config["cache"])
    # <cache>/<dataset>/<key>/<file>, the workflow's layout (aucacc.datasets.fetch.cache_path)
    from aucacc.datasets.fetch import cache_path

    assert {p.relative_to(cache).as_posix() for p in cache.glob("*/*/*")} == {
        cache_path(n, module_config["datasets"][n]["source"], module_config).relative_to(cache).as_posix()
        for n in cleaned}


@pytest.mark.parametrize("name", MATCHING)
def test_matches_published_counts(cleaned, name):
    ds = cleaned[name]
    assert len(ds.y) == len(ds.X) == PUBLISHED.loc[name, "instances"]
    assert len(ds.classes) == PUBLISHED.loc[name, "classes"]
    assert ds.y.isna().sum() == 0


@pytest.mark.parametrize("name", sorted(CLASS_COUNTS))
def test_class_distribution(cleaned, name):
    assert cleaned[name].class_distribution() == CLASS_COUNTS[name]


@pytest.mark.parametrize("name", sorted(RAW_ATTRIBUTES))
def test_attribute_counts(cleaned, name):
    """Ours are raw counts; the paper's count attributes left after discretization, so never more."""
    ds = cleaned[name]
    assert ds.X.shape[1] == RAW_ATTRIBUTES[name]
    assert set(ds.kinds) == set(ds.X.columns)
    assert PUBLISHED.loc[name, "attributes"] <= RAW_ATTRIBUTES[name]


def test_dermatology_deviation(cleaned):
    """The paper's table says 4 classes; every copy of the data has 6: we follow the data."""
    ds = cleaned["dermatology"]
    assert len(ds.y) == 366 == PUBLISHED.loc["dermatology", "instances"]
    assert len(ds.classes) == 6 and PUBLISHED.loc["dermatology", "classes"] == 4
    assert ds.X["Age"].isna().sum() == 8  # `missing: keep`
    assert ds.exclusions == []


def test_echocardio_deviation(cleaned, mirror):
    """62 rows (paper 61). Checked by hand on the raw file: class alive-at-1 in {0, 1} and none of
    the seven kept attributes missing."""
    ds = cleaned["echocardio"]
    assert len(ds.y) == 62 and PUBLISHED.loc["echocardio", "instances"] == 61
    assert list(ds.X.columns) == ["age-at-heart-attack", "pericardial-effusion", "fractional-shortening", "epss",
                                  "lvdd", "wall-motion-score", "wall-motion-index"]
    with open(mirror / "echocardiogram.data", newline="") as fh:
        rows = [r for r in csv.reader(fh) if r]
    keep = [r for r in rows if r[12] in ("0", "1") and "?" not in r[2:9]]
    assert len(keep) == 62
    assert ds.class_distribution() == {"0": sum(r[12] == "0" for r in keep), "1": sum(r[12] == "1" for r in keep)}
    # the malformed row 50 (`?,?,?,77,...,name,2`) has class 2 and is removed by the complete-rows rule
    assert rows[49][12] == "2" and "?" in rows[49][2:9]
    assert ds.classes == ["0", "1"]
    assert "77" not in set(ds.X["pericardial-effusion"].astype(str))


def test_thyroid_by_hand(cleaned, mirror):
    """sick-euthyroid (class last): drop TBG (column 25), then incomplete rows → exactly 2000 rows, 24 attributes."""
    with open(mirror / "sick-euthyroid.classlast.data", newline="") as fh:
        rows = [r for r in csv.reader(fh) if r]
    keep = [r for r in rows if "?" not in r[:24] + r[25:]]
    assert len(rows) == 3163 and len(keep) == 2000
    ds = cleaned["thyroid"]
    assert ds.class_distribution() == {"negative": sum(r[-1] == "negative" for r in keep),
                                       "sick-euthyroid": sum(r[-1] == "sick-euthyroid" for r in keep)}
    assert "TBG" not in ds.X.columns and "TBG_measured" in ds.X.columns and ds.X.shape[1] == 24


def test_specific_readings(cleaned):
    """Recipes (docs/paper-datasets.md): import's class is fuel-type; solar's is the Zurich class; mushroom loses stalk-root only;
    pima's zeros are missing values; heart drops slope/ca/thal; hepatitis drops PROTIME."""
    assert cleaned["import"].classes == ["diesel", "gas"] and "symboling" in cleaned["import"].X.columns
    assert cleaned["solar"].X.columns[0] == "largest_spot_size"
    assert "stalk-root" not in cleaned["mushroom"].X.columns and cleaned["mushroom"].X.isna().sum().sum() == 0
    pima = cleaned["pima"].X
    assert ((pima[["plas", "pres", "skin", "insu", "mass"]] == 0).sum().sum()) == 0
    assert not {"slope", "ca", "thal"} & set(cleaned["heart"].X.columns)
    assert "PROTIME" not in cleaned["hepatitis"].X.columns
    assert cleaned["import"].X.isna().any(axis=1).sum() == 46  # `missing: keep`


@pytest.mark.parametrize("name", sorted(RAW_ROWS))
def test_every_exclusion_recorded(cleaned, name):
    ds = cleaned[name]
    assert ds.raw_shape[0] == RAW_ROWS[name]
    assert ds.raw_shape[0] - len(ds.y) == sum(e["rows_removed"] for e in ds.exclusions)
    dropped = [c for e in ds.exclusions for c in e["columns_removed"]]
    assert ds.raw_shape[1] - 1 - ds.X.shape[1] == len(dropped)
    for e in ds.exclusions:
        assert set(e) == {"step", "rows_removed", "columns_removed", "detail"} and e["detail"]


def test_exclusion_details(cleaned):
    steps = lambda n: [(e["step"], e["rows_removed"]) for e in cleaned[n].exclusions]  # noqa: E731
    assert steps("breast") == [("missing_values", 16)]
    assert steps("voting") == [("missing_values", 203)]
    assert ("drop_classes", 2) in steps("ecoli") and steps("ecoli").count(("drop_classes", 2)) == 2
    assert steps("cars")[-1] == ("subsample", 1028)
    assert steps("echocardio").count(("missing_class", 57)) == 1
    assert ("missing_values", 376) in steps("pima")
    zeros = [e["detail"] for e in cleaned["pima"].exclusions if e["step"] == "zero_as_missing"]
    assert zeros == ["plas: 5 zeros marked missing", "pres: 35 zeros marked missing", "skin: 227 zeros marked missing",
                     "insu: 374 zeros marked missing", "mass: 11 zeros marked missing"]


# --- recipe errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name, change, key", [
    ("iris", {"target": "species"}, "target"),
    ("iris", {"target": "sepallength"}, "target"),  # numeric column as class
    ("iris", {"drop_columns": {"petal": "no such column"}}, "drop_columns"),
    ("iris", {"drop_columns": {"class": "the target"}}, "drop_columns"),
    ("iris", {"zero_as_missing": ["nope"]}, "zero_as_missing"),
    ("voting", {"zero_as_missing": ["crime"]}, "zero_as_missing"),  # nominal column
    ("ecoli", {"drop_classes": {"imX": "no such class"}}, "drop_classes"),
    ("ecoli", {"one_vs_rest": "xx"}, "one_vs_rest"),
    ("ecoli", {"one_vs_rest": "imL"}, "one_vs_rest"),  # dropped before the mapping
    ("cars", {"class_map": {"unacc": "unacc", "acc": "acc", "good": "acc"}}, "class_map"),  # vgood unmapped
    ("cars", {"class_map": {"unacc": "u", "acc": "a", "good": "a", "vgood": "a", "best": "a"}}, "class_map"),
    ("cars", {"subsample": {"n": 1729}}, "subsample.n"),
    ("breast", {"subsample": {"n": 684}}, "subsample.n"),  # 683 rows left after dropping incomplete rows
    ("iris", {"drop_classes": {"Iris-setosa": "x", "Iris-versicolor": "y"}}, ""),  # one class left
])
def test_recipe_errors_name_the_key(config, name, change, key):
    config["datasets"][name]["recipe"].update(change)
    want = f"datasets.{name}.recipe" + (f".{key}" if key else "")
    with pytest.raises(RecipeError) as exc:
        load_dataset(name, config)
    assert f"'{want}'" in str(exc.value)
    assert f"data set {name!r}" in str(exc.value)


def test_class_map_and_one_vs_rest_together(config):
    config["datasets"]["ecoli"]["recipe"]["class_map"] = {"cp": "cp"}
    with pytest.raises(RecipeError, match=r"datasets\.ecoli\.recipe\.class_map.*datasets\.ecoli\.recipe\.one_vs_rest"):
        load_dataset("ecoli", config)


def test_unknown_dataset(config):
    with pytest.raises(KeyError, match="unknown data set 'cars2'"):
        load_dataset("cars2", config)


def test_subsample_is_seeded(config, cleaned):
    """Same seed → the same 700 rows; another seed → other rows, same stratified class counts."""
    again = load_dataset("cars", config)
    pd.testing.assert_frame_equal(again.X, cleaned["cars"].X)
    assert list(again.y) == list(cleaned["cars"].y)
    config["seed"] = config["seed"] + 1
    other = load_dataset("cars", config)
    assert other.class_distribution() == {"unacc": 490, "acc": 210}
    assert not other.X.equals(cleaned["cars"].X)
    config["datasets"]["cars"]["recipe"]["subsample"] = {"n": 700, "stratify": False}
    a, b = load_dataset("cars", config), load_dataset("cars", config)
    pd.testing.assert_frame_equal(a.X, b.X)
    assert len(a.y) == 700 and not a.X.equals(cleaned["cars"].X)


def test_attribute_named_class_is_not_overwritten(tmp_path):
    """The clean data store the class under 'class': an attribute of that name (target elsewhere) must stop
    the recipe rather than be silently replaced by the target's values."""
    from aucacc.datasets import apply_recipe, read_arff

    p = tmp_path / "toy.arff"
    p.write_text("@relation t\n@attribute class {u,v}\n@attribute a numeric\n@attribute label {p,n}\n@data\n"
                 "u,1,p\nv,2,n\nu,3,p\nv,4,n\n")
    raw = read_arff(p)
    with pytest.raises(RecipeError, match=r"data set 'toy': toy\.arff has an attribute named 'class'.*"
                                          r"datasets\.toy\.recipe\.drop_columns"):
        apply_recipe(raw, {"target": "label"}, "toy")
    ds = apply_recipe(raw, {"target": "label", "drop_columns": {"class": "collides with the class column"}}, "toy")
    assert list(ds.X.columns) == ["a"] and list(ds.y) == ["p", "n", "p", "n"]


def test_removed_classes_keep_the_declared_order(tmp_path):
    """A class value that never occurs (autos' symboling -3) or a dropped class leaves the other classes in
    the order the file declares them (as Weka keeps them), not sorted (pandas' remove_categories sorts)."""
    from aucacc.datasets import apply_recipe, read_arff

    p = tmp_path / "toy.arff"
    p.write_text("@relation t\n@attribute a numeric\n@attribute c {-3,-2,-1,0,b,a}\n@data\n"
                 "1,-2\n2,-1\n3,0\n4,b\n5,a\n6,0\n")
    raw = read_arff(p)
    ds = apply_recipe(raw, {"target": "c", "missing": "keep"}, "toy")
    assert ds.classes == ["-2", "-1", "0", "b", "a"]
    assert ds.exclusions[-1]["step"] == "unused_classes" and ds.exclusions[-1]["detail"].endswith("['-3']")
    assert list(ds.y) == ["-2", "-1", "0", "b", "a", "0"]
    dropped = apply_recipe(raw, {"target": "c", "drop_classes": {"-1": "test"}}, "toy")
    assert dropped.classes == ["-2", "0", "b", "a"] and list(dropped.y) == ["-2", "0", "b", "a", "0"]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode())
    return p

# --- why a data set ended up empty or with one class --------------------------------------------------
def _table(tmp_path, text, **kinds):
    return read_uci_data(_write(tmp_path, "t.data", text), ["a", "dead", "class"], **kinds)

def test_empty_after_missing_values_names_step_and_attribute(tmp_path):
    rows = "".join(f"{i},?,{'x' if i % 2 else 'y'}\n" for i in range(42))
    raw = _table(tmp_path, rows, nominal=["class"])
    with pytest.raises(RecipeError) as exc:
        apply_recipe(raw, {"target": "class", "missing": "drop_rows"}, "toy")
    msg = str(exc.value)
    assert msg.startswith("data set 'toy': no rows left after cleaning (config key 'datasets.toy.recipe')")
    assert ("missing_values removed 42 of 42 rows (all of classes 'x', 'y'); attribute 'dead' is missing in "
            "every row: drop it (config key 'datasets.toy.recipe.drop_columns') or keep missing values "
            "('datasets.toy.recipe.missing': keep)") in msg
    # the fix works
    ok = apply_recipe(raw, {"target": "class", "drop_columns": {"dead": "always missing"}}, "toy")
    assert len(ok.y) == 42

def test_one_class_after_missing_values(tmp_path):
    rows = "".join(f"{i},{'?' if i < 5 else 1},{'x' if i < 5 else 'y'}\n" for i in range(20))
    raw = _table(tmp_path, rows, nominal=["class"])
    with pytest.raises(RecipeError) as exc:
        apply_recipe(raw, {"target": "class", "missing": "drop_rows"}, "toy")
    assert ("one class ('y': 15 rows) left after cleaning (config key 'datasets.toy.recipe'): missing_values removed "
            "5 of 20 rows (all of class 'x'); most missing: 'dead' in 5 of 20 rows: drop it") in str(exc.value)

def test_one_class_after_drop_classes_and_missing_class(tmp_path):
    rows = "1,1,x\n2,1,y\n3,1,y\n4,1,?\n5,1,z\n"
    raw = _table(tmp_path, rows, nominal=["class"])
    with pytest.raises(RecipeError) as exc:
        apply_recipe(raw, {"target": "class", "drop_classes": {"x": "rare", "z": "rare"}}, "toy")
    assert "drop_classes removed 2 of 5 rows (all of classes 'x', 'z')" in str(exc.value)
    raw = _table(tmp_path, "1,1,?\n2,1,?\n", nominal=["class"])
    with pytest.raises(RecipeError) as exc:
        apply_recipe(raw, {"target": "class"}, "toy")
    msg = str(exc.value)
    assert "the raw file t.data has 2 rows and no class value in 'datasets.toy.recipe.target' = 'class'" in msg
    assert "missing_class removed 2 of 2 rows; the class column 'class' is missing in every row" in msg

def test_one_class_after_class_map(tmp_path):
    raw = _table(tmp_path, "1,1,x\n2,1,y\n", nominal=["class"])
    with pytest.raises(RecipeError, match=r"class_map left the classes \['c'\] of \['x', 'y'\]"):
        apply_recipe(raw, {"target": "class", "class_map": {"x": "c", "y": "c"}}, "toy")
