"""Raw-file variants that the readers used to refuse with a misleading message, or read silently wrong:
each is now read as Weka 3.9's ``ArffLoader`` reads it (the ``weka`` tests load the same file in Weka
and compare), or refused with a message naming the data set, the file, the line or config key, and
the fix.

The cases come from a hostile trial of the reader (issue 22, "Weaker messages"): compressed, UTF-16
and binary files; instance weights, inline comments and space-separated rows; ``date``, ``string``
and ``relational`` attributes; ``1_000``, non-ASCII digits, ``nan`` and ``Infinity`` in a numeric
column; ``source.columns`` for an ARFF file; a ``;``-separated file with decimal commas.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from aucacc.datasets import DataFormatError, RecipeError, load_dataset, read_arff, read_raw, read_uci_data
from aucacc.datasets import apply_recipe

RAW_DATA = Path(__file__).resolve().parents[2] / "data" / "raw"
HEAD = "@relation b\n@attribute a numeric\n@attribute class {p,n}\n@data\n"  # lines 1-4
ROWS = "1.5,p\n-2,n\n?,p\n"


def _put(folder: Path, name: str, data: bytes | str) -> Path:
    p = folder / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data.encode() if isinstance(data, str) else data)
    return p


def _config(tmp_path: Path, source: dict, recipe: dict | None = None) -> dict:
    """A config with one data set, 'broken', whose file is in ``tmp_path/raw_data``."""
    return {"cache": str(tmp_path / "cache"), "mirror": None, "raw_data": str(tmp_path / "raw_data"),
            "openml": False, "seed": 0,
            "datasets": {"broken": {"source": source, "recipe": recipe or {"target": "class", "missing": "keep"}}}}


def _load_error(tmp_path: Path, fname: str, data: bytes | str, source: dict | None = None,
                recipe: dict | None = None, error=DataFormatError) -> str:
    """The message of reading ``data`` as data set 'broken' (file ``fname``) through load_dataset."""
    _put(tmp_path / "raw_data", fname, data)
    with pytest.raises(error) as exc:
        load_dataset("broken", _config(tmp_path, {"file": fname, **(source or {})}, recipe))
    return str(exc.value)


def weka_frame(path: Path) -> tuple[pd.DataFrame, list[float]]:
    """Weka 3.9's reading of ``path`` (ArffLoader): a frame like ours (nominal values as text, NaN for
    missing, numbers as Weka stores them) and the instance weights."""
    from weka.core.converters import Loader

    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(path))
    cols, domains = {}, {}
    for j in range(data.num_attributes):
        att = data.attribute(j)
        vals = np.asarray(data.jobject.attributeToDoubleArray(j), dtype=float)  # NaN where missing
        if att.is_nominal:
            values = att.values  # one call into Java per attribute, not one per cell
            domains[att.name] = values
            cols[att.name] = [None if np.isnan(v) else values[int(v)] for v in vals]
        else:
            cols[att.name] = list(vals)
    weights = [float(data.jobject.instance(i).weight()) for i in range(data.num_instances)]
    frame = pd.DataFrame(cols)
    frame.attrs["domains"] = domains  # nominal attribute → its declared values, in order
    return frame, weights


def weka_refuses(path: Path) -> str:
    """Weka's error message on loading ``path`` (the test fails if Weka reads it)."""
    from weka.core.converters import Loader

    with pytest.raises(Exception) as exc:
        Loader(classname="weka.core.converters.ArffLoader").load_file(str(path))
    return str(exc.value)


def assert_same_as_weka(ours: pd.DataFrame, path: Path) -> None:
    theirs, weights = weka_frame(path)
    assert list(ours.columns) == list(theirs.columns)
    assert weights == [1.0] * len(ours)
    for col, domain in theirs.attrs["domains"].items():
        assert list(ours[col].cat.categories) == domain, col
    for col in ours.columns:
        a = ours[col].astype(object).where(ours[col].notna(), None).tolist()
        b = theirs[col].astype(object).where(theirs[col].notna(), None).tolist()
        assert a == b, col


# --- compressed, UTF-16 and binary files ------------------------------------------------------------

