"""The raw readers (aucacc.datasets.io) on every mirror file, on malformed files, and on the
ARFF quirks real files have.

Expected counts come from /work/shared/datasets/SOURCES.md ("Files" table: rows, columns,
class distribution, rows with a missing value), which were computed with liac-arff or by
splitting on commas — independently of this reader.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from aucacc.datasets.io import DataFormatError, read_arff, read_raw, read_uci_data

# --- column names for the headerless .data files (UCI .names order) ---------------------------

BREAST = ["sample_id", "Clump_Thickness", "Cell_Size_Uniformity", "Cell_Shape_Uniformity", "Marginal_Adhesion",
          "Single_Epi_Cell_Size", "Bare_Nuclei", "Bland_Chromatin", "Normal_Nucleoli", "Mitoses", "Class"]
CRX = [f"A{i}" for i in range(1, 16)] + ["class"]
ECHO = ["survival", "still-alive", "age-at-heart-attack", "pericardial-effusion", "fractional-shortening", "epss",
        "lvdd", "wall-motion-score", "wall-motion-index", "mult", "name", "group", "alive-at-1"]
BUPA = ["mcv", "alkphos", "sgpt", "sgot", "gammagt", "drinks", "selector"]
MUSHROOM_ATTRS = ["cap-shape", "cap-surface", "cap-color", "bruises?", "odor", "gill-attachment", "gill-spacing",
                  "gill-size", "gill-color", "stalk-shape", "stalk-root", "stalk-surface-above-ring",
                  "stalk-surface-below-ring", "stalk-color-above-ring", "stalk-color-below-ring", "veil-type",
                  "veil-color", "ring-number", "ring-type", "spore-print-color", "population", "habitat"]
THYROID_ATTRS = ["age", "sex", "on_thyroxine", "query_on_thyroxine", "on_antithyroid_medication", "thyroid_surgery",
                 "query_hypothyroid", "query_hyperthyroid", "pregnant", "sick", "tumor", "lithium", "goitre",
                 "TSH_measured", "TSH", "T3_measured", "T3", "TT4_measured", "TT4", "T4U_measured", "T4U",
                 "FTI_measured", "FTI", "TBG_measured", "TBG"]
THYROID_NUMERIC = ["age", "TSH", "T3", "TT4", "T4U", "FTI", "TBG"]
VOTES = ["handicapped-infants", "water-project-cost-sharing", "adoption-of-the-budget-resolution",
         "physician-fee-freeze", "el-salvador-aid", "religious-groups-in-schools", "anti-satellite-test-ban",
         "aid-to-nicaraguan-contras", "mx-missile", "immigration", "synfuels-corporation-cutback",
         "education-spending", "superfund-right-to-sue", "crime", "duty-free-exports",
         "export-administration-act-south-africa"]

# file -> (reader kwargs for .data files or None for ARFF, rows, columns, {column: class distribution},
#          rows with at least one missing value); all from SOURCES.md.
FLARE2 = {"X-class_flares_production_by_this_region": {"0": 1061, "1": 4, "2": 1},
          "M-class_flares_production_by_this_region": {"0": 1030, "1": 29, "2": 3, "3": 2, "4": 1, "5": 1},
          "C-class_flares_production_by_this_region": {"0": 884, "1": 112, "2": 33, "3": 20, "4": 9, "5": 4,
                                                       "6": 3, "8": 1}}
FLARE1 = {"X-class_flares_production_by_this_region": {"0": 316, "1": 7},
          "M-class_flares_production_by_this_region": {"0": 291, "1": 24, "2": 6, "4": 2},
          "C-class_flares_production_by_this_region": {"0": 287, "1": 29, "2": 7}}
MIRROR_FILES = {
    "breast.w.arff": (None, 699, 10, {"Class": {"benign": 458, "malignant": 241}}, 16),
    "breast-cancer-wisconsin.data": ({"columns": BREAST, "nominal": ["Class"]}, 699, 11,
                                     {"Class": {"2": 458, "4": 241}}, 16),
    "car.arff": (None, 1728, 7, {"class": {"unacc": 1210, "acc": 384, "good": 69, "vgood": 65}}, 0),
    "statlib-cars.arff": (None, 406, 8, {"origin": {"1": 254, "2": 73, "3": 79}}, 14),
    "credit.a.arff": (None, 690, 16, {"class": {"+": 307, "-": 383}}, 37),
    "crx.data": ({"columns": CRX, "numeric": ["A2", "A3", "A8", "A11", "A14", "A15"]}, 690, 16, {"class": {"+": 307, "-": 383}}, 37),
    "dermatology.arff": (None, 366, 35, {"class": {"1": 112, "2": 61, "3": 72, "4": 49, "5": 52, "6": 20}}, 8),
    "echocardiogram.data": ({"columns": ECHO, "nominal": ["still-alive", "pericardial-effusion", "name", "group",
                                                       "alive-at-1"]},
                            132, 13, {"alive-at-1": {"0": 50, "1": 24, "?": 57, "2": 1},
                                      "still-alive": {"0": 88, "1": 43, "?": 1}}, 71),
    "ecoli.arff": (None, 336, 8, {"class": {"cp": 143, "im": 77, "pp": 52, "imU": 35, "om": 20, "omL": 5,
                                            "imL": 2, "imS": 2}}, 0),
    "glass.arff": (None, 214, 10, {"Type": {"build wind non-float": 76, "build wind float": 70, "headlamps": 29,
                                            "vehic wind float": 17, "containers": 13, "tableware": 9}}, 0),
    "heart.c.arff": (None, 303, 14, {"num": {"<50": 165, ">50_1": 138}}, 7),
    "heart.h.arff": (None, 294, 14, {"num": {"<50": 188, ">50_1": 106}}, 293),
    "heart.statlog.arff": (None, 270, 14, {"class": {"absent": 150, "present": 120}}, 0),
    "hepatitis.arff": (None, 155, 20, {"Class": {"LIVE": 123, "DIE": 32}}, 75),
    "autos.arff": (None, 205, 26, {"symboling": {"-2": 3, "-1": 22, "0": 67, "1": 54, "2": 32, "3": 27}}, 46),
    "iris.arff": (None, 150, 5, {"class": {"Iris-setosa": 50, "Iris-versicolor": 50, "Iris-virginica": 50}}, 0),
    "bupa.data": ({"columns": BUPA, "nominal": ["selector"]}, 345, 7, {"selector": {"1": 145, "2": 200}}, 0),
    "mushroom.arff": (None, 8124, 23, {"class": {"e": 4208, "p": 3916}}, 2480),
    "agaricus-lepiota.data": ({"columns": ["class"] + MUSHROOM_ATTRS, "numeric": []}, 8124, 23, {"class": {"e": 4208, "p": 3916}},
                              2480),
    "diabetes.arff": (None, 768, 9, {"class": {"tested_negative": 500, "tested_positive": 268}}, 0),
    "solar.flare1.arff": (None, 323, 13, FLARE1, 0),
    "solar.flare2.arff": (None, 1066, 13, FLARE2, 0),
    "sick.arff": (None, 3772, 30, {"Class": {"negative": 3541, "sick": 231}}, 3772),
    "hypothyroid.arff": (None, 3772, 30, {"Class": {"negative": 3481, "compensated_hypothyroid": 194,
                                                    "primary_hypothyroid": 95, "secondary_hypothyroid": 2}}, 3772),
    "hypothyroid.data": ({"columns": ["class"] + THYROID_ATTRS, "numeric": THYROID_NUMERIC}, 3163, 26,
                         {"class": {"negative": 3012, "hypothyroid": 151}}, 3161),
    "sick-euthyroid.classlast.data": ({"columns": THYROID_ATTRS + ["class"], "numeric": THYROID_NUMERIC}, 3163, 26,
                                      {"class": {"negative": 2870, "sick-euthyroid": 293}}, 3161),
    "vote.arff": (None, 435, 17, {"Class": {"democrat": 267, "republican": 168}}, 203),
    "house-votes-84.data": ({"columns": ["Class"] + VOTES, "numeric": []}, 435, 17, {"Class": {"democrat": 267, "republican": 168}},
                            203),
    "wine.arff": (None, 178, 14, {"class": {"1": 59, "2": 71, "3": 48}}, 0),
}


def _read(mirror_file, fname: str):
    kwargs = MIRROR_FILES[fname][0]
    if kwargs is None:
        return read_arff(mirror_file(fname))
    return read_uci_data(mirror_file(fname), **kwargs)


def test_every_mirror_file_is_listed(mirror, mirror_file):
    """The table above covers every data file of the mirror (its SHA256SUMS lists them): the 18 committed in
    data/raw, and the other candidate files of the shared mirror when it is there."""
    listed = {line.split()[-1].lstrip("*") for line in (mirror / "SHA256SUMS").read_text().splitlines() if line.strip()}
    # data/raw also holds Weka's UCI collection (config/uci36.yaml), whose files test_uci36_recipes checks, and
    # Provost & Fawcett's Satimage (config/provost_fawcett.yaml, tests/datasets/test_rdata_io.py)
    other = {}
    for name in ("uci36.yaml", "provost_fawcett.yaml"):
        other |= yaml.safe_load((Path(__file__).parents[2] / "config" / name).read_text())["datasets"]
    uci36_files = {d["source"]["file"] for d in other.values()} - set(MIRROR_FILES)
    assert len(listed) >= 18 and listed - uci36_files <= set(MIRROR_FILES)
    full = mirror_file("SHA256SUMS")  # the full mirror beside our checkouts, if any
    listed = {line.split()[-1].lstrip("*") for line in full.read_text().splitlines() if line.strip()}
    if full.parent != mirror:
        assert listed == set(MIRROR_FILES)


@pytest.mark.parametrize("fname", sorted(MIRROR_FILES))
def test_mirror_file(mirror_file, fname):
    _, n_rows, n_cols, dists, n_missing_rows = MIRROR_FILES[fname]
    t = _read(mirror_file, fname)
    assert t.frame.shape == (n_rows, n_cols)
    assert t.path == mirror_file(fname)
    assert int(t.frame.isna().any(axis=1).sum()) == n_missing_rows
    for col, dist in dists.items():
        assert t.kinds[col] == "nominal"
        s = t.frame[col]
        counts = {str(k): int(v) for k, v in s.value_counts().items() if v > 0}
        if s.isna().any() or "?" in dist:
            counts["?"] = int(s.isna().sum())
        assert counts == dist
    # every column is either a Categorical (nominal) or float64 (numeric), as kinds says
    for col, kind in t.kinds.items():
        if kind == "nominal":
            assert isinstance(t.frame[col].dtype, pd.CategoricalDtype), col
        else:
            assert t.frame[col].dtype == np.float64, col


def test_declared_but_unused_values_are_kept(mirror_file):
    """Weka keeps declared nominal values that never occur; so do we (SOURCES.md: glass, heart, autos)."""
    assert "vehic wind non-float" in read_arff(mirror_file("glass.arff")).frame["Type"].cat.categories
    assert list(read_arff(mirror_file("heart.h.arff")).frame["num"].cat.categories) == ["<50", ">50_1", ">50_2",
                                                                                    ">50_3", ">50_4"]
    assert "-3" in read_arff(mirror_file("autos.arff")).frame["symboling"].cat.categories


def test_echocardiogram_quirks(mirror_file):
    """132 '?' in all (UCI's .names: "total: 132"); '.25' and '03' read as numbers; row 50 kept as found."""
    t = _read(mirror_file, "echocardiogram.data")
    assert int(t.frame.isna().sum().sum()) == 132
    assert t.kinds["fractional-shortening"] == "numeric" and t.kinds["name"] == "nominal"
    row50 = t.frame.iloc[49]
    assert row50["pericardial-effusion"] == "77" and row50["mult"] == 2.0 and row50["group"] == "name"
    assert row50["alive-at-1"] == "2"
    assert list(t.frame["name"].cat.categories) == ["name"]


def test_arff_and_data_copies_agree(mirror_file):
    """SOURCES.md: mushroom.arff = agaricus-lepiota.data and vote.arff = house-votes-84.data row for row
    (class moved), and breast.w.arff = breast-cancer-wisconsin.data without the id, 2/4 → benign/malignant."""
    a = read_arff(mirror_file("mushroom.arff")).frame
    d = _read(mirror_file, "agaricus-lepiota.data").frame
    for ca, cd in zip(a.columns[:-1], MUSHROOM_ATTRS):
        assert a[ca].astype(object).equals(d[cd].astype(object)), ca
    assert a["class"].astype(object).equals(d["class"].astype(object))
    a = read_arff(mirror_file("vote.arff")).frame
    d = _read(mirror_file, "house-votes-84.data").frame
    for c in VOTES + ["Class"]:
        assert a[c].astype(object).equals(d[c].astype(object)), c
    a = read_arff(mirror_file("breast.w.arff")).frame
    d = _read(mirror_file, "breast-cancer-wisconsin.data").frame
    np.testing.assert_array_equal(a.iloc[:, :9].to_numpy(), d.iloc[:, 1:10].to_numpy())
    assert (d["Class"].astype(str).map({"2": "benign", "4": "malignant"}) == a["Class"].astype(str)).all()


def test_read_raw_dispatch(mirror_file):
    t = read_raw(mirror_file("bupa.data"), {"columns": BUPA, "nominal": ["selector"]})
    assert t.frame.shape == (345, 7) and t.kinds["selector"] == "nominal" and t.kinds["drinks"] == "numeric"
    with pytest.raises(DataFormatError, match="bupa.data.*columns"):
        read_raw(mirror_file("bupa.data"), {"file": "bupa.data"})


# --- malformed files ---------------------------------------------------------------------------

HEADER = "@relation t\n@attribute a numeric\n@attribute b {x,y}\n@attribute class {p,n}\n@data\n"  # lines 1-5


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode())
    return p


