"""Readers for raw UCI files: ARFF (liac-arff, with the repairs real files need) and headerless ``.data``.

Both readers return a :class:`RawTable`: a DataFrame whose nominal columns are pandas
Categoricals with the declared domain in declared order (Weka keeps unused declared values,
and both naive Bayes' Laplace counts and C4.5's branches depend on them), numeric columns
float64, and missing values NaN.
"""

from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd


class DataFormatError(ValueError):
    """A raw data file cannot be read; the message names the file, the line and the fix."""


@dataclass
class RawTable:
    """A raw table as read from disk.

    Attributes
    ----------
    frame : DataFrame, shape (n_rows, n_columns); nominal columns Categorical, numeric float64.
    kinds : column → ``"nominal"`` or ``"numeric"``.
    path : the file read.
    relation : ARFF relation name (the file stem for ``.data`` files).
    notes : what the reader did to the file as written (e.g. ARFF rows ending in a comma read as
        Weka does); the recipe records them with the exclusions.
    """

    frame: pd.DataFrame
    kinds: dict[str, str]
    path: Path
    relation: str = ""
    notes: list[str] = field(default_factory=list)


# `integer [1,10]` / `real [0,1]` ranges: legal in Weka, rejected by liac-arff.
_RANGE = re.compile(r"(?im)^(\s*@attribute\s+(?:'[^']*'|\"[^\"]*\"|\S+)\s+(?:integer|real|numeric))\s*\[[^\]\n]*\]")
_DATA = re.compile(r"(?im)^\s*@data\b")
# A number as written in UCI and ARFF files: optional sign, digits with an optional point
# (`.25`, `03`, `4.`), optional exponent. Stricter than float(): `nan`, `inf`, `1_000` are not numbers.
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")

#: Token that marks a missing value when the recipe declares no ``missing_tokens`` (UCI and ARFF: ``?``).
DEFAULT_MISSING_TOKENS = ("?",)