def test_gzip_arff_is_read(tmp_path):
    plain = read_arff(_put(tmp_path, "g.arff", HEAD + ROWS))
    gz = read_arff(_put(tmp_path, "g.arff.gz", gzip.compress((HEAD + ROWS).encode())))
    pd.testing.assert_frame_equal(gz.frame, plain.frame)
    assert gz.kinds == plain.kinds and gz.relation == "b"
    # through the workflow's path: read_raw picks the ARFF reader for .arff.gz
    t = read_raw(tmp_path / "g.arff.gz", {"file": "g.arff.gz"})
    pd.testing.assert_frame_equal(t.frame, plain.frame)
    # and a gzipped .data file
    d = read_raw(_put(tmp_path, "g.data.gz", gzip.compress(b"1.5,p\n2,n\n")), {"columns": ["a", "class"],
                                                                               "nominal": ["class"]})
    assert list(d.frame["a"]) == [1.5, 2.0] and list(d.frame["class"]) == ["p", "n"]


@pytest.mark.weka
def test_gzip_arff_equals_weka(tmp_path, weka):
    p = _put(tmp_path, "g.arff.gz", gzip.compress((HEAD + ROWS).encode()))
    assert_same_as_weka(read_arff(p).frame, p)


@pytest.mark.parametrize("fname, data, says", [
    ("z.arff", gzip.compress((HEAD + ROWS).encode(), mtime=0),
     "the file is gzip-compressed, not a text data file — name it z.arff.gz (in source.file too)"),
    ("z.arff.gz", (HEAD + ROWS).encode(), "the name ends in .gz but the file is not gzip-compressed"),
    ("z.arff.gz", gzip.compress((HEAD + ROWS).encode(), mtime=0)[:30], "the gzip file is damaged or truncated"),
    ("z.arff", (HEAD + ROWS).encode("utf-16"), "the file is UTF-16 text (byte-order mark of UTF-16LE); the readers "
                                               "read UTF-8 — convert it (iconv -f UTF-16 -t UTF-8)"),
    ("z.arff", b"\xfe\xff" + (HEAD + ROWS).encode("utf-16-be"), "the file is UTF-16 text (byte-order mark of UTF-16BE)"),
    ("z.arff", (HEAD + ROWS).encode("utf-16-le"), "looks like UTF-16LE text without a byte-order mark"),
    ("z.arff", (HEAD + ROWS).encode("utf-32"), "the file is UTF-32 text"),
    ("z.arff", bytes(range(256)) * 8, "line 1: byte 0x00 at offset 0 — the file is binary"),
    ("z.arff", b"PK\x03\x04" + bytes(100), "the file is a zip archive, not a text data file — extract"),
    ("z.data", b"\x89PNG\r\n\x1a\n" + bytes(range(1, 9)) * 40, "the file is binary"),
])
def test_not_text_files_get_their_own_fix(tmp_path, fname, data, says):
    """Before: each got the advice to convert from Latin-1 with iconv, which would corrupt the file."""
    msg = _load_error(tmp_path, fname, data, {"columns": ["a", "class"], "nominal": ["class"]}
                      if fname.endswith(".data") else {})
    assert msg.startswith(f"data set 'broken', {tmp_path / 'raw_data' / fname}: "), msg
    assert says in msg, msg
    assert "latin" not in msg.lower(), msg


def test_latin1_text_still_gets_the_latin1_fix(tmp_path):
    msg = _load_error(tmp_path, "l.arff", "@relation b\n@attribute a {café,x}\n@data\ncafé\n".encode("latin-1"))
    assert "line 2: byte 0xe9 is not UTF-8" in msg and "iconv -f latin1 -t utf-8" in msg


@pytest.mark.weka
def test_weka_reads_no_utf16_or_gzip_named_arff(tmp_path, weka):
    """Weka reads a gzip file only by its name (.arff.gz), and no UTF-16: refusing these matches it."""
    for name, data in [("z.arff", gzip.compress((HEAD + ROWS).encode())), ("u.arff", (HEAD + ROWS).encode("utf-16"))]:
        assert "keyword @relation expected" in weka_refuses(_put(tmp_path, name, data))


# --- data rows as Weka's tokenizer reads them -----------------------------------------------------------

COMMENTED = (HEAD.replace("numeric", "numeric % a number") + "1.5,p % first\n-2 , n%second\n% whole line\n"
             "   % indented\n?,'p' % third\n")
