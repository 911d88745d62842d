"""Readers for raw UCI files: ARFF (liac-arff, with the repairs real files need) and headerless ``.data``.

Both readers return a :class:`RawTable`: a DataFrame whose nominal columns are pandas
Categoricals with the declared domain in declared order (Weka keeps unused declared values,
and both naive Bayes' Laplace counts and C4.5's branches depend on them), numeric columns
float64, and missing values NaN.
"""

from __future__ import annotations

import csv
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
    """

    frame: pd.DataFrame
    kinds: dict[str, str]
    path: Path
    relation: str = ""
    notes: list[str] = field(default_factory=list)


# `integer [1,10]` / `real [0,1]` ranges: legal in Weka, rejected by liac-arff.
_RANGE = re.compile(r"(?im)^(\s*@attribute\s+(?:'[^']*'|\"[^\"]*\"|\S+)\s+(?:integer|real|numeric))\s*\[[^\]\n]*\]")


def read_arff(path: str | os.PathLike) -> RawTable:
    """Read an ARFF file.

    Handles ``%`` comments, quoted names and values with spaces, upper/lower case keywords,
    CRLF line ends, trailing blank lines, ``?`` missing values and ``integer [a,b]`` ranges.

    Raises
    ------
    DataFormatError
        For a bad header, a row with the wrong number of values, an undeclared nominal value,
        a non-numeric value in a numeric column, or an empty data section; the message names
        the file and line.
    """
    import arff  # liac-arff

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise DataFormatError(f"{path}: file not found") from None
    text = _RANGE.sub(r"\1", text)  # one substitution per line keeps line numbers
    try:
        obj = arff.loads(text)
    except arff.ArffException as exc:
        raise DataFormatError(f"{path}: {exc} — fix or replace the file (a fresh copy from the mirror or OpenML)") from None
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
            cols[name] = pd.Categorical([None if v is None else str(v) for v in values], categories=domain)
            kinds[name] = "nominal"
        elif str(typ).upper() in ("REAL", "INTEGER", "NUMERIC"):
            cols[name] = np.array([np.nan if v is None else float(v) for v in values], dtype=float)
            kinds[name] = "numeric"
        else:
            raise DataFormatError(f"{path}: attribute {name!r} has type {typ!r}, which the pipeline does not use "
                                  "(only nominal and numeric attributes)")
    frame = pd.DataFrame(cols, columns=names)
    return RawTable(frame=frame, kinds=kinds, path=path, relation=str(obj.get("relation", path.stem)))


def _looks_numeric(values: list[str]) -> bool:
    try:
        for v in values:
            float(v)
    except ValueError:
        return False
    return True


def _domain(values: list[str]) -> list[str]:
    uniq = sorted(set(values))
    if _looks_numeric(uniq):
        uniq.sort(key=float)
    return uniq


def read_uci_data(path: str | os.PathLike, columns: list[str], nominal: list[str] | None = None,
                  numeric: list[str] | None = None, missing: str = "?") -> RawTable:
    """Read a headerless comma-separated UCI ``.data`` file.

    Parameters
    ----------
    path : the file.
    columns : column names, in file order (UCI files have no header).
    nominal : columns read as nominal even when every value looks numeric (e.g. 0/1 codes).
    numeric : if given, exactly these columns are numeric and the rest nominal; otherwise a
        column is numeric when every non-missing value parses as a number.
    missing : the token that marks a missing value.

    A nominal column's domain is its sorted set of values (numerically sorted if they look
    numeric), since ``.data`` files declare none.

    Raises
    ------
    DataFormatError
        A row with the wrong number of fields, a non-numeric value in a numeric column,
        an unknown column name in ``nominal``/``numeric``, or no data rows.
    """
    path = Path(path)
    nominal = list(nominal or [])
    unknown = [c for c in nominal + list(numeric or []) if c not in columns]
    if unknown:
        raise DataFormatError(f"{path}: columns {unknown} are named in nominal/numeric but not in columns {columns}")
    try:
        fh = open(path, newline="", encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise DataFormatError(f"{path}: file not found") from None
    rows: list[list[str]] = []
    linenos: list[int] = []  # file line of each row (blank lines are skipped)
    with fh:
        for lineno, rec in enumerate(csv.reader(fh, skipinitialspace=True), start=1):
            if not rec or all(not f.strip() for f in rec):
                continue  # blank line
            if len(rec) != len(columns):
                raise DataFormatError(f"{path}: line {lineno} has {len(rec)} fields, expected {len(columns)} "
                                      f"({', '.join(columns)}) — the row is truncated or malformed; repair or drop it")
            rows.append([f.strip() for f in rec])
            linenos.append(lineno)
    if not rows:
        raise DataFormatError(f"{path}: no data rows — the file is empty or truncated; fetch it again")
    cols: dict[str, object] = {}
    kinds: dict[str, str] = {}
    for j, name in enumerate(columns):
        raw = [r[j] for r in rows]
        present = [v for v in raw if v != missing]
        is_num = (name in numeric) if numeric is not None else (name not in nominal and _looks_numeric(present))
        if is_num:
            out = np.empty(len(raw))
            for i, v in enumerate(raw):
                if v == missing:
                    out[i] = np.nan
                    continue
                try:
                    out[i] = float(v)
                except ValueError:
                    raise DataFormatError(f"{path}: line {linenos[i]}, column {name!r}: {v!r} is not a number") from None
            cols[name] = out
            kinds[name] = "numeric"
        else:
            if present and _looks_numeric(present):
                # '03' and '3', '1' and '1.0' are the same code: canonicalise numerically.
                canon = {v: format(float(v), "g") for v in set(present)}
                raw = [canon.get(v, v) for v in raw]
                present = [canon[v] for v in present]
            cols[name] = pd.Categorical([None if v == missing else v for v in raw], categories=_domain(present))
            kinds[name] = "nominal"
    return RawTable(frame=pd.DataFrame(cols, columns=columns), kinds=kinds, path=path, relation=path.stem)


def read_raw(path: str | os.PathLike, source: dict) -> RawTable:
    """Dispatch on the file type: ``.arff`` → :func:`read_arff`, anything else → :func:`read_uci_data`.

    ``source`` is the data set's ``source`` config block (``columns``, ``nominal``, ``numeric``).
    """
    path = Path(path)
    if path.suffix.lower() == ".arff":
        return read_arff(path)
    if not source.get("columns"):
        raise DataFormatError(f"{path}: a headerless .data file needs `columns` in its config source block")
    return read_uci_data(path, source["columns"], source.get("nominal"), source.get("numeric"))