@pytest.mark.parametrize("label, body, pattern", [
    ("truncated_row", HEADER + "1,x,p\n2,y\n", r"line 7\b"),
    ("too_many_values", HEADER + "1,x,p\n2,y,n,5\n", r"line 7\b"),
    ("unknown_nominal", HEADER + "1,x,p\n2,x,n\n3,z,n\n", r"z not found.*line 8\b"),
    ("non_numeric", HEADER + "1,x,p\nabc,y,n\n", r"[Nn]umerical.*line 7\b"),
    ("bad_attribute_type", "@relation t\n@attribute a numeric\n@attribute b foo\n@data\n1,x\n", r"line 3\b"),
    ("misspelt_keyword", "@relation t\n@atribute a numeric\n@data\n1\n", r"line 2\b|line 3\b"),
    ("no_data_keyword", "@relation t\n@attribute a numeric\n", r"ARFF"),
    ("empty_data_section", HEADER, r"@data section is empty"),
    ("empty_data_with_blanks_and_comments", HEADER + "\n% nothing\n\n", r"@data section is empty"),
])
def test_malformed_arff(tmp_path, label, body, pattern):
    p = _write(tmp_path, f"{label}.arff", body)
    with pytest.raises(DataFormatError, match=pattern) as exc:
        read_arff(p)
    assert str(p) in str(exc.value)