SPACED = HEAD + "1.5 p\n-2\tn\n?  ,  p\n3,\t n\n"


@pytest.mark.weka
@pytest.mark.parametrize("fname", sorted(p.name for p in RAW_DATA.glob("*.arff")))
def test_committed_arff_files_equal_weka(weka, fname):
    """Every ARFF file of data/raw reads as Weka 3.9's ArffLoader reads it: same attributes, values, missing values."""
    path = RAW_DATA / fname
    assert_same_as_weka(read_arff(path).frame, path)


def test_inline_comments_are_cut(tmp_path):
    t = read_arff(_put(tmp_path, "c.arff", COMMENTED))
    np.testing.assert_array_equal(t.frame["a"].to_numpy(), [1.5, -2.0, np.nan])
    assert list(t.frame["class"].astype(object)) == ["p", "n", "p"]
    assert t.notes == []  # a comment is no data
    # '%' inside quotes is a value, not a comment
    q = read_arff(_put(tmp_path, "q.arff", "@relation b\n@attribute s {'50%',x}\n@data\n'50%'\nx % c\n"))
    assert list(q.frame["s"].astype(object)) == ["50%", "x"]


def test_space_and_tab_separated_rows(tmp_path):
    t = read_arff(_put(tmp_path, "s.arff", SPACED))
    np.testing.assert_array_equal(t.frame["a"].to_numpy(), [1.5, -2.0, np.nan, 3.0])
    assert list(t.frame["class"].astype(object)) == ["p", "n", "p", "n"]
    assert t.notes == ["2 data rows have values separated by spaces or tabs; read as Weka 3.9's ArffLoader does "
                       "(as separators)"]
    # quoted values keep their spaces
    q = read_arff(_put(tmp_path, "q.arff", "@relation b\n@attribute s {'a b',c}\n@attribute n numeric\n@data\n"
                                            "'a b' 2\nc\t3\n"))
    assert list(q.frame["s"].astype(object)) == ["a b", "c"] and list(q.frame["n"]) == [2.0, 3.0]


@pytest.mark.weka
@pytest.mark.parametrize("text", [COMMENTED, SPACED, HEAD + "1.5,p,{1}\n-2,n, {1.0}\n?,p\n"], ids=["comments",
                                                                                                   "spaces", "weight1"])
def test_rows_equal_weka(tmp_path, weka, text):
    p = _put(tmp_path, "w.arff", text)
    assert_same_as_weka(read_arff(p).frame, p)


def test_instance_weight_one_is_read_other_weights_refused(tmp_path):
    t = read_arff(_put(tmp_path, "w1.arff", HEAD + "1.5,p,{1}\n-2,n, {1.0}\n?,p\n"))
    np.testing.assert_array_equal(t.frame["a"].to_numpy(), [1.5, -2.0, np.nan])
    assert t.notes == ["2 data rows carry the instance weight {1}, the weight every row has; read as Weka 3.9's "
                       "ArffLoader does"]
    msg = _load_error(tmp_path, "w.arff", HEAD + "1.5,p\n-2,n,{2}\n")
    assert msg.startswith(f"data set 'broken', {tmp_path / 'raw_data' / 'w.arff'}: line 6: the row carries the "
                          "instance weight {2}"), msg
    assert "the learners here take no instance weights" in msg and "Line 6 reads '-2,n,{2}'" in msg
    assert "Use an unweighted copy of the data set, or delete the weights" in msg
    sparse = _load_error(tmp_path, "ws.arff", HEAD + "{0 1.5,1 p} {0.5}\n")
    assert "line 5: the row carries the instance weight {0.5}" in sparse
    bad = _load_error(tmp_path, "wx.arff", HEAD + "1.5,p,{x}\n")
    assert "line 5: instance weight {x} is not a number" in bad


@pytest.mark.weka
def test_weka_honours_instance_weights(tmp_path, weka):
    """Why a weight other than 1 is refused: Weka weighs the row by it (the learners here take none)."""
    _, weights = weka_frame(_put(tmp_path, "w.arff", HEAD + "1.5,p,{2}\n-2,n, {0.5}\n{0 3,1 n} {4}\n"))
    assert weights == [2.0, 0.5, 4.0]


