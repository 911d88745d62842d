"""The readers of data as researchers keep it (aucacc.datasets.tabular): .csv/.tsv with a header row, .parquet.

Every expected frame is written out by hand from the file the test writes; the wine case checks
the counts scikit-learn documents for its bundled copy (178 rows, 13 numeric attributes, 3 classes).
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from aucacc.datasets import apply_recipe, clean_raw_file
from aucacc.datasets.io import DataFormatError, read_raw
from aucacc.datasets.store import save_dataset
from aucacc.datasets.tabular import DEFAULT_TABULAR_MISSING_TOKENS, read_delimited, read_parquet_table

NAN = np.nan

MIXED_CSV = ("age,colour,size,label\n"
             "30,red,1.5,yes\n"
             "\n"
             "?,blue,,no\n"
             "12,NA,2,yes\n"
             " 7 , red ,3e1,no\n")


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _cats(s: pd.Series) -> list[str]:
    return list(s.cat.categories)


# --- CSV / TSV ------------------------------------------------------------------------------------

def test_csv_with_header_mixed_kinds_and_missing_values(tmp_path):
    t = read_raw(_write(tmp_path, "m.csv", MIXED_CSV), {})
    assert list(t.frame.columns) == ["age", "colour", "size", "label"]
    assert t.kinds == {"age": "numeric", "colour": "nominal", "size": "numeric", "label": "nominal"}
    np.testing.assert_array_equal(t.frame["age"].to_numpy(), [30.0, NAN, 12.0, 7.0])
    np.testing.assert_array_equal(t.frame["size"].to_numpy(), [1.5, NAN, 2.0, 30.0])
    assert t.frame["age"].dtype == np.float64
    assert t.frame["colour"].tolist()[:2] == ["red", "blue"] and pd.isna(t.frame["colour"][2])
    assert t.frame["colour"][3] == "red"  # surrounding spaces stripped
    assert _cats(t.frame["colour"]) == ["blue", "red"]
    assert _cats(t.frame["label"]) == ["no", "yes"]
    assert t.relation == "m"
    assert t.notes == ["column kinds inferred (numeric when every value that is not missing is a number; "
                       "source.nominal/numeric not given): numeric ['age', 'size'], nominal ['colour', 'label']; "
                       "declare source.nominal or source.numeric to set them"]


def test_default_missing_tokens_are_empty_question_mark_and_NA():
    assert DEFAULT_TABULAR_MISSING_TOKENS == ("", "?", "NA")


def test_tsv_and_gzipped_csv(tmp_path):
    tsv = _write(tmp_path, "m.tsv", "a\tb c\tcls\n1\tx, y\tp\n2\tz\tq\n")
    t = read_raw(tsv, {})
    assert list(t.frame.columns) == ["a", "b c", "cls"]
    assert t.frame["b c"].tolist() == ["x, y", "z"]  # a comma is text in a .tsv
    assert t.kinds == {"a": "numeric", "b c": "nominal", "cls": "nominal"}
    gz = tmp_path / "m.csv.gz"
    gz.write_bytes(gzip.compress(MIXED_CSV.encode()))
    g = read_raw(gz, {})
    pd.testing.assert_frame_equal(g.frame, read_raw(_write(tmp_path, "n.csv", MIXED_CSV), {}).frame)
    assert g.relation == "m"


def test_numeric_looking_nominal_domain_is_sorted_by_number_and_quoted_fields(tmp_path):
    p = _write(tmp_path, "q.csv", 'code,"name, full",cls\n10,"a, b",2\n2,c,10\n03,d,2\n')
    t = read_raw(p, {"numeric": []})
    assert t.kinds == {"code": "nominal", "name, full": "nominal", "cls": "nominal"}
    assert _cats(t.frame["code"]) == ["2", "03", "10"]  # by number, values kept as written
    assert _cats(t.frame["cls"]) == ["2", "10"]
    assert t.frame["name, full"].tolist() == ["a, b", "c", "d"]
    assert t.notes == []  # declared: nothing inferred


def test_declared_kinds_nominal_only_makes_the_rest_numeric(tmp_path):
    p = _write(tmp_path, "d.csv", "x,y,cls\n1,2,1\n3,4,2\n")
    t = read_raw(p, {"nominal": ["cls"]})
    assert t.kinds == {"x": "numeric", "y": "numeric", "cls": "nominal"}
    assert _cats(t.frame["cls"]) == ["1", "2"] and t.notes == []
    # inferred, the class of digits would be numeric, and the recipe says how to declare it
    raw = read_raw(p, {})
    assert raw.kinds["cls"] == "numeric"
    from aucacc.datasets.recipes import RecipeError
    with pytest.raises(RecipeError, match=r"'cls' is numeric; a class must be nominal \(for a \.data, \.csv, \.tsv, "
                                          r"\.parquet or R data file, list it under source\.nominal"):
        apply_recipe(raw, {"target": "cls"}, "d")


def test_recipe_missing_tokens_replace_the_default(tmp_path):
    p = _write(tmp_path, "t.csv", "x,cls\n1,a\nn/a,b\n3,a\n")
    t = read_raw(p, {}, ["n/a"])
    np.testing.assert_array_equal(t.frame["x"].to_numpy(), [1.0, NAN, 3.0])
    p2 = _write(tmp_path, "e.csv", "x,cls\n1,a\n,b\n")
    with pytest.raises(DataFormatError, match=re.escape("e.csv: line 3, column 'x': empty value — if an empty field "
                                                        "marks a missing value, add \"\" to the recipe's "
                                                        "missing_tokens (now ['n/a'])")):
        read_raw(p2, {}, ["n/a"])


# --- CSV errors: file, line, column, fix ------------------------------------------------------------

@pytest.mark.parametrize("text, source, message", [
    ("a,b,c\n1,2,3\n4,5\n", {},
     "bad.csv: line 3 has 2 fields, the header (line 1) names 3 (a, b, c) — the row is truncated or malformed, or a "
     "value holds the delimiter ',' unquoted: repair the row (quote such a value)"),
    ("a,b,c\n1,2,3\n\n4,5,6,7\n", {},
     "bad.csv: line 4 has 4 fields, the header (line 1) names 3"),
    ("a,b,a\n1,2,3\n", {},
     "bad.csv: line 1 (the header row): column name 'a' appears in columns 1 and 3 — give every column its own name"),
    ("a,,c\n1,2,3\n", {},
     "bad.csv: line 1 (the header row), column 2: empty column name — give every column a name in the header"),
    ("a,b,cls\n1,2,p\n3,x,q\n", {"nominal": ["cls"]},
     "bad.csv: line 3, column 'b': value 'x' is not a number, and the column is declared numeric "
     "('datasets.d.source.numeric', or not in 'datasets.d.source.nominal') — if 'x' marks a missing value, add it "
     "to the recipe's missing_tokens (now ['', '?', 'NA']); if the column is nominal, list it under "
     "'datasets.d.source.nominal'"),
    ("a,b,cls\n1,2,p\n3,x,q\n", {"columns": ["a", "b", "class"]},
     "bad.csv: config key 'datasets.d.source.columns' = ['a', 'b', 'class'] does not match the header's column "
     "names ['a', 'b', 'cls']. This file names its own columns: remove 'datasets.d.source.columns'"),
    ("a,b\n1,nan\n2,3\n", {},
     "bad.csv: line 2, column 'b': value 'nan' among numbers is not a number (it is NaN; Weka reads 'NaN' as a "
     "missing value and refuses 'nan'; a missing value is written '?') — if it marks a missing value, add it to the "
     "recipe's missing_tokens"),
    ("a,b\n1,1e400\n", {"numeric": ["a", "b"]},
     "bad.csv: line 2, column 'b': value '1e400' overflows a 64-bit float"),
    ("a;b;c\n1;2;3\n", {},
     "bad.csv: line 1 (the header row) has one column named 'a;b;c': the file looks separated by ';', not ','; "
     "save it again as CSV with ',' as separator"),
    ("a\tb\n1\t2\n", {},
     "bad.csv: line 1 (the header row) has one column named 'a\\tb': the file looks separated by tabs, not ','; "
     "name it .tsv"),
    ("a,b\n", {}, "bad.csv: no data rows after the header (line 1)"),
    ("\n\n", {}, "bad.csv: the file is empty — no header row and no data"),
    ("a,b\n1,2\n", {"nominal": ["z"]}, "bad.csv: columns ['z'] are named in nominal/numeric but not in columns"),
])
def test_csv_errors_name_file_line_column_and_fix(tmp_path, text, source, message):
    p = _write(tmp_path, "bad.csv", text)
    with pytest.raises(DataFormatError, match=re.escape(message)):
        read_raw(p, source, key="datasets.d.source")


def test_a_header_row_in_a_data_file_points_to_csv(tmp_path):
    p = _write(tmp_path, "h.data", "a,b\n1,x\n")
    with pytest.raises(DataFormatError, match=r"line 1 holds the column names: a header row.*name the file \.csv"):
        read_raw(p, {"columns": ["a", "b"], "nominal": ["b"]})


# --- Parquet -------------------------------------------------------------------------------------

def _parquet(tmp_path: Path, frame: pd.DataFrame, name: str = "p.parquet", **kw) -> Path:
    p = tmp_path / name
    frame.to_parquet(p, **kw)
    return p


PQ = pd.DataFrame({
    "n": [1.5, NAN, 3.0],
    "i": pd.array([1, None, 3], dtype="Int64"),
    "cat": pd.Categorical(["b", None, "a"], categories=["z", "b", "a"]),
    "s": ["u", None, "v"],
    "flag": [True, False, True],
})


def test_parquet_kinds_from_types_and_nulls(tmp_path):
    t = read_raw(_parquet(tmp_path, PQ, index=False), {})
    assert t.kinds == {"n": "numeric", "i": "numeric", "cat": "nominal", "s": "nominal", "flag": "nominal"}
    np.testing.assert_array_equal(t.frame["n"].to_numpy(), [1.5, NAN, 3.0])
    np.testing.assert_array_equal(t.frame["i"].to_numpy(), [1.0, NAN, 3.0])
    assert t.frame["i"].dtype == np.float64
    assert _cats(t.frame["cat"]) == ["z", "b", "a"]  # the file's categories, in its order, unused kept
    assert t.frame["cat"].isna().tolist() == [False, True, False]
    assert _cats(t.frame["s"]) == ["u", "v"] and t.frame["s"].isna().tolist() == [False, True, False]
    assert _cats(t.frame["flag"]) == ["False", "True"] and t.frame["flag"].tolist() == ["True", "False", "True"]
    assert t.notes == ["column kinds inferred (from the Parquet column types; source.nominal/numeric not given): "
                       "numeric ['n', 'i'], nominal ['cat', 's', 'flag']; declare source.nominal or source.numeric "
                       "to set them"]


def test_parquet_declared_kinds(tmp_path):
    frame = pd.DataFrame({"code": [2, 10, 2], "txt": ["1.5", None, "-2"], "flag": [True, False, True],
                          "cls": ["a", "b", "a"]})
    t = read_raw(_parquet(tmp_path, frame), {"nominal": ["code", "cls"]})
    assert t.kinds == {"code": "nominal", "txt": "numeric", "flag": "numeric", "cls": "nominal"}
    assert _cats(t.frame["code"]) == ["2", "10"]
    np.testing.assert_array_equal(t.frame["txt"].to_numpy(), [1.5, NAN, -2.0])
    np.testing.assert_array_equal(t.frame["flag"].to_numpy(), [1.0, 0.0, 1.0])
    assert t.notes == []


def test_parquet_stored_index_becomes_a_column_with_a_note(tmp_path):
    frame = pd.DataFrame({"x": [1.0, 2.0], "cls": ["a", "b"]}, index=pd.Index(["r1", "r2"], name="id"))
    t = read_raw(_parquet(tmp_path, frame), {})
    assert list(t.frame.columns) == ["id", "x", "cls"]
    assert t.notes[0] == "the Parquet file's stored pandas index read as column(s) ['id']"


@pytest.mark.parametrize("frame, source, message", [
    (pd.DataFrame({"x": ["1", "b"], "cls": ["a", "b"]}), {"nominal": ["cls"]},
     "p.parquet: data row 2, column 'x': value 'b' is not a number, and the column is declared numeric "
     "('datasets.d.source.numeric', or not in 'datasets.d.source.nominal') — if the column is nominal, list it "
     "under 'datasets.d.source.nominal'; a missing value is a null in a Parquet file"),
    (pd.DataFrame({"x": [1.0, np.inf], "cls": ["a", "b"]}), {},
     "p.parquet: data row 2, column 'x': value inf overflows a 64-bit float"),
    (pd.DataFrame({"x": [1.0], "cls": ["a"]}), {"columns": ["x", "class"]},
     "p.parquet: config key 'datasets.d.source.columns' = ['x', 'class'] does not match the header's column names "
     "['x', 'cls']"),
    (pd.DataFrame({"x": pd.Series([], dtype=float), "cls": pd.Series([], dtype=str)}), {},
     "p.parquet: the Parquet file has no rows"),
])
def test_parquet_errors(tmp_path, frame, source, message):
    p = _parquet(tmp_path, frame, index=False)
    with pytest.raises(DataFormatError, match=re.escape(message)):
        read_raw(p, source, key="datasets.d.source")


def test_parquet_refuses_missing_tokens_and_wrong_files(tmp_path):
    p = _parquet(tmp_path, PQ, index=False)
    with pytest.raises(DataFormatError, match=r"p\.parquet: recipe missing_tokens \['\?'\] applies to text files; a "
                                              r"Parquet file marks a missing value with a null — remove the key"):
        read_raw(p, {}, ["?"])
    csv_named_parquet = _write(tmp_path, "c.parquet", "a,b\n1,2\n")
    with pytest.raises(DataFormatError, match=r"c\.parquet: the name ends in \.parquet, but the file is text, not "
                                              r"Parquet .* name it \.csv"):
        read_raw(csv_named_parquet, {})
    broken = tmp_path / "b.parquet"
    broken.write_bytes(p.read_bytes()[:40])
    with pytest.raises(DataFormatError, match=r"b\.parquet: the Parquet file cannot be read .* damaged or truncated"):
        read_raw(broken, {})
    with pytest.raises(DataFormatError, match=r"nope\.parquet: file not found"):
        read_raw(tmp_path / "nope.parquet", {})


@pytest.mark.parametrize("name", ["x.data", "x.csv"])
def test_parquet_under_a_text_name_is_named(tmp_path, name):
    p = tmp_path / name
    p.write_bytes(_parquet(tmp_path, PQ, index=False).read_bytes())
    with pytest.raises(DataFormatError, match=r"the file is a Parquet file, not a text data file — name it "
                                              r"x\.parquet \(in source\.file too\) to read it as Parquet"):
        read_raw(p, {"columns": list(PQ.columns), "numeric": []})


def test_readers_directly(tmp_path):
    t = read_delimited(_write(tmp_path, "a.txt", "x|cls\n1|a\n"), delimiter="|")
    assert t.kinds == {"x": "numeric", "cls": "nominal"}
    u = read_parquet_table(_parquet(tmp_path, PQ, index=False), numeric=["n", "i"])
    assert u.kinds["flag"] == "nominal" and u.kinds["i"] == "numeric"


# --- end to end: a CSV exported from scikit-learn's wine ----------------------------------------------

def test_wine_csv_cleaned_end_to_end(tmp_path):
    from sklearn.datasets import load_wine

    bunch = load_wine(as_frame=True)
    frame = bunch.frame.copy()
    frame["target"] = [str(bunch.target_names[k]) for k in frame["target"]]
    path = tmp_path / "wine.csv"
    frame.to_csv(path, index=False)
    config = {"datasets": {"wine": {"source": {"file": "wine.csv"}, "recipe": {"target": "target"}}}, "seed": 1}
    ds = clean_raw_file("wine", path, {"file": "wine.csv"}, {"target": "target"}, 1, config)
    assert ds.X.shape == (178, 13)
    assert set(ds.kinds.values()) == {"numeric"} and len(ds.kinds) == 13
    assert ds.classes == ["class_0", "class_1", "class_2"]
    assert ds.class_distribution() == {"class_0": 59, "class_1": 71, "class_2": 48}
    np.testing.assert_allclose(ds.X.to_numpy(), bunch.data.to_numpy())
    (read,) = [e for e in ds.exclusions if e["step"] == "read"]
    assert read["detail"].startswith("column kinds inferred (numeric when every value that is not missing is a "
                                     "number, the class column 'target' nominal; source.nominal/numeric not given): "
                                     "numeric ['alcohol', 'malic_acid'")
    assert read["detail"].endswith("nominal ['target']; declare source.nominal or source.numeric to set them")
    # the clean data's JSON record carries the kinds and the inference note
    save_dataset(ds, tmp_path / "wine.parquet", tmp_path / "wine.json")
    info = json.loads((tmp_path / "wine.json").read_text())
    assert info["kinds"] == {c: "numeric" for c in bunch.feature_names}
    assert info["exclusions"] == [read]


def test_a_class_written_as_digits_is_nominal_when_kinds_are_inferred(tmp_path):
    """The recipe's target is the class: inferred kinds make it nominal even when every value is a number (scikit-learn's
    digits exported as CSV: class 0..9), and the note says so; the attributes stay numeric."""
    from sklearn.datasets import load_digits

    bunch = load_digits(as_frame=True)
    path = tmp_path / "digits.csv"
    bunch.frame.iloc[:300].to_csv(path, index=False)
    ds = clean_raw_file("my-digits", path, {"file": "digits.csv"}, {"target": "target"}, 0, {})
    assert ds.classes == [str(d) for d in range(10)] and len(ds.y) == 300
    assert set(ds.kinds.values()) == {"numeric"} and len(ds.kinds) == 64
    parquet = tmp_path / "digits.parquet"
    bunch.frame.iloc[:300].to_parquet(parquet)
    table = read_raw(parquet, {}, target="target")
    assert table.kinds["target"] == "nominal" and "the class column 'target' nominal" in table.notes[0]
    table = read_raw(path, {}, target="target")
    assert table.kinds["target"] == "nominal" and "the class column 'target' nominal" in table.notes[0]


@pytest.mark.parametrize("name,text,line", [
    ("open.csv", 'a,y\n1,p\n2,"n\n3,p\n4,n\n', 3),         # a quote never closed: it would swallow lines 3-5
    ("after.csv", 'a,y\n1,"p"x\n2,n\n', 2),               # text after a closing quote: read as px without strict
])
def test_a_stray_quote_stops_the_read_naming_the_line(tmp_path, name, text, line):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(DataFormatError) as err:
        read_raw(path, {}, label="mine")
    assert str(err.value).startswith(f"mine: line {line}: ") and "close or remove the quote" in str(err.value)
    data = tmp_path / "open.data"
    data.write_text('1,p\n2,"n\n3,p\n4,n\n')  # the headerless reader too
    with pytest.raises(DataFormatError, match=r"^x: line 2: .*never closed"):
        read_raw(data, {"columns": ["a", "y"], "nominal": ["y"]}, label="x")


def test_a_parquet_categorical_of_numbers_stays_nominal_and_its_lost_categories_are_said(tmp_path):
    """pyarrow stores a pandas categorical of numbers as plain numbers; the file's pandas metadata still says so:
    the column is nominal, and a note says how many declared categories the file lost."""
    path = tmp_path / "cat.parquet"
    pd.DataFrame({"c": pd.Categorical([1, 2, 1], categories=[2, 1, 10]), "x": [0.5, 1.5, 2.5],
                  "y": ["a", "b", "a"]}).to_parquet(path)
    table = read_raw(path, {}, target="y")
    assert table.kinds == {"c": "nominal", "x": "numeric", "y": "nominal"}
    assert list(table.frame["c"].cat.categories) == ["1", "2"]
    assert any("3 categories" in n and "1 unused categories are not in the file" in n for n in table.notes)
