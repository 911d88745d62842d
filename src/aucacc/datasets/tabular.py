"""Readers for data as researchers keep it: ``.csv``/``.tsv`` files with a header row, and ``.parquet`` files.

Both return a :class:`~aucacc.datasets.raw.RawTable` (nominal columns Categorical, numeric float64,
missing NaN) and raise :class:`~aucacc.datasets.raw.DataFormatError` naming the file, the line (or
data row) and the column, and the fix. :func:`aucacc.datasets.io.read_raw` picks them by the file
name's suffix.

Column kinds follow one rule for both (docs/datasets.md, "Column kinds"):

- declared: ``source.nominal`` / ``source.numeric`` as for a headerless ``.data`` file
  (:func:`~aucacc.datasets.raw.column_kinds`); a value that does not fit its declared kind stops the read;
- otherwise inferred, and the inference recorded in :attr:`RawTable.notes` (so in the clean data's
  ``exclusions``, step ``read``): a ``.csv``/``.tsv`` column is numeric when every value that is
  not missing is a number by :func:`~aucacc.datasets.raw.is_number` (a column with no value at all
  included), else nominal; a Parquet column by its type (:func:`read_parquet_table`).
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import numpy as np
import pandas as pd

from aucacc.datasets.raw import (DataFormatError, RawTable, binary_head, check_finite, column_kinds, csv_records,
                                 data_suffix, is_gzip_name, is_number, not_a_number_reason, read_text, text_columns,
                                 value_domain)

__all__ = ["DEFAULT_TABULAR_MISSING_TOKENS", "DELIMITERS", "read_delimited", "read_parquet_table",
           "table_from_frame"]

#: Field values that mark a missing value in a ``.csv``/``.tsv`` file when the recipe declares no
#: ``missing_tokens``: the empty field (pandas' ``to_csv``), ``?`` (UCI, Weka) and ``NA`` (R's ``write.csv``).
DEFAULT_TABULAR_MISSING_TOKENS = ("", "?", "NA")

#: The field delimiter of each headered text format.
DELIMITERS = {".csv": ",", ".tsv": "\t"}


def _stem(path: Path) -> str:
    """The file name without ``.gz`` and its type suffix (``wine.csv.gz``: ``wine``)."""
    name = path.name[:-3] if is_gzip_name(path) else path.name
    return Path(name).stem


def _check_names(where: str, names: list[str], at: str, columns, key: str) -> None:
    """Refuse an empty or repeated column name, and ``columns`` in the config that differs from the names.

    ``at`` says where the names are (``"line 1 (the header row)"``; for Parquet, ``"the schema"``).
    """
    for j, n in enumerate(names):
        if n == "":
            raise DataFormatError(f"{where}: {at}, column {j + 1}: empty column name — give every column a name "
                                  "in the header")
    seen: dict[str, int] = {}
    for j, n in enumerate(names):
        if n in seen:
            raise DataFormatError(f"{where}: {at}: column name {n!r} appears in columns {seen[n] + 1} and {j + 1} — "
                                  "give every column its own name in the header")
        seen[n] = j
    if columns is not None and list(columns) != names:
        raise DataFormatError(f"{where}: config key '{key}.columns' = {list(columns)} does not match the header's "
                              f"column names {names}. This file names its own columns: remove '{key}.columns' "
                              "(it is for headerless .data files)")


def _inferred_note(kinds: dict[str, str], how: str, target: str | None = None) -> str:
    """The :attr:`RawTable.notes` entry recording inferred kinds (``how``: the rule used; ``target``: the class
    column, nominal by rule)."""
    if target is not None and target in kinds:
        how += f", the class column {target!r} nominal"
    num = [c for c, k in kinds.items() if k == "numeric"]
    nom = [c for c, k in kinds.items() if k == "nominal"]
    other = {c: k for c, k in kinds.items() if k not in ("numeric", "nominal")}
    more = f", other {other}" if other else ""
    return (f"column kinds inferred ({how}; source.nominal/numeric not given): numeric {num}, nominal {nom}{more}; "
            "declare source.nominal or source.numeric to set them")


def read_delimited(path: str | os.PathLike, nominal: list[str] | None = None, numeric: list[str] | None = None,
                   missing_tokens=DEFAULT_TABULAR_MISSING_TOKENS, *, delimiter: str | None = None,
                   columns: list[str] | None = None, label: str | None = None, key: str = "source",
                   target: str | None = None) -> RawTable:
    """Read a ``.csv`` or ``.tsv`` file whose first non-blank line is a header row naming the columns.

    Parameters
    ----------
    path : the file (``.gz`` decompressed: :func:`~aucacc.datasets.raw.read_text`; UTF-8).
    nominal, numeric : declared column kinds (:func:`~aucacc.datasets.raw.column_kinds`); both ``None``:
        inferred — numeric when every value that is not missing is a number
        (:func:`~aucacc.datasets.raw.is_number`), else nominal — and recorded in ``notes``.
    missing_tokens : field values (after stripping surrounding spaces) that mark a missing value;
        default :data:`DEFAULT_TABULAR_MISSING_TOKENS` (``""``, ``?``, ``NA``).
    delimiter : field delimiter; default by the suffix (:data:`DELIMITERS`: ``,`` for ``.csv``, tab for ``.tsv``).
    columns : ``source.columns`` if the config gives it: it must equal the header's names.
    label : how error messages name the file (default: ``path``); ``key`` how they name the source block.
    target : the class column (the recipe's ``target``): when the kinds are inferred it is nominal
        whatever its values (a class written as digits, ``0`` … ``9``, is a class, not a number).

    Returns
    -------
    RawTable
        ``frame`` of shape (n_data_rows, n_header_names); a nominal column's domain is its sorted set of
        values (:func:`~aucacc.datasets.raw.value_domain`); values are kept as written otherwise (``03``
        and ``3`` differ).

    Fields are split by Python's :mod:`csv` reader (``"a, b"`` is one value; a quoted value may hold
    the delimiter or a line break) and stripped of surrounding spaces; blank lines are skipped. The
    :mod:`csv` reader is used rather than ``pandas.read_csv``, which pads a short row with empty
    values without a word and does not report the line of each row.

    Raises
    ------
    DataFormatError
        No header or no data rows, an empty or repeated column name, ``columns`` that differ from
        the header, a row with another number of fields than the header, a value that is not a number
        in a declared-numeric column, a numeric-looking column with a value such as ``nan`` or ``inf``
        (when inferring), an empty value not declared missing, a number that overflows a float; the
        message names the file, the line (the header is line 1 when it is the first line), the
        column, and the fix.
    """
    path = Path(path)
    where = label or str(path)
    delim = delimiter or DELIMITERS.get(data_suffix(path), ",")
    missing = {str(t).strip() for t in missing_tokens}
    text = read_text(path, where)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delim, strict=True)
    header: list[str] | None = None
    header_line = 0
    rows: list[list[str]] = []
    linenos: list[int] = []
    lineno = 1
    for rec in csv_records(reader, where):
        if not rec or all(not f.strip() for f in rec):
            lineno = reader.line_num + 1
            continue  # blank line
        fields = [f.strip() for f in rec]
        if header is None:
            header, header_line = fields, lineno
            _check_names(where, header, f"line {lineno} (the header row)", columns, key)
            hint = _delimiter_hint(header, delim)
            if hint:  # one column is no data set (a class and attributes): a file with another delimiter
                raise DataFormatError(f"{where}: line {lineno} (the header row) has one column{hint}")
        elif len(fields) != len(header):
            raise DataFormatError(
                f"{where}: line {lineno} has {len(fields)} fields, the header (line {header_line}) names "
                f"{len(header)} ({', '.join(header)}) — the row is truncated or malformed, or a value holds the "
                f"delimiter {delim!r} unquoted: repair the row (quote such a value)")
        else:
            rows.append(fields)
            linenos.append(lineno)
        lineno = reader.line_num + 1
    if header is None:
        raise DataFormatError(f"{where}: the file is empty — no header row and no data; fetch or export it again")
    if not rows:
        raise DataFormatError(f"{where}: no data rows after the header (line {header_line}) — the file is truncated; "
                              "fetch or export it again")
    declared = nominal is not None or numeric is not None
    if declared:
        kinds = column_kinds(header, nominal, numeric, where=where)
    else:
        kinds = {name: "nominal" if name == target else _infer_kind(where, name, [r[j] for r in rows], linenos, missing)
                 for j, name in enumerate(header)}
    def not_a_number(lineno: int, name: str, v: str, reason: str) -> str:
        why = f" ({reason})" if reason else ""
        return (f"{where}: line {lineno}, column {name!r}: value {v!r} is not a number, and the column is declared "
                f"numeric ('{key}.numeric', or not in '{key}.nominal'){why} — if {v!r} marks a missing value, add it "
                f"to the recipe's missing_tokens (now {sorted(missing)}); if the column is nominal, list it under "
                f"'{key}.nominal'")

    cols = text_columns(where, header, rows, linenos, kinds, missing, not_a_number)
    notes = [] if declared else [_inferred_note(kinds, "numeric when every value that is not missing is a number",
                                                target)]
    return RawTable(frame=pd.DataFrame(cols, columns=header), kinds=kinds, path=path, relation=_stem(path),
                    notes=notes)


def _infer_kind(where: str, name: str, values: list[str], linenos: list[int], missing: set[str]) -> str:
    """``"numeric"`` when every value not in ``missing`` is a number, else ``"nominal"``.

    A column of numbers with a value that ``float()`` would read but :func:`is_number` refuses
    (``nan``, ``inf``, ``1_000``) is neither clearly numeric nor clearly nominal: it stops the read
    rather than turning a numeric column into a nominal one on one odd value.
    """
    odd: tuple[int, str] | None = None
    for i, v in enumerate(values):
        if v in missing or is_number(v):
            continue
        if not not_a_number_reason(v):
            return "nominal"
        if odd is None:
            odd = (i, v)
    if odd is not None:
        i, v = odd
        raise DataFormatError(
            f"{where}: line {linenos[i]}, column {name!r}: value {v!r} among numbers is not a number "
            f"({not_a_number_reason(v)}) — if it marks a missing value, add it to the recipe's missing_tokens (now "
            f"{sorted(missing)}); otherwise declare the column's kind (source.nominal or source.numeric)")
    return "numeric"


def _delimiter_hint(header: list[str], delim: str) -> str:
    """A hint when a one-column header holds another delimiter (a ``;``- or tab-separated file named ``.csv``)."""
    if len(header) != 1:
        return ""
    for other, what in ((";", "';'"), ("\t", "tabs"), (",", "commas")):
        if other != delim and other in header[0]:
            fix = "name it .tsv" if other == "\t" else ("name it .csv" if other == "," else
                                                        "save it again as CSV with ',' as separator")
            return f" named {header[0]!r}: the file looks separated by {what}, not {delim!r}; {fix}"
    return ""


# --- Parquet -------------------------------------------------------------------------------------

def _parquet_kind(s: pd.Series) -> str:
    """A Parquet column's kind by its pandas type: see :func:`read_parquet_table`."""
    dt = s.dtype
    if pd.api.types.is_bool_dtype(dt):
        return "nominal"
    if pd.api.types.is_numeric_dtype(dt):
        return "numeric"
    if isinstance(dt, pd.CategoricalDtype) or pd.api.types.is_string_dtype(dt) or dt == object:
        return "nominal"
    if pd.api.types.is_datetime64_any_dtype(dt) or pd.api.types.is_timedelta64_dtype(dt):
        return "date"
    return "string"