def test_sparse_rows_are_read(tmp_path):
    t = read_arff(_put(tmp_path, "sp.arff", HEAD + "{0 1.5,1 p}\n{1 n}\n"))
    np.testing.assert_array_equal(t.frame["a"].to_numpy(), [1.5, 0.0])
    assert list(t.frame["class"].astype(object)) == ["p", "n"]


# --- date, string and relational attributes ------------------------------------------------------------

DATES = ("@relation d\n@attribute d date\n@attribute e date 'yyyy-MM-dd'\n@attribute f date \"dd.MM.yyyy HH:mm\"\n"
         "@attribute g date yyyyMMdd\n@attribute class {p,n}\n@data\n"
         "2001-02-03T04:05:06,2001-02-03,'03.02.2001 04:05',20010203,p\n"
         "?,'1970-01-02',\"31.12.1969 23:59\",19691231,n\n"
         "1999-12-31T23:59:59,2024-02-29,'1.1.2000 0:00',20000101,p\n")


def test_dates_are_read_as_weka_stores_them(tmp_path):
    """Weka stores a date as milliseconds since 1970-01-01 (in the JVM's time zone; here UTC)."""
    t = read_arff(_put(tmp_path, "d.arff", DATES))
    assert t.kinds == {"d": "numeric", "e": "numeric", "f": "numeric", "g": "numeric", "class": "nominal"}
    # 2001-02-03 = 11356 days after 1970-01-01; 04:05:06 = 14706 s
    np.testing.assert_array_equal(t.frame["d"].to_numpy(), [(11356 * 86400 + 14706) * 1000, np.nan, 946684799000])
    np.testing.assert_array_equal(t.frame["e"].to_numpy(), [11356 * 86400000, 86400000, 1709164800000])
    np.testing.assert_array_equal(t.frame["f"].to_numpy(), [(11356 * 86400 + 14700) * 1000, -60000, 946684800000])
    np.testing.assert_array_equal(t.frame["g"].to_numpy(), [11356 * 86400000, -86400000, 946684800000])


@pytest.mark.weka
def test_dates_equal_weka(tmp_path, weka):
    from jpype import JClass

    tz = JClass("java.util.TimeZone")
    old = tz.getDefault()
    tz.setDefault(tz.getTimeZone("UTC"))  # Weka parses dates in the JVM's time zone; ours are UTC
    try:
        p = _put(tmp_path, "d.arff", DATES)
        assert_same_as_weka(read_arff(p).frame, p)
    finally:
        tz.setDefault(old)


@pytest.mark.parametrize("decl, row, says", [
    ("date 'dd MMM yyyy'", "'03 Feb 2001'", "whose 'MMM' the reader does not parse"),
    ("date 'yy-MM-dd'", "01-02-03", "whose 'yy' the reader does not parse"),
    ("date", "2001-02-03", "line 5, attribute 'd': value '2001-02-03' does not match the format "
                           "\"yyyy-MM-dd'T'HH:mm:ss\""),
    ("date 'yyyy-MM-dd'", "2001-13-01", "line 5, attribute 'd': value '2001-13-01' is not a date (month must be"),
    ("date 'yyyy-MM-dd'", "1500-01-01", "is before the Gregorian calendar"),
])
def test_dates_weka_would_read_otherwise_are_refused(tmp_path, decl, row, says):
    msg = _load_error(tmp_path, "d.arff", f"@relation d\n@attribute d {decl}\n@attribute class {{p,n}}\n@data\n"
                                          f"{row},p\n")
    assert msg.startswith(f"data set 'broken', {tmp_path / 'raw_data' / 'd.arff'}: "), msg
    assert says in msg, msg
    assert "drop_columns" in msg, msg


