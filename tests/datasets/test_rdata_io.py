"""R data files (.rda, .RData, .rds) as a raw-data source: mlbench's Satellite.rda (Provost & Fawcett's Satimage).

Expected counts come from data/raw/SOURCES.md ("Satimage") and /work/shared/datasets/extra/SOURCES.md, which give
them from the UCI documentation of Statlog (Landsat Satellite) and the mlbench package's: 6,435 instances, 36
numeric attributes x.1 … x.36, the class `classes` with six levels.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import rdata

from aucacc.datasets.io import DataFormatError, read_raw
from aucacc.datasets.rdata_io import read_rdata_table

RAW = Path(__file__).resolve().parents[2] / "data" / "raw"
SATELLITE = RAW / "Satellite.rda"
# mlbench's factor levels, in their order, and the class counts (SOURCES.md)
LEVELS = ["red soil", "cotton crop", "grey soil", "damp grey soil", "vegetation stubble", "very damp grey soil"]
COUNTS = [1533, 703, 1358, 626, 707, 1508]


def test_satellite_has_the_documented_shape_and_class_counts():
    raw = read_raw(SATELLITE, {"nominal": ["classes"]}, target="classes")
    assert raw.frame.shape == (6435, 37) and raw.relation == "Satellite"
    assert list(raw.frame.columns) == [f"x.{i}" for i in range(1, 37)] + ["classes"]
    assert all(raw.kinds[f"x.{i}"] == "numeric" for i in range(1, 37)) and raw.kinds["classes"] == "nominal"
    cls = raw.frame["classes"]
    assert list(cls.cat.categories) == LEVELS  # the R factor's levels, in R's order (the declared domain)
    assert cls.value_counts(sort=False).tolist() == COUNTS and cls.notna().all()
    x = raw.frame.drop(columns="classes").to_numpy()
    assert x.dtype == np.float64 and np.isfinite(x).all()
    # Landsat MSS values are 8-bit intensities: integers in 0..255 (UCI's documentation)
    assert (x == np.round(x)).all() and x.min() >= 0 and x.max() <= 255


def test_inferred_kinds_are_recorded():
    raw = read_raw(SATELLITE, {}, target="classes")
    assert raw.kinds["classes"] == "nominal" and raw.kinds["x.17"] == "numeric"
    assert any("column kinds inferred (from the R column types" in n for n in raw.notes)
    assert any("row names are not data" in n for n in raw.notes)


def test_the_provost_fawcett_entry_cleans_to_the_documented_data(tmp_path, monkeypatch):
    from snakemake.utils import update_config

    from aucacc.config import read_config_file, validate_config
    from aucacc.datasets import load_dataset

    root = RAW.parents[1]
    cfg = read_config_file(root / "config" / "config.yaml")
    update_config(cfg, read_config_file(root / "config" / "provost_fawcett.yaml"))
    cfg = validate_config(cfg)
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    cfg["raw_data"], cfg["cache"] = str(RAW), str(tmp_path / "cache")
    ds = load_dataset("satimage", cfg)
    assert ds.X.shape == (6435, 36) and pd.Series(ds.y).value_counts(sort=False).tolist() == COUNTS


def _write(path, objects):
    rdata.write_rda(path, objects)
    return path


def test_r_types_and_missing_values(tmp_path):
    df = pd.DataFrame({"a": [1.0, np.nan, 3.0], "n": pd.array([1, None, 3], dtype="Int32"),
                       "f": pd.Categorical(["x", "x", "y"], categories=["y", "x", "z"]),
                       "l": pd.array([True, False, True], dtype="boolean")})
    raw = read_rdata_table(_write(tmp_path / "d.rda", {"d": df}), target="f")
    assert raw.kinds == {"a": "numeric", "n": "numeric", "f": "nominal", "l": "nominal"}
    assert np.isnan(raw.frame["a"][1]) and np.isnan(raw.frame["n"][1]) and raw.frame["n"][2] == 3.0
    assert list(raw.frame["f"].cat.categories) == ["y", "x", "z"]  # levels in R's order, the unused 'z' kept
    assert list(raw.frame["l"].cat.categories) == ["False", "True"]
    # declared kinds: an integer column read as nominal keeps its values as text
    raw = read_rdata_table(tmp_path / "d.rda", nominal=["n", "f", "l"], target="f")
    assert raw.kinds["n"] == "nominal" and list(raw.frame["n"].cat.categories) == ["1", "3"]


@pytest.mark.parametrize("make,words", [
    (lambda p: p.write_text("a,b\n1,2\n"), "does not start as one"),
    (lambda p: p.write_bytes(b"\x1f\x8b\x08\x00garbage"), "cannot be read"),
])
def test_a_file_that_is_not_r_data_is_refused_naming_the_fix(tmp_path, make, words):
    p = tmp_path / "x.rda"
    make(p)
    with pytest.raises(DataFormatError, match=words) as err:
        read_raw(p, {}, label="data set 'x', x.rda")
    assert str(err.value).startswith("data set 'x', x.rda:")


def test_several_objects_no_rows_a_gz_name_and_missing_tokens_are_refused(tmp_path):
    df = pd.DataFrame({"a": [1.0, 2.0], "c": pd.Categorical(["u", "v"])})
    two = _write(tmp_path / "two.rda", {"d": df, "e": df})
    with pytest.raises(DataFormatError, match=r"holds 2 objects \('d', 'e'\).*save\(\) the data frame alone"):
        read_raw(two, {})
    empty = _write(tmp_path / "empty.rda", {"d": df.iloc[0:0]})
    with pytest.raises(DataFormatError, match="has no rows"):
        read_raw(empty, {})
    with pytest.raises(DataFormatError, match="compressed inside"):
        read_rdata_table(tmp_path / "x.rda.gz")
    with pytest.raises(DataFormatError, match="file not found"):
        read_raw(tmp_path / "none.rda", {})
    with pytest.raises(DataFormatError, match="marks a missing value with NA — remove the key"):
        read_raw(SATELLITE, {}, ["?"])
    with pytest.raises(DataFormatError, match=r"'source.columns'.*does not match"):
        read_raw(SATELLITE, {"columns": ["a", "b"]})