def _as_text(v) -> str:
    """A Parquet value as the text of a nominal value: ``True``/``False``, ``3``, ``1.5`` (Python's ``str``)."""
    if isinstance(v, (bool, np.bool_)):
        return "True" if v else "False"
    if isinstance(v, (np.integer, np.floating)):
        return str(v.item())
    return str(v)


def read_parquet_table(path: str | os.PathLike, nominal: list[str] | None = None, numeric: list[str] | None = None,
                       *, columns: list[str] | None = None, label: str | None = None,
                       key: str = "source", target: str | None = None) -> RawTable:
    """Read a ``.parquet`` file (``pandas.read_parquet`` with pyarrow); a null (or a float NaN) is a missing value.

    Parameters
    ----------
    path : the file. Parquet is binary and compressed inside: it is not read as text and a ``.gz``
        name is refused.
    nominal, numeric : declared column kinds (:func:`~aucacc.datasets.raw.column_kinds`). Both ``None``:
        kinds from the Parquet types, recorded in ``notes`` — integer and float → numeric; boolean →
        nominal with domain ``["False", "True"]`` (two labels, not a measurement); pandas category →
        nominal with the file's categories in the file's order (as text, unused ones kept, as an ARFF
        header's domain); string/object → nominal, domain the sorted values
        (:func:`~aucacc.datasets.raw.value_domain`); date/time → kind ``"date"`` and anything else
        (lists, structs, bytes) → ``"string"``, kept as text for the recipe to drop (``drop_columns``).
    columns : ``source.columns`` if the config gives it: it must equal the file's column names.
    label, key : how error messages name the file and the source block.
    target : the class column (the recipe's ``target``): nominal when the kinds are inferred, whatever its type.

    A column declared nominal keeps its values as text (``_as_text``: ``1``, ``1.5``, ``True``); one
    declared numeric takes numbers, booleans (as 0/1) and text that is a number
    (:func:`~aucacc.datasets.raw.is_number`). A pandas index stored in the file (``to_parquet``
    with a named or non-default index) is read as leading column(s), and a note says so.

    Returns
    -------
    RawTable
        ``frame`` of shape (n_rows, n_columns).

    Raises
    ------
    DataFormatError
        The file is missing, not Parquet (the message says what it is, e.g. CSV text: name it ``.csv``),
        or damaged; an empty or repeated column name; ``columns`` that differ; a declared-numeric
        column with a value that is not a number, or a date; an infinite number; no rows. The message
        names the file, the data row (1-based) and the column, and the fix.
    """
    path = Path(path)
    where = label or str(path)
    head = binary_head(path, where, "a Parquet file", 4)
    if head.startswith(b"\x1f\x8b"):
        raise DataFormatError(f"{where}: the name ends in .parquet, but the file is gzip-compressed — decompress it "
                              "(gunzip) and check that the result is a Parquet file")
    if head != b"PAR1":
        try:
            read_text(path, where)  # says what the file is when it is compressed, an archive or binary
        except DataFormatError as exc:
            raise DataFormatError(f"{exc} (the name ends in .parquet, but it is not a Parquet file)") from None
        raise DataFormatError(f"{where}: the name ends in .parquet, but the file is text, not Parquet (which starts "
                              "with 'PAR1') — if it is comma-separated with a header row, name it .csv (tab-separated: "
                              ".tsv; headerless: .data), in source.file too")
    try:
        frame = pd.read_parquet(path)
    except Exception as exc:  # pyarrow's ArrowInvalid, OSError, …: a damaged or truncated file
        raise DataFormatError(f"{where}: the Parquet file cannot be read ({type(exc).__name__}: {exc}) — it is damaged "
                              "or truncated; fetch or export it again") from None
    notes: list[str] = []
    default_index = isinstance(frame.index, pd.RangeIndex) and frame.index.start == 0 and frame.index.step == 1 \
        and frame.index.name is None
    if not default_index:
        idx = [str(n) if n is not None else "index" for n in frame.index.names]
        frame = frame.reset_index()
        notes.append(f"the Parquet file's stored pandas index read as column(s) {idx}")
    if not len(frame):
        raise DataFormatError(f"{where}: the Parquet file has no rows — fetch or export it again")
    # pyarrow writes a pandas categorical of numbers as plain numbers; the file's pandas metadata still says it was
    # categorical (its number of categories, not the unused ones): a nominal column then, and the loss said
    return table_from_frame(frame, path, where, nominal, numeric, columns=columns, key=key, target=target,
                            how="from the Parquet column types", missing="a null in a Parquet file", notes=notes,
                            categorical=_pandas_categoricals(path))