@pytest.mark.parametrize("label, body, pattern", [
    ("truncated_row", "1,2,a\n3,4,b\n5,6\n", r"line 3 has 2 fields, expected 3"),
    ("too_many_fields", "1,2,a\n3,4,b,7\n", r"line 2 has 4 fields, expected 3"),
    ("non_numeric", "1,2,a\n\n3,x,b\n", r"line 3, column 'v': value 'x' is not a number"),  # blank line 2 counts
    ("empty_file", "", r"no data rows"),
    ("only_blank_lines", "\n\n\n", r"no data rows"),
])
def test_malformed_data(tmp_path, label, body, pattern):
    p = _write(tmp_path, f"{label}.data", body)
    with pytest.raises(DataFormatError, match=pattern) as exc:
        read_uci_data(p, ["u", "v", "w"], numeric=["u", "v"])
    assert str(p) in str(exc.value)


def test_unknown_column_in_nominal(tmp_path):
    p = _write(tmp_path, "x.data", "1,2,a\n")
    with pytest.raises(DataFormatError, match=r"x\.data.*\['nope'\]"):
        read_uci_data(p, ["u", "v", "w"], nominal=["nope"])


def test_file_not_found(tmp_path):
    for reader, p in [(read_arff, tmp_path / "missing.arff"),
                      (lambda q: read_uci_data(q, ["a", "b"], numeric=[]), tmp_path / "missing.data")]:
        with pytest.raises(DataFormatError, match="file not found") as exc:
            reader(p)
        assert str(p) in str(exc.value)