@pytest.mark.parametrize("decl, value, kind", [
    ("string", "'some text'", "string attribute"),
    ("relational\n  @attribute x numeric\n  @attribute y {u,v}\n@end r", "'1,u\\n2,v'", "relational attribute"),
])
def test_string_and_relational_attributes_must_be_dropped(tmp_path, decl, value, kind):
    text = f"@relation t\n@attribute r {decl}\n@attribute a numeric\n@attribute class {{p,n}}\n@data\n{value},1,p\n" \
           f"{value},2,n\n"
    msg = _load_error(tmp_path, "s.arff", text, error=RecipeError)
    assert msg == (f"data set 'broken': s.arff has the {kind} 'r', which the learners cannot use (they take nominal "
                   "and numeric attributes): drop it (config key 'datasets.broken.recipe.drop_columns', e.g. "
                   f"drop_columns: {{r: {kind}}})")
    ds = load_dataset("broken", _config(tmp_path, {"file": "s.arff"},
                                        {"target": "class", "drop_columns": {"r": "free text"}}))
    assert list(ds.X.columns) == ["a"] and list(ds.X["a"]) == [1.0, 2.0]
    assert ds.exclusions[0]["step"] == "drop_columns" and ds.exclusions[0]["columns_removed"] == ["r"]


@pytest.mark.weka
def test_weka_reads_string_and_relational(tmp_path, weka):
    """Weka reads both kinds (so refusing the file would be wrong); the learners here cannot use them."""
    text = ("@relation t\n@attribute s string\n@attribute r relational\n  @attribute x numeric\n@end r\n"
            "@attribute class {p,n}\n@data\n'a b','1\\n2',p\n")
    t = read_arff(_put(tmp_path, "s.arff", text))
    assert t.kinds == {"s": "string", "r": "relational", "class": "nominal"}
    assert list(t.frame["s"]) == ["a b"]
    from weka.core.converters import Loader

    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(tmp_path / "s.arff"))
    assert data.num_instances == 1 and [data.attribute(j).name for j in range(3)] == ["s", "r", "class"]


def test_class_of_a_string_attribute_is_named_so(tmp_path):
    msg = _load_error(tmp_path, "s.arff", "@relation t\n@attribute a numeric\n@attribute class string\n@data\n1,p\n",
                      error=RecipeError)
    assert "'datasets.broken.recipe.target' = 'class' is string attribute; a class must be nominal" in msg


# --- numbers: one rule for both readers ------------------------------------------------------------------

NOT_NUMBERS = [("1_000", "'_' digit separators"), ("١٢", "not ASCII 0-9"), ("１２", "not ASCII 0-9"),
               ("nan", "it is NaN"), ("NaN", "it is NaN"), ("Infinity", "it is infinite"),
               ("-Infinity", "it is infinite"), ("inf", "it is infinite")]


@pytest.mark.parametrize("token, why", NOT_NUMBERS)
def test_number_lookalikes_are_refused_by_both_readers(tmp_path, token, why):
    """float() reads each of these; the shared rule (is_number) refuses them, in ARFF and .data alike."""
    msg = _load_error(tmp_path, "n.arff", HEAD + f"1.5,p\n{token},n\n")
    assert msg.startswith(f"data set 'broken', {tmp_path / 'raw_data' / 'n.arff'}: line 6, attribute 'a': value "
                          f"{token!r} is not a number ("), msg
    assert why in msg and "mark it missing ('?')" in msg and f"Line 6 reads '{token},n'" in msg, msg
    msg = _load_error(tmp_path, "n.data", f"1.5,p\n{token},n\n", {"columns": ["a", "class"], "nominal": ["class"]})
    assert msg.startswith(f"data set 'broken', {tmp_path / 'raw_data' / 'n.data'}: line 2, column 'a': value "
                          f"{token!r} is not a number, and the column is declared numeric ("), msg
    assert why in msg and "missing_tokens" in msg, msg
    # in a sparse ARFF row too
    msg = _load_error(tmp_path, "s.arff", HEAD + f"{{0 {token},1 p}}\n")
    assert f"line 5, attribute 'a': value {token!r} is not a number (" in msg, msg


@pytest.mark.weka
@pytest.mark.parametrize("token, weka_value", [("1_000", None), ("١٢", None), ("１２", None), ("nan", None),
                                               ("inf", None), ("NaN", "missing"), ("Infinity", np.inf),
                                               ("-Infinity", -np.inf), ("1e400", np.inf)])
