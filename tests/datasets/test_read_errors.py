"""Read errors of raw files name the data set, the file the cached copy came from (``data/raw/...``,
the mirror's file or the URL) and the line — never only the cache path ``resources/raw/<ds>/sha256-…`` —
and liac-arff's errors quote the offending line of the ARFF file.

Every case goes through the public read path (``load_dataset``: fetch into the cache, then
``clean_raw_file``, which the workflow's ``clean`` job calls too).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aucacc.datasets import DataFormatError, load_dataset, read_arff
from aucacc.datasets.fetch import cache_path, raw_origin

HEAD = "@relation b\n@attribute a numeric\n@attribute class {p,n}\n@data\n"  # lines 1-4
DATA_SOURCE = {"columns": ["a", "class"], "nominal": ["class"]}


def _config(tmp_path: Path, source: dict, folder: str = "raw_data") -> dict:
    cfg = {"cache": str(tmp_path / "resources" / "raw"), "mirror": None, "raw_data": None, "openml": False, "seed": 0,
           "datasets": {"broken": {"source": source, "recipe": {"target": "class"}}}}
    cfg[folder] = str(tmp_path / folder)
    return cfg


def _put(tmp_path: Path, folder: str, name: str, text: bytes | str) -> Path:
    p = tmp_path / folder / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(text.encode() if isinstance(text, str) else text)
    return p


def _read_error(config: dict) -> str:
    with pytest.raises(DataFormatError) as exc:
        load_dataset("broken", config)
    return str(exc.value)


@pytest.mark.parametrize("fname, text, source, line, says", [
    ("b.arff", HEAD + "1,p\nx,n\n", {}, 6, "attribute 'a': value 'x' is not a number"),
    ("b.arff", HEAD + "1,p\n2,q\n", {}, 6, "value 'q' is not declared"),
    ("b.arff", HEAD + "1,p\n2\n", {}, 6, "has 1 values, expected 2"),
    ("b.arff", HEAD + "1,,p\n", {}, 5, "value 2 is empty"),
    ("b.arff", HEAD + "1,p\n1e400,n\n", {}, 6, "overflows a 64-bit float"),
    ("b.arff", HEAD.replace("numeric", "numerc") + "1,p\n", {}, 2, "Bad @ATTRIBUTE type"),
    ("b.arff", b"@relation b\n@attribute a {caf\xe9}\n@data\n", {}, 2, "is not UTF-8"),
    ("b.data", "1,p\n2,n\n3\n", DATA_SOURCE, 3, "has 1 fields, expected 2"),
    ("b.data", "1,p\n\nx,n\n", DATA_SOURCE, 3, "column 'a': value 'x' is not a number"),
    ("b.data", "1,p\n2,\n", DATA_SOURCE, 2, "column 'class': empty value"),
])
@pytest.mark.parametrize("folder", ["raw_data", "mirror"])
def test_read_error_names_data_set_original_file_and_line(tmp_path, monkeypatch, folder, fname, text, source, line,
                                                           says):
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    original = _put(tmp_path, folder, fname, text)
    config = _config(tmp_path, {"file": fname, **source}, folder)
    msg = _read_error(config)
    assert msg.startswith(f"data set 'broken', {original}: line {line}"), msg
    assert says in msg, msg
    cached = cache_path("broken", config["datasets"]["broken"]["source"], config)
    assert cached.is_file()  # the copy in the cache is what was read ...
    assert str(cached) not in msg and "sha256-" not in msg and "unpinned" not in msg  # ... but is not named


def test_read_error_of_a_downloaded_file_names_its_url(tmp_path, monkeypatch):
    """A file that came from source.url (no local copy) is named by its URL."""
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    url = "https://example.invalid/uci/b.arff"
    config = _config(tmp_path, {"url": url})
    cached = cache_path("broken", {"url": url}, config)
    _put(cached.parent, ".", cached.name, HEAD + "1,p\nx,n\n")  # as a download would have left it
    msg = _read_error(config)
    assert msg.startswith(f"data set 'broken', b.arff (downloaded from {url}): line 6"), msg
    assert str(cached) not in msg


def test_raw_origin():
    config = {"mirror": None, "raw_data": None}
    assert raw_origin("x", {"url": "https://h/x.arff", "openml_id": 7}, config) == \
        "x.arff (downloaded from https://h/x.arff or OpenML data set id 7)"
    assert raw_origin("x", {"openml_id": 7}, config) == "openml-7.arff (OpenML data set id 7)"
    # a mirror folder that does not exist is the fetch step's error; the name falls back
    assert raw_origin("x", {"file": "x.arff"}, {"mirror": "/no/such/folder", "raw_data": None}) == "x.arff"


# --- liac-arff's messages quote the offending line -----------------------------------------------------

@pytest.mark.parametrize("text, line, quoted, says", [
    ("@relation t\n@attribute a numeric\n@attribute b foo\n@data\n1,x\n", 3, "'@attribute b foo'",
     "Bad @ATTRIBUTE type"),
    ("@relation t\n@attribute a numeric\n@attribute 'b c' {x,y\n@data\n1,x\n", 3, "\"@attribute 'b c' {x,y\"",
     "Bad @ATTRIBUTE"),
    ("@relation t extra words\n@attribute a numeric\n@data\n1\n", 1, "'@relation t extra words'",
     "Bad @RELATION format"),
    ("@relation t\n@attribute a numeric\n@relation again\n@data\n1\n", 3, "'@relation again'", "Invalid layout"),
    ("@relation t\n@attribute a numeric\n@attribute a {x}\n@data\n1,x\n", 3, "'@attribute a {x}'",
     "Bad @ATTRIBUTE name a"),
    # blank lines before the header: liac-arff strips them and counts from the first non-blank line
    ("\n\n\n@relation t\n@attribute a numeric\n@attribute b foo\n@data\n1,x\n", 6, "'@attribute b foo'",
     "Bad @ATTRIBUTE type, at line 6"),
    ("\n\n" + HEAD + "1,p\nabc,n\n", 8, "'abc,n'", "Invalid numerical value, at line 8"),
])
def test_liac_arff_errors_quote_the_line(tmp_path, text, line, quoted, says):
    p = _put(tmp_path, ".", "q.arff", text)
    with pytest.raises(DataFormatError) as exc:
        read_arff(p)
    msg = str(exc.value)
    assert msg.startswith(f"{p}: line {line}"), msg
    assert f"Line {line} reads {quoted}" in msg, msg
    assert says in msg, msg


def test_long_lines_are_quoted_cut(tmp_path):
    row = ",".join(["1"] * 200)  # 200 values for 2 attributes
    p = _put(tmp_path, ".", "long.arff", HEAD + row + "\n")
    with pytest.raises(DataFormatError, match=r"line 5 has 200 values, expected 2") as exc:
        read_arff(p)
    quoted = str(exc.value).split("Line 5 reads ")[1].split(" — ")[0]
    assert quoted.endswith("...'") and len(quoted) == 160 + 2


def test_header_errors_after_parsing_name_the_attribute_line(tmp_path):
    p = _put(tmp_path, ".", "d.arff", "@relation t\n% note\n@attribute a {x,y,x}\n@attribute class {p,n}\n@data\nx,p\n")
    with pytest.raises(DataFormatError, match=r"d\.arff: line 3 \('@attribute a \{x,y,x\}'\), attribute 'a' "
                                              r"declares the nominal values \['x'\] more than once"):
        read_arff(p)
    # string, date and relational attributes: tests/datasets/test_arff_io.py


def test_no_data_line(tmp_path):
    for text in ("@relation t\n@attribute a numeric\n", ""):
        p = _put(tmp_path, ".", "n.arff", text)
        with pytest.raises(DataFormatError, match=r"n\.arff: no @data line — not a complete ARFF file"):
            read_arff(p)