# --- repairs and quirks that real files have -------------------------------------------------------

def test_integer_ranges(tmp_path, mirror_file):
    """`integer [1,10]` / `real [0,1]` (Weka syntax, rejected by liac-arff) are accepted as numeric."""
    p = _write(tmp_path, "r.arff", "@relation r\n@attribute 'a b' integer [1,10]\n@attribute c REAL [0.0, 1.0]\n"
                                   "@attribute d numeric\n@attribute class {p,n}\n@data\n1,0.5,3,p\n10,?,4,n\n2,1,x,n\n")
    with pytest.raises(DataFormatError, match=r"line 9\b"):  # line numbers survive the repair
        read_arff(p)
    p.write_text(p.read_text().replace("2,1,x,n", "2,1,7,n"))
    t = read_arff(p)
    assert t.kinds == {"a b": "numeric", "c": "numeric", "d": "numeric", "class": "nominal"}
    np.testing.assert_array_equal(t.frame["a b"].to_numpy(), [1.0, 10.0, 2.0])
    assert np.isnan(t.frame["c"].iloc[1])
    b = read_arff(mirror_file("breast.w.arff"))  # the real file: nine `integer [1,10]` attributes
    assert all(b.kinds[c] == "numeric" for c in b.frame.columns[:9])
    assert b.frame.iloc[:, :9].min().min() == 1.0 and b.frame.iloc[:, :9].max().max() == 10.0