def table_from_frame(frame: pd.DataFrame, path: Path, where: str, nominal: list[str] | None,
                     numeric: list[str] | None, *, columns: list[str] | None, key: str, target: str | None, how: str,
                     missing: str, notes: list[str], categorical: dict[str, int | None] | None = None) -> RawTable:
    """A :class:`~aucacc.datasets.raw.RawTable` from a pandas frame read from a typed binary file (Parquet, R data).

    The one conversion of typed columns: declared kinds (``nominal``/``numeric``,
    :func:`~aucacc.datasets.raw.column_kinds`) or kinds by pandas type (:func:`_parquet_kind`: numbers numeric;
    booleans, categoricals and text nominal, a categorical's categories its domain in their order), the
    inference recorded in ``notes``; ``how`` says where the types come from and ``missing`` how the format marks
    a missing value (both for messages). ``categorical``: columns the file's metadata records as categorical
    although stored as plain values (Parquet), name → number of categories. ``frame`` has a default index and
    at least one row.
    """
    categorical = categorical or {}
    frame = frame.copy()
    names = [str(c) for c in frame.columns]
    frame.columns = names
    _check_names(where, names, "the file's columns", columns, key)
    declared = nominal is not None or numeric is not None
    kinds = column_kinds(names, nominal, numeric, where=where) if declared else \
        {c: "nominal" if c == target or (c in categorical and not isinstance(frame[c].dtype, pd.CategoricalDtype))
         else _parquet_kind(frame[c]) for c in names}
    cols: dict[str, object] = {}
    for name in names:
        if name in categorical and not isinstance(frame[name].dtype, pd.CategoricalDtype):
            seen = int(frame[name].nunique())
            if categorical[name] is not None and categorical[name] > seen:
                notes.append(f"column {name!r}: written from a pandas categorical of {categorical[name]} categories, "
                             f"stored as plain values by the Parquet writer; {categorical[name] - seen} unused "
                             f"categories are not in the file (its domain is the {seen} values present)")
        s = frame[name]
        na = s.isna().to_numpy()
        if kinds[name] == "numeric":
            cols[name] = _numeric(where, key, name, s, na, missing)
        elif kinds[name] == "nominal":
            values = [None if m else _as_text(v) for v, m in zip(s.tolist(), na)]
            if isinstance(s.dtype, pd.CategoricalDtype):
                domain = [_as_text(c) for c in s.cat.categories]
            elif pd.api.types.is_bool_dtype(s.dtype):
                domain = ["False", "True"]
            else:
                domain = value_domain({v for v in values if v is not None})
            cols[name] = pd.Categorical(values, categories=domain)
        else:
            cols[name] = np.array([None if m else str(v) for v, m in zip(s.tolist(), na)], dtype=object)
    if not declared:
        notes.append(_inferred_note(kinds, how, target))
    return RawTable(frame=pd.DataFrame(cols, columns=names), kinds=kinds, path=path, relation=_stem(path),
                    notes=notes)