def test_weka_reading_of_number_lookalikes(tmp_path, weka, token, weka_value):
    """What Weka does with each (None: refuses, "number expected"); the messages above say so."""
    p = _put(tmp_path, "n.arff", HEAD + f"{token},p\n")
    if weka_value is None:
        assert "number expected" in weka_refuses(p)
    else:
        frame, _ = weka_frame(p)
        v = frame["a"].iloc[0]
        assert np.isnan(v) if weka_value == "missing" else v == weka_value


def test_nominal_values_that_look_like_numbers_are_kept(tmp_path):
    t = read_arff(_put(tmp_path, "k.arff", "@relation k\n@attribute c {1_000,nan,Infinity}\n@data\n1_000\nnan\n"
                                           "Infinity\n"))
    assert list(t.frame["c"].astype(object)) == ["1_000", "nan", "Infinity"]


# --- source.columns / nominal / numeric for an ARFF file ------------------------------------------------

@pytest.mark.parametrize("source, says", [
    ({"columns": ["x", "class"]}, "config key 'datasets.broken.source.columns' = ['x', 'class'] does not match the "
                                  "ARFF header's attributes ['a', 'class']. An ARFF file names its own columns: "
                                  "remove 'datasets.broken.source.columns'"),
    ({"columns": ["class", "a"]}, "does not match the ARFF header's attributes ['a', 'class']"),
    ({"nominal": ["a", "class"]}, "config key 'datasets.broken.source.nominal' lists ['a'], but the ARFF header "
                                  "declares {'a': 'numeric'}"),
    ({"numeric": ["z"]}, "config key 'datasets.broken.source.numeric' lists ['z'], but the ARFF header declares "
                         "{'z': 'not an attribute'}"),
])
def test_source_columns_contradicting_the_arff_header_are_refused(tmp_path, source, says):
    msg = _load_error(tmp_path, "c.arff", HEAD + ROWS, source)
    assert msg.startswith(f"data set 'broken', {tmp_path / 'raw_data' / 'c.arff'}: "), msg
    assert says in msg, msg


def test_source_columns_agreeing_with_the_arff_header_are_accepted(tmp_path):
    _put(tmp_path / "raw_data", "c.arff", HEAD + ROWS)
    ds = load_dataset("broken", _config(tmp_path, {"file": "c.arff", "columns": ["a", "class"], "nominal": ["class"],
                                                   "numeric": ["a"]}))
    assert list(ds.X.columns) == ["a"] and len(ds.y) == 3


# --- ';'-separated files with decimal commas -------------------------------------------------------------

@pytest.mark.parametrize("text, line, says", [
    ("1,5;2,25;p\n3;4;n\n", 2, "line 2 has 1 fields, expected 3 (a, b, class) — its 3 values are separated by "
                               "';' with decimal commas ('1,5' for '1.5'), not by commas: convert the file to "
                               "comma-separated with decimal points"),
    ("1,5;2,25;p\n", 1, "column 'b': value '5;2' is not a number — its 3 values are separated by ';' with decimal "
                        "commas ('1,5' for '1.5')"),
    ("1,5;2;p\n3;4;n\n", 1, "line 1 has 2 fields, expected 3 (a, b, class) — its 3 values are separated by ';' "
                            "with decimal commas ('1,5' for '1.5')"),
    ("1;2;p\n3;4;n\n", 1, "line 1 has 1 fields, expected 3 (a, b, class) — its 3 values are separated by ';', not "
                          "by commas: convert the file to comma-separated"),
])
def test_semicolon_separated_data_gets_a_hint(tmp_path, text, line, says):
    msg = _load_error(tmp_path, "eu.data", text, {"columns": ["a", "b", "class"], "nominal": ["class"]})
    assert msg.startswith(f"data set 'broken', {tmp_path / 'raw_data' / 'eu.data'}: line {line}"), msg
    assert says in msg, msg
    assert "truncated or malformed" not in msg and "missing_tokens" not in msg


def test_space_separated_data_hint_unchanged(tmp_path):
    with pytest.raises(DataFormatError, match="separated by spaces, not commas"):
        read_uci_data(_put(tmp_path, "s.data", "1 2 p\n"), ["a", "b", "class"], nominal=["class"])


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode())
    return p