def test_crlf_comments_blank_lines_uppercase(tmp_path):
    text = ("% a comment before the header\r\n%\r\n@RELATION Test\r\n\r\n@ATTRIBUTE Num REAL\r\n"
            "@Attribute kind {A,B}\r\n% comment between attributes\r\n@ATTRIBUTE Class {yes,no}\r\n\r\n@DATA\r\n"
            "% comment in the data\r\n1.5,A,yes\r\n-2,B,no\r\n?,?,no\r\n\r\n\r\n\r\n")
    t = read_arff(_write(tmp_path, "crlf.arff", text))
    assert t.relation == "Test"
    assert list(t.frame.columns) == ["Num", "kind", "Class"]
    assert t.frame.shape == (3, 3)
    assert list(t.frame["Class"]) == ["yes", "no", "no"]  # no stray '\r' on the last value
    assert list(t.frame["Class"].cat.categories) == ["yes", "no"]  # declared order, not sorted
    np.testing.assert_array_equal(t.frame["Num"].to_numpy()[:2], [1.5, -2.0])
    assert t.frame.iloc[2, :2].isna().all()


def test_crlf_data_file(tmp_path):
    t = read_uci_data(_write(tmp_path, "c.data", "1,a\r\n2,b\r\n\r\n"), ["x", "y"], nominal=["y"])
    assert list(t.frame["y"]) == ["a", "b"] and t.kinds == {"x": "numeric", "y": "nominal"}


def test_quoted_values_with_spaces(tmp_path, mirror_file):
    text = ("@relation q\n@attribute 'long name' {'build wind float', \"vehic wind\", plain}\n"
            "@attribute class {'class one','class two'}\n@data\n'build wind float','class one'\n"
            "\"vehic wind\",'class two'\nplain,'class two'\n")
    t = read_arff(_write(tmp_path, "q.arff", text))
    assert list(t.frame["long name"]) == ["build wind float", "vehic wind", "plain"]
    assert list(t.frame["class"].cat.categories) == ["class one", "class two"]
    g = read_arff(mirror_file("glass.arff")).frame["Type"]
    assert int((g == "build wind non-float").sum()) == 76


def test_class_not_last_wine(mirror_file):
    """wine.arff has the class FIRST: the reader keeps file order and types it nominal."""
    t = read_arff(mirror_file("wine.arff"))
    assert t.frame.columns[0] == "class" and t.kinds["class"] == "nominal"
    assert t.kinds[t.frame.columns[-1]] == "numeric"  # Proline
    assert sum(k == "numeric" for k in t.kinds.values()) == 13