def _read_text(path: Path) -> str:
    """The file as UTF-8 text (a byte-order mark dropped); bytes that are not UTF-8 are an error, never replaced.

    Replacing them would merge distinct nominal values (``café`` and ``cafè`` in Latin-1 both
    become ``caf\ufffd``), so the message names the line and the byte instead.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DataFormatError(f"{path}: file not found") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DataFormatError(f"{path}: line {line}: byte 0x{data[exc.start]:02x} is not UTF-8 — the file is in "
                              "another encoding (e.g. Latin-1); convert it to UTF-8 (iconv -f latin1 -t utf-8)") from None


def is_number(text: str) -> bool:
    """Whether ``text`` is a decimal number as written in data files (see ``_NUMBER``)."""
    return _NUMBER.fullmatch(text) is not None


def _split_fields(line: str) -> list[str]:
    """Split one dense ARFF data line on the commas outside quotes; fields are returned raw (quotes kept)."""
    fields, cur, quote, i = [], [], None, 0
    while i < len(line):
        ch = line[i]
        if quote:
            cur.append(ch)
            if ch == "\\" and i + 1 < len(line):
                cur.append(line[i + 1])
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
            cur.append(ch)
        elif ch == ",":
            fields.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    fields.append("".join(cur))
    return fields


def _unquote(field: str) -> str:
    f = field.strip()
    if len(f) >= 2 and f[0] == f[-1] and f[0] in "'\"":
        return re.sub(r"\\(.)", r"\1", f[1:-1])
    return f


def _weka_data_lines(path: Path, text: str) -> tuple[str, list[str]]:
    """Prepare the ``@data`` section as Weka 3.9's ``ArffLoader`` reads it; return the text and notes.

    Weka's tokenizer treats a comma as a separator, so a comma that ends a data row (MOA
    writes one after the last value) is read as if it were not there: we drop it. An empty
    field *between* two values is an error here; Weka would merge the two separators and
    shift every later value one attribute to the left, silently.
    """
    m = _DATA.search(text)
    if m is None:
        return text, []
    head, body = text[: m.end()], text[m.end():]
    lines = body.split("\n")
    first = head.count("\n") + 1  # line number of the text right after @data
    n_trailing = 0
    for i, line in enumerate(lines):
        core = line.rstrip("\r")
        stripped = core.strip()
        if not stripped or stripped.startswith("%") or stripped.startswith("{"):
            continue  # blank, comment, sparse row
        fields = _split_fields(core)
        if len(fields) > 1 and not fields[-1].strip():
            while len(fields) > 1 and not fields[-1].strip():
                fields.pop()
            n_trailing += 1
            lines[i] = ",".join(fields) + core[len(core.rstrip()):] + line[len(core):]
        for j, f in enumerate(fields):
            if not f.strip():
                raise DataFormatError(
                    f"{path}: line {first + i}: value {j + 1} is empty ({stripped!r}). ARFF marks a missing value "
                    f"with '?'; write '?' there, or repair the row (Weka would silently shift the later values)")
    notes = [f"{n_trailing} data rows end with a comma; read as Weka 3.9's ArffLoader does (as if it were not there)"] \
        if n_trailing else []
    return head + "\n".join(lines), notes


def _locate_bad_value(path: Path, text: str, lineno: int, attrs: list) -> str:
    """Which attribute and value of data line ``lineno`` does not fit its declared type, as a message part."""
    lines = text.split("\n")
    if not 0 < lineno <= len(lines):
        return ""
    fields = [_unquote(f) for f in _split_fields(lines[lineno - 1].rstrip("\r"))]
    if len(fields) != len(attrs):
        return f" has {len(fields)} values, expected {len(attrs)} ({', '.join(a[0] for a in attrs)})"
    for (name, typ), v in zip(attrs, fields):
        if v == "?":
            continue
        if isinstance(typ, list):
            if v not in [str(t) for t in typ]:
                return f", attribute {name!r}: value {v!r} is not declared in its @attribute line {typ}"
        elif not is_number(v):
            return f", attribute {name!r}: value {v!r} is not a number (declared {str(typ).lower()})"
    return ""


def read_arff(path: str | os.PathLike) -> RawTable:
    """Read an ARFF file as Weka 3.9's ``ArffLoader`` does.

    Handles ``%`` comments, quoted names and values with spaces, upper/lower case keywords,
    CRLF line ends, trailing blank lines, ``?`` missing values, ``integer [a,b]`` ranges and
    data rows that end with a comma (read as if the comma were not there, as Weka does; the
    count is recorded in :attr:`RawTable.notes`). Column kinds are the header's declarations;
    nominal values are kept exactly as written (strings, never through a number).

    Raises
    ------
    DataFormatError
        For a bad header, a row with the wrong number of values, an empty value, an undeclared
        nominal value, a non-numeric value in a numeric attribute, or an empty data section;
        the message names the file, line, attribute and value.
    """
    import arff  # liac-arff

    path = Path(path)
    text = _read_text(path)
    text = _RANGE.sub(r"\1", text)  # one substitution per line keeps line numbers
    text, notes = _weka_data_lines(path, text)
    try:
        obj = arff.loads(text)
    except arff.ArffException as exc:
        where = ""
        if isinstance(exc, (arff.BadNumericalValue, arff.BadNominalValue, arff.BadDataFormat)) and exc.line > 0:
            try:
                attrs = arff.loads(text[: _DATA.search(text).end()] + "\n")["attributes"]
                where = f"line {exc.line}" + _locate_bad_value(path, text, exc.line, attrs) + ": "
            except Exception:  # the header itself is bad: liac-arff's message says where
                where = ""
        raise DataFormatError(f"{path}: {where}{exc} — fix or replace the file (a fresh copy from the mirror or "
                              "OpenML)") from None
    attrs = obj["attributes"]
    rows = obj["data"]
    if len(rows) == 0:
        raise DataFormatError(f"{path}: the @data section is empty — the file is truncated; fetch it again")
    names = [a[0] for a in attrs]
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise DataFormatError(f"{path}: duplicate attribute names {dup}")
    cols: dict[str, pd.Series] = {}
    kinds: dict[str, str] = {}
    data = list(zip(*rows))
    for (name, typ), values in zip(attrs, data):
        if isinstance(typ, list):
            domain = [str(v) for v in typ]
            if len(set(domain)) != len(domain):
                dup = sorted({v for v in domain if domain.count(v) > 1})
                raise DataFormatError(f"{path}: attribute {name!r} declares the nominal values {dup} more than once "
                                      "in its @attribute line; remove the repeats")
            cols[name] = pd.Categorical([None if v is None else str(v) for v in values], categories=domain)
            kinds[name] = "nominal"
        elif str(typ).upper() in ("REAL", "INTEGER", "NUMERIC"):
            cols[name] = np.array([np.nan if v is None else float(v) for v in values], dtype=float)
            _check_finite(path, name, cols[name], values)
            kinds[name] = "numeric"
        else:
            raise DataFormatError(f"{path}: attribute {name!r} has type {typ!r}, which the pipeline does not use "
                                  "(only nominal and numeric attributes)")
    frame = pd.DataFrame(cols, columns=names)
    return RawTable(frame=frame, kinds=kinds, path=path, relation=str(obj.get("relation", path.stem)), notes=notes)


def _check_finite(path: Path, name: str, col: np.ndarray, values, linenos: list[int] | None = None) -> None:
    """Stop when a numeric value overflows a 64-bit float (e.g. ``1e400`` would silently become ``inf``).

    Raises
    ------
    DataFormatError
        Naming the file, the line (``.data`` files) or row (ARFF), the column and the value as written.
    """
    bad = np.flatnonzero(np.isinf(col))
    if bad.size:
        i = int(bad[0])
        where = f"line {linenos[i]}" if linenos is not None else f"data row {i + 1}"
        raise DataFormatError(f"{path}: {where}, column {name!r}: value {values[i]!r} overflows a 64-bit float "
                              "(it would become inf) — repair the value, or mark it missing ('?')")


def _domain(values: set[str]) -> list[str]:
    """Sorted domain of a ``.data`` nominal column: by number when every value is one (``2`` before
    ``10``; ``1`` before ``1.0``, which stay two values), else by text."""
    if all(is_number(v) for v in values):
        return sorted(values, key=lambda v: (float(v), v))
    return sorted(values)


def column_kinds(columns: list[str], nominal: list[str] | None = None,
                 numeric: list[str] | None = None, where: str = "") -> dict[str, str]:
    """The kind of each column of a headerless ``.data`` file, from its declaration.

    The rule (config/README.md): with ``numeric`` given, exactly those columns are numeric
    and the others nominal; with only ``nominal`` given, exactly those are nominal and the
    others numeric; with both, every column must be in exactly one. Values never decide a kind.

    Raises
    ------
    DataFormatError
        Neither list is given, a name is not a column, or the lists overlap or leave a column out.
    """
    pre = f"{where}: " if where else ""
    if nominal is None and numeric is None:
        raise DataFormatError(
            f"{pre}declare the column kinds of this headerless file in its config source block: `numeric: [...]` "
            f"(those columns numeric, the rest nominal; `numeric: []` for all nominal) or `nominal: [...]` (those "
            f"nominal, the rest numeric). Columns: {columns}")
    unknown = [c for c in list(nominal or []) + list(numeric or []) if c not in columns]
    if unknown:
        raise DataFormatError(f"{pre}columns {unknown} are named in nominal/numeric but not in columns {columns}")
    if numeric is not None and nominal is not None:
        both = sorted(set(numeric) & set(nominal))
        neither = [c for c in columns if c not in numeric and c not in nominal]
        if both or neither:
            raise DataFormatError(f"{pre}with both `nominal` and `numeric` given, every column must be in exactly "
                                  f"one: in both {both}, in neither {neither}")
    if numeric is not None:
        return {c: "numeric" if c in numeric else "nominal" for c in columns}
    return {c: "nominal" if c in nominal else "numeric" for c in columns}


def read_uci_data(path: str | os.PathLike, columns: list[str], nominal: list[str] | None = None,
                  numeric: list[str] | None = None, missing_tokens=DEFAULT_MISSING_TOKENS) -> RawTable:
    """Read a headerless comma-separated UCI ``.data`` file.

    Parameters
    ----------
    path : the file.
    columns : column names, in file order (UCI files have no header).
    nominal, numeric : the declared column kinds (:func:`column_kinds`); values never decide a kind.
    missing_tokens : the field values that mark a missing value (after stripping surrounding
        spaces), e.g. ``["?", "n/a", ""]``; any other value must fit its column's kind.

    Fields are split as CSV (``"a, b"`` is one value), surrounding spaces are stripped, and a
    nominal value is kept exactly as written otherwise: ``03`` and ``3``, ``1`` and ``1.0`` are
    different values. A nominal column's domain is its sorted set of values (:func:`_domain`),
    since ``.data`` files declare none.

    Raises
    ------
    DataFormatError
        Undeclared column kinds, a row with the wrong number of fields, a value that is not a
        number in a numeric column, an empty value not declared missing, or no data rows; the
        message names the file, line, column and value.
    """
    path = Path(path)
    if len(set(columns)) != len(columns):
        dup = sorted({c for c in columns if columns.count(c) > 1})
        raise DataFormatError(f"{path}: source.columns names {dup} more than once; give every column its own name")
    kinds = column_kinds(columns, nominal, numeric, where=str(path))
    missing = {str(t).strip() for t in missing_tokens}
    fh = io.StringIO(_read_text(path), newline="")
    rows: list[list[str]] = []
    linenos: list[int] = []  # file line of each row (blank lines are skipped)
    with fh:
        reader = csv.reader(fh, skipinitialspace=True)
        lineno = reader.line_num + 1
        for rec in reader:
            if not rec or all(not f.strip() for f in rec):
                lineno = reader.line_num + 1
                continue  # blank line
            if len(rec) != len(columns):
                why = "the row is truncated or malformed; repair or drop it"
                if len(rec) == 1 and len(rec[0].split()) == len(columns):
                    why = ("its values are separated by spaces, not commas: convert the file to comma-separated "
                           "(e.g. sed -E 's/^ +//; s/ +/,/g')")
                raise DataFormatError(f"{path}: line {lineno} has {len(rec)} fields, expected {len(columns)} "
                                      f"({', '.join(columns)}) — {why}")
            if not rows and [f.strip() for f in rec] == [str(c) for c in columns]:
                raise DataFormatError(f"{path}: line {lineno} holds the column names: a header row, which a "
                                      "headerless .data file must not have; remove it (the names come from "
                                      "source.columns)")
            rows.append([f.strip() for f in rec])
            linenos.append(lineno)
            lineno = reader.line_num + 1
    if not rows:
        raise DataFormatError(f"{path}: no data rows — the file is empty or truncated; fetch it again")
    cols: dict[str, object] = {}
    for j, name in enumerate(columns):
        raw = [r[j] for r in rows]
        for i, v in enumerate(raw):
            if v in missing:
                continue
            if v == "":
                raise DataFormatError(
                    f"{path}: line {linenos[i]}, column {name!r}: empty value — if an empty field marks a missing "
                    f"value, add \"\" to the recipe's missing_tokens (now {sorted(missing)}); otherwise repair the row")
            if kinds[name] == "numeric" and not is_number(v):
                raise DataFormatError(
                    f"{path}: line {linenos[i]}, column {name!r}: value {v!r} is not a number, and the column is "
                    f"declared numeric — if {v!r} marks a missing value, add it to the recipe's missing_tokens "
                    f"(now {sorted(missing)}); if the column is nominal, list it under source.nominal")
        if kinds[name] == "numeric":
            cols[name] = np.array([np.nan if v in missing else float(v) for v in raw], dtype=float)
            _check_finite(path, name, cols[name], raw, linenos)
        else:
            present = {v for v in raw if v not in missing}
            cols[name] = pd.Categorical([None if v in missing else v for v in raw], categories=_domain(present))
    return RawTable(frame=pd.DataFrame(cols, columns=columns), kinds=kinds, path=path, relation=path.stem)


def read_raw(path: str | os.PathLike, source: dict, missing_tokens=None) -> RawTable:
    """Dispatch on the file type: ``.arff`` → :func:`read_arff`, anything else → :func:`read_uci_data`.

    ``source`` is the data set's ``source`` config block (``columns``, ``nominal``, ``numeric``);
    ``missing_tokens`` the recipe's (``None``: :data:`DEFAULT_MISSING_TOKENS`). An ARFF file
    marks missing values with ``?`` (the format's rule), so other tokens are refused for it.
    """
    path = Path(path)
    tokens = DEFAULT_MISSING_TOKENS if missing_tokens is None else tuple(missing_tokens)
    if path.suffix.lower() == ".arff":
        if set(tokens) != {"?"}:
            raise DataFormatError(f"{path}: recipe missing_tokens {list(tokens)} applies to headerless .data files; "
                                  "an ARFF file marks a missing value with '?' — remove the key")
        return read_arff(path)
    if not source.get("columns"):
        raise DataFormatError(f"{path}: a headerless .data file needs `columns` in its config source block")
    return read_uci_data(path, source["columns"], source.get("nominal"), source.get("numeric"), tokens)