def _pandas_categoricals(path: Path) -> dict[str, int | None]:
    """The columns that the Parquet file's pandas metadata records as categorical: name → number of categories
    (``None`` when not recorded). A file without pandas metadata has none."""
    import pyarrow.parquet as pq

    try:
        meta = pq.read_schema(path).pandas_metadata or {}
    except Exception:  # no or damaged metadata: the column types decide
        return {}
    return {str(c.get("name")): (c.get("metadata") or {}).get("num_categories")
            for c in meta.get("columns", []) if c.get("pandas_type") == "categorical"}


def _numeric(where: str, key: str, name: str, s: pd.Series, na: np.ndarray,
             missing: str = "a null in a Parquet file") -> np.ndarray:
    """Column ``s`` of a typed file as float64 (NaN where ``na``); text must be a number, dates are refused.

    ``missing`` says how the format marks a missing value (for the message)."""
    if pd.api.types.is_bool_dtype(s.dtype) or (pd.api.types.is_numeric_dtype(s.dtype)
                                               and not isinstance(s.dtype, pd.CategoricalDtype)):
        col = s.astype("float64").to_numpy(dtype=float, na_value=np.nan)
    elif pd.api.types.is_datetime64_any_dtype(s.dtype) or pd.api.types.is_timedelta64_dtype(s.dtype):
        raise DataFormatError(f"{where}: column {name!r} holds dates or times ({s.dtype}), and it is declared numeric "
                              f"('{key}.numeric', or not in '{key}.nominal') — convert it to a number in the file, "
                              "or drop it (recipe drop_columns)")
    else:
        col = np.full(len(s), np.nan)
        for i, (v, m) in enumerate(zip(s.tolist(), na)):
            if m:
                continue
            t = _as_text(v).strip()
            if not is_number(t):
                reason = not_a_number_reason(t)
                why = f" ({reason})" if reason else ""
                raise DataFormatError(
                    f"{where}: data row {i + 1}, column {name!r}: value {v!r} is not a number, and the column is "
                    f"declared numeric ('{key}.numeric', or not in '{key}.nominal'){why} — if the column is nominal, "
                    f"list it under '{key}.nominal'; a missing value is {missing}")
            col[i] = float(t)
    check_finite(where, name, col, s.tolist())
    return col