def test_data_nominal_codes_kept_as_written(tmp_path):
    """A .data code column read as nominal keeps every value exactly as written: '03' and '3', '1' and '1.0'
    stay apart, long digit strings are not rounded through a float; the domain is sorted by number, then text."""
    long = "12345678901234567890"  # float() would round it to 12345678901234567168
    t = read_uci_data(_write(tmp_path, "n.data", f"03,a\n3,b\n10,a\n2,?\n1.0,a\n1,b\n{long},a\n007,b\n"),
                      ["code", "y"], nominal=["code", "y"])
    assert list(t.frame["code"]) == ["03", "3", "10", "2", "1.0", "1", long, "007"]
    assert list(t.frame["code"].cat.categories) == ["1", "1.0", "2", "03", "3", "007", "10", long]
    assert t.frame["y"].isna().sum() == 1


def test_overflowing_number_stops_instead_of_inf(tmp_path):
    """`1e400` overflows a float: a .data or ARFF value must stop the read, not become inf silently."""
    with pytest.raises(DataFormatError, match=r"big\.data: line 2, column 'x': value '1e400' overflows"):
        read_uci_data(_write(tmp_path, "big.data", "1.5,a\n1e400,b\n"), ["x", "y"], nominal=["y"])
    arff_text = "@relation r\n@attribute x numeric\n@attribute y {a,b}\n@data\n1.5,a\n-1e400,b\n"
    with pytest.raises(DataFormatError, match=r"big\.arff: line 6, column 'x': the value in '-1e400,b' overflows"):
        read_arff(_write(tmp_path, "big.arff", arff_text))


def test_duplicate_data_columns_name_the_key(tmp_path):
    """A `source.columns` list that names a column twice is a config mistake, reported as such."""
    with pytest.raises(DataFormatError, match=r"source\.columns names \['a'\] more than once"):
        read_uci_data(_write(tmp_path, "d.data", "1,2,p\n"), ["a", "a", "cls"], nominal=["cls"])


def test_integer_attribute_values_are_kept_as_written(tmp_path):
    """Weka reads `integer` as numeric: 2.5 stays 2.5 (liac-arff alone truncates it to 2 silently and
    crashes on 1e400 with an OverflowError)."""
    head = "@relation r\n@attribute a integer\n@attribute c {p,n}\n@data\n"
    t = read_arff(_write(tmp_path, "i.arff", head + "2.5,p\n-3,n\n?,n\n"))
    np.testing.assert_array_equal(t.frame["a"].to_numpy()[:2], [2.5, -3.0])
    assert t.kinds["a"] == "numeric" and np.isnan(t.frame["a"].iloc[2])
    with pytest.raises(DataFormatError, match=r"i2\.arff: line 5, column 'a': the value in '1e400,p' overflows"):
        read_arff(_write(tmp_path, "i2.arff", head + "1e400,p\n"))
    with pytest.raises(DataFormatError, match=r"line 5, attribute 'a': value 'x' is not a number \(declared integer\)"):
        read_arff(_write(tmp_path, "i3.arff", head + "x,p\n"))


def _sixty_rows(stray: str | None) -> str:
    """60 rows, a numeric attribute that separates the classes (x < 30 ⇔ class a), one stray token at line 17."""
    lines = [f"{i}.5,{'a' if i < 30 else 'b'}" for i in range(60)]
    if stray is not None:
        lines[16] = f"{stray},a"
    return "\n".join(lines) + "\n"

# --- column kinds: by declaration, never by the values ----------------------------------------------
@pytest.mark.parametrize("stray", ["n/a", "", "NaN", "inf", "1_000", "1x"])
def test_stray_token_in_numeric_column_stops(tmp_path, stray):
    """One stray token in a declared numeric column stops the read, naming file, line, column and value
    (before: the column silently became nominal, accuracy fell from 98.3 to 53.3)."""
    p = _write(tmp_path, "sixty.data", _sixty_rows(stray))
    with pytest.raises(DataFormatError) as exc:
        read_uci_data(p, ["x", "y"], nominal=["y"])
    msg = str(exc.value)
    assert str(p) in msg and "line 17" in msg and "column 'x'" in msg
    assert (f"value {stray!r} is not a number, and the column is declared numeric" if stray else
            "empty value — if an empty field marks a missing value") in msg
    assert "missing_tokens" in msg  # the fix