def test_arff_nominal_codes_kept_as_written(tmp_path):
    long = "12345678901234567890"
    p = _write(tmp_path, "c.arff", "@relation c\n@attribute code {03,3,1,1.0,%s,'x y','it\\'s'}\n"
                                   "@attribute class {p,n}\n@data\n03,p\n3,n\n1.0,p\n1,n\n%s,p\n'x y',n\n'it\\'s',p\n"
               % (long, long))
    t = read_arff(p)
    assert list(t.frame["code"]) == ["03", "3", "1.0", "1", long, "x y", "it's"]
    assert list(t.frame["code"].cat.categories) == ["03", "3", "1", "1.0", long, "x y", "it's"]  # declared order

# --- ARFF rows ending in a comma: read as Weka 3.9 reads them -----------------------------------------
MOA = ("@relation moa\n@attribute num numeric\n@attribute code {01,1,1.0,'x y'}\n@attribute class {p,q}\n@data\n"
       "1,01,p,\n2.25,'x y',q,\n3.5,1.0,p , \n?,1,q,,\n-4e-1,?,p,\r\n")

def test_arff_trailing_commas_read(tmp_path):
    t = read_arff(_write(tmp_path, "moa.arff", MOA))
    assert t.frame.shape == (5, 3)
    assert list(t.frame["code"].astype(object).where(t.frame["code"].notna(), None)) == ["01", "x y", "1.0", "1", None]
    np.testing.assert_array_equal(t.frame["num"].to_numpy(), [1.0, 2.25, 3.5, np.nan, -0.4])
    assert t.notes == ["5 data rows end with a comma; read as Weka 3.9's ArffLoader does (as if it were not there)"]
    # recorded with the exclusions of the clean data set
    ds = apply_recipe(t, {"target": "class", "missing": "keep"}, "moa")
    assert ds.exclusions[0]["step"] == "read" and "5 data rows end with a comma" in ds.exclusions[0]["detail"]

@pytest.mark.weka
def test_arff_trailing_commas_equal_weka(tmp_path, weka):
    from weka.core.converters import Loader

    p = _write(tmp_path, "moa.arff", MOA)
    ours = read_arff(p).frame
    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(p))
    assert data.num_instances == len(ours) and data.num_attributes == ours.shape[1]
    for j, col in enumerate(ours.columns):
        att = data.attribute(j)
        assert att.name == col
        for i in range(len(ours)):
            inst = data.get_instance(i)
            ours_v = ours[col].iloc[i]
            if inst.is_missing(j):
                assert pd.isna(ours_v), (i, col)
            elif att.is_nominal:
                assert att.value(int(inst.get_value(j))) == ours_v, (i, col)
                assert list(ours[col].cat.categories) == att.values
            else:
                assert inst.get_value(j) == ours_v, (i, col)

@pytest.mark.parametrize("row, pattern", [
    ("1,,p", r"line 6: value 2 is empty"),  # Weka would read '1,p' and then fail or shift values
    (",1,01,p", r"line 6: value 1 is empty"),
    ("x,01,p", r"line 6, attribute 'num': value 'x' is not a number"),
    ("1,02,p", r"line 6, attribute 'code': value '02' is not declared"),
    ("1,01", r"line 6 has 2 values, expected 3"),
])
def test_arff_bad_rows_name_line_attribute_value(tmp_path, row, pattern):
    head = MOA.split("@data\n")[0] + "@data\n"
    p = _write(tmp_path, "bad.arff", head + row + "\n")
    with pytest.raises(DataFormatError, match=pattern) as exc:
        read_arff(p)
    assert str(p) in str(exc.value)

def test_missing_tokens_refused_for_arff(tmp_path):
    p = _write(tmp_path, "m.arff", MOA)
    with pytest.raises(DataFormatError, match=r"missing_tokens \['\?', 'n/a'\] applies to text files without types \(\.data, \.csv, \.tsv\)"):
        read_raw(p, {"file": "m.arff"}, ["?", "n/a"])

def test_arff_repeated_nominal_value_named(tmp_path):
    p = _write(tmp_path, "d.arff", "@relation r\n@attribute a numeric\n@attribute c {x,x,y}\n@data\n1,x\n2,y\n")
    with pytest.raises(DataFormatError, match=r"d\.arff: line 3 \('@attribute c \{x,x,y\}'\), attribute 'c' "
                                              r"declares the nominal values \['x'\] more than once"):
        read_arff(p)