def test_declared_missing_tokens_count_as_missing(tmp_path):
    lines = _sixty_rows("n/a").splitlines()
    lines[3], lines[5] = ",a", "?,a"
    p = _write(tmp_path, "sixty.data", "\n".join(lines) + "\n")
    t = read_uci_data(p, ["x", "y"], nominal=["y"], missing_tokens=["?", "n/a", ""])
    assert t.kinds == {"x": "numeric", "y": "nominal"}
    x = t.frame["x"].to_numpy()
    assert np.isnan(x[[3, 5, 16]]).all() and int(np.isnan(x).sum()) == 3
    assert x[0] == 0.5 and x[59] == 59.5
    # the recipe key reaches the reader through read_raw / load_dataset
    t2 = read_raw(p, {"columns": ["x", "y"], "nominal": ["y"]}, ["?", "n/a", ""])
    pd.testing.assert_frame_equal(t2.frame, t.frame)
    with pytest.raises(DataFormatError, match=r"line 4, column 'x': empty value"):
        read_raw(p, {"columns": ["x", "y"], "nominal": ["y"]})  # default: only '?' is missing

def test_empty_value_in_nominal_column_stops(tmp_path):
    p = _write(tmp_path, "e.data", "1,a\n2, \n3,b\n")
    with pytest.raises(DataFormatError, match=r"e\.data: line 2, column 'y': empty value.*missing_tokens"):
        read_uci_data(p, ["x", "y"], nominal=["y"])
    t = read_uci_data(p, ["x", "y"], nominal=["y"], missing_tokens=["?", ""])
    assert t.frame["y"].isna().tolist() == [False, True, False]

def test_kinds_must_be_declared(tmp_path):
    p = _write(tmp_path, "k.data", "1,a\n2,b\n")
    with pytest.raises(DataFormatError, match=r"k\.data: declare the column kinds.*numeric: \[\.\.\.\]"):
        read_raw(p, {"columns": ["x", "y"]})
    with pytest.raises(DataFormatError, match=r"exactly one: in both \['x'\], in neither \[\]"):
        read_uci_data(p, ["x", "y"], nominal=["x", "y"], numeric=["x"])
    # numeric: [] reads every column nominal, digits included, as written
    t = read_uci_data(p, ["x", "y"], numeric=[])
    assert t.kinds == {"x": "nominal", "y": "nominal"} and list(t.frame["x"]) == ["1", "2"]

def test_numeric_column_in_nominal_list_keeps_text(tmp_path):
    """A text column declared nominal is nominal; a declared numeric column with text stops (no guessing)."""
    p = _write(tmp_path, "m.data", "1,x,a\n2,y,b\n")
    with pytest.raises(DataFormatError, match=r"line 1, column 'v': value 'x' is not a number"):
        read_uci_data(p, ["u", "v", "w"], nominal=["w"])
    assert read_uci_data(p, ["u", "v", "w"], nominal=["v", "w"]).kinds["v"] == "nominal"

# --- nominal values exactly as written ----------------------------------------------------------------
def test_data_nominal_spaces_and_quotes_kept(tmp_path):
    p = _write(tmp_path, "q.data", '"a, b",1\n  it\'s ,2\n"say ""hi""",1\n\'x\',2\n')
    t = read_uci_data(p, ["s", "c"], numeric=[])
    assert list(t.frame["s"]) == ["a, b", "it's", 'say "hi"', "'x'"]  # CSV quoting; spaces around stripped
    assert list(t.frame["c"]) == ["1", "2", "1", "2"]

# --- encodings: never replace bytes silently --------------------------------------------------------
def test_latin1_bytes_stop_with_line(tmp_path):
    """Two Latin-1 values would both become 'caf\\ufffd' under errors='replace' and merge: stop instead."""
    p = tmp_path / "l.data"
    p.write_bytes("1,caf\u00e9\n2,caf\u00e8\n".encode("latin-1"))
    with pytest.raises(DataFormatError, match=r"l\.data: line 1: byte 0xe9 is not UTF-8.*iconv"):
        read_uci_data(p, ["x", "y"], nominal=["y"])
    a = tmp_path / "l.arff"
    a.write_bytes("@relation r\n@attribute y {caf\u00e9,b}\n@data\nb\ncaf\u00e9\n".encode("latin-1"))
    with pytest.raises(DataFormatError, match=r"l\.arff: line 2: byte 0xe9 is not UTF-8"):
        read_arff(a)

def test_utf8_bom_and_utf8_values_kept(tmp_path):
    p = tmp_path / "b.data"
    p.write_bytes(b"\xef\xbb\xbf" + "1,caf\u00e9\n2,cafe\u0301\n".encode("utf-8"))
    t = read_uci_data(p, ["x", "y"], nominal=["y"])
    assert t.frame["x"].tolist() == [1.0, 2.0]
    assert t.frame["y"].tolist() == ["caf\u00e9", "cafe\u0301"]  # not normalised: two values, as written

def test_space_separated_and_header_row_named(tmp_path):
    """Two real-file mistakes get their own message: UCI's space-separated files (ecoli.data) and a header row."""
    p = _write(tmp_path, "ecoli.data", "AAT_ECOLI   0.49  0.29  cp\nACEA_ECOLI  0.07  0.40  cp\n")
    with pytest.raises(DataFormatError, match=r"ecoli\.data: line 1 has 1 fields, expected 4 .* separated by spaces, "
                                              r"not commas"):
        read_uci_data(p, ["name", "mcg", "gvh", "class"], numeric=["mcg", "gvh"])
    p = _write(tmp_path, "h.data", "x,class\n1.5,a\n")
    with pytest.raises(DataFormatError, match=r"h\.data: line 1 holds the column names: a header row"):
        read_uci_data(p, ["x", "class"], nominal=["class"])


def test_trailing_comma_and_open_quote_are_named(tmp_path):
    """Two hostile-trial files (issue 35), each refused naming its cause and fix: a comma at the end of every line
    (was "has 4 fields"), and a quote left open that took 31 lines into one value (was "has 2 fields")."""
    p = _write(tmp_path, "t.data", "1,2,a,\n3,4,b,\n\n5,6,c,\n")
    with pytest.raises(DataFormatError) as exc:
        read_uci_data(p, ["u", "v", "w"], numeric=["u", "v"])
    assert str(exc.value) == (f"{p}: line 1 has 4 fields, expected 3 (u, v, w) — the line ends in a comma, which adds "
                              f"an empty value after the last column (every one of the file's 3 lines does): remove "
                              f"the trailing commas (e.g. sed -E -i 's/,[[:space:]]*$//' <file>)")
    p = _write(tmp_path, "t1.data", "1,2,a\n3,4,b,\n")
    with pytest.raises(DataFormatError, match=r"line 2 has 4 fields, expected 3 \(u, v, w\) — the line ends in a "
                                              r"comma, .* \(1 of the file's 2 lines do\): remove the trailing comma "):
        read_uci_data(p, ["u", "v", "w"], numeric=["u", "v"])
    p = _write(tmp_path, "q.data", "1,2,a\n3,\"4,b\n" + "5,6,c\n" * 31 + "7\",d\n9,1,e\n")
    with pytest.raises(DataFormatError) as exc:
        read_uci_data(p, ["u", "v", "w"], numeric=["u", "v"])
    assert str(exc.value) == (f"{p}: line 2: a quote (\") opens in value 2 (column 'v') and is closed only on line "
                              f"34, so lines 2-34 (33 lines) were read as one row of 3 values, expected 3 (u, v, w) — "
                              f"close the quote on line 2 or remove it (in a .data file a quoted value may hold a "
                              f"comma, never a line break; a quote inside a value is written \"\")")
    # the same quote with no closing one: the reader's own stop, at the line where the record starts
    p = _write(tmp_path, "q2.data", "1,2,a\n3,\"4,b\n" + "5,6,c\n" * 31)
    with pytest.raises(DataFormatError, match=r"q2\.data: line 2: unexpected end of data — a quote \(\"\) opened in "
                                              r"this record is never closed"):
        read_uci_data(p, ["u", "v", "w"], numeric=["u", "v"])
    # a quoted value holding a comma on its one line stays one value
    p = _write(tmp_path, "ok.data", "1,2,\"a, b\"\n3,4,b\n")
    assert read_uci_data(p, ["u", "v", "w"], numeric=["u", "v"]).frame["w"].tolist() == ["a, b", "b"]
