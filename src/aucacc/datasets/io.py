"""Readers for raw files: headerless ``.data`` files here, ARFF in :mod:`aucacc.datasets.arff_io`,
``.csv``/``.tsv`` with a header row and ``.parquet`` in :mod:`aucacc.datasets.tabular`, R data files
(``.rda``, ``.RData``, ``.rds``) in :mod:`aucacc.datasets.rdata_io`.

:func:`read_raw` chooses the reader by the file type. Every reader returns a
:class:`~aucacc.datasets.raw.RawTable` and raises :class:`~aucacc.datasets.raw.DataFormatError`
(both importable from here too).
"""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path

import pandas as pd

from aucacc.datasets.arff_io import read_arff
from aucacc.datasets.raw import (DEFAULT_MISSING_TOKENS, DataFormatError, RawTable, column_kinds, csv_records,
                                 data_suffix, is_number, read_text, text_columns)
from aucacc.datasets.rdata_io import RDATA_SUFFIXES, read_rdata_table
from aucacc.datasets.tabular import DEFAULT_TABULAR_MISSING_TOKENS, read_delimited, read_parquet_table

__all__ = ["DEFAULT_MISSING_TOKENS", "DEFAULT_TABULAR_MISSING_TOKENS", "DataFormatError", "RawTable", "column_kinds",
           "is_number", "read_arff", "read_delimited", "read_parquet_table", "read_raw", "read_rdata_table",
           "read_uci_data"]


def read_uci_data(path: str | os.PathLike, columns: list[str], nominal: list[str] | None = None,
                  numeric: list[str] | None = None, missing_tokens=DEFAULT_MISSING_TOKENS, *,
                  label: str | None = None) -> RawTable:
    """Read a headerless comma-separated UCI ``.data`` file.

    Parameters
    ----------
    path : the file.
    columns : column names, in file order (UCI files have no header).
    nominal, numeric : the declared column kinds (:func:`column_kinds`); values never decide a kind.
    missing_tokens : the field values that mark a missing value (after stripping surrounding
        spaces), e.g. ``["?", "n/a", ""]``; any other value must fit its column's kind.
    label : how error messages name the file (default: ``path``), as in :func:`read_arff`.

    Fields are split as CSV (``"a, b"`` is one value), surrounding spaces are stripped, and a
    nominal value is kept exactly as written otherwise: ``03`` and ``3``, ``1`` and ``1.0`` are
    different values. A nominal column's domain is its sorted set of values (:func:`~aucacc.datasets.raw.value_domain`),
    since ``.data`` files declare none.

    Raises
    ------
    DataFormatError
        Undeclared column kinds, a row with the wrong number of fields, a value that is not a
        number in a numeric column, an empty value not declared missing, or no data rows; the
        message names the file, line, column and value.
    """
    path = Path(path)
    where = label or str(path)
    if len(set(columns)) != len(columns):
        dup = sorted({c for c in columns if columns.count(c) > 1})
        raise DataFormatError(f"{where}: source.columns names {dup} more than once; give every column its own name")
    kinds = column_kinds(columns, nominal, numeric, where=where)
    missing = {str(t).strip() for t in missing_tokens}
    text = read_text(path, where)
    lines = text.split("\n")
    fh = io.StringIO(text, newline="")
    rows: list[list[str]] = []
    linenos: list[int] = []  # file line of each row (blank lines are skipped)
    with fh:
        reader = csv.reader(fh, skipinitialspace=True, strict=True)
        lineno = reader.line_num + 1
        for rec in csv_records(reader, where):
            if not rec or all(not f.strip() for f in rec):
                lineno = reader.line_num + 1
                continue  # blank line
            if reader.line_num > lineno:  # a record over several lines: a quote opened on line lineno
                raise DataFormatError(_open_quote(where, lineno, reader.line_num, rec, columns))
            if len(rec) != len(columns):
                why = "the row is truncated or malformed; repair or drop it"
                semi = _semicolon_hint(lines, len(columns))
                if semi:
                    why = semi
                elif len(rec) == len(columns) + 1 and not rec[-1].strip():
                    why = _trailing_comma(lines)
                elif len(rec) == 1 and len(rec[0].split()) == len(columns):
                    why = ("its values are separated by spaces, not commas: convert the file to comma-separated "
                           "(e.g. sed -E 's/^ +//; s/ +/,/g')")
                raise DataFormatError(f"{where}: line {lineno} has {len(rec)} fields, expected {len(columns)} "
                                      f"({', '.join(columns)}) — {why}")
            if not rows and [f.strip() for f in rec] == [str(c) for c in columns]:
                raise DataFormatError(f"{where}: line {lineno} holds the column names: a header row, which a "
                                      "headerless .data file must not have; remove it (the names come from "
                                      "source.columns), or name the file .csv (in source.file too) to read the "
                                      "names from its header row")
            rows.append([f.strip() for f in rec])
            linenos.append(lineno)
            lineno = reader.line_num + 1
    if not rows:
        raise DataFormatError(f"{where}: no data rows — the file is empty or truncated; fetch it again")
    def not_a_number(lineno: int, name: str, v: str, reason: str) -> str:
        semi = _semicolon_hint(lines, len(columns))
        if semi:
            return f"{where}: line {lineno}, column {name!r}: value {v!r} is not a number — {semi}"
        why = f" ({reason})" if reason else ""
        return (f"{where}: line {lineno}, column {name!r}: value {v!r} is not a number, and the column is declared "
                f"numeric{why} — if {v!r} marks a missing value, add it to the recipe's missing_tokens (now "
                f"{sorted(missing)}); if the column is nominal, list it under source.nominal")

    cols = text_columns(where, columns, rows, linenos, kinds, missing, not_a_number)
    return RawTable(frame=pd.DataFrame(cols, columns=columns), kinds=kinds, path=path, relation=path.stem)


def _open_quote(where: str, start: int, end: int, rec: list[str], columns: list[str]) -> str:
    """The message for a record that runs from line ``start`` to line ``end``: a quote opened and not closed on its line.

    A headerless ``.data`` file has one row per line, so a value holding a line break is always a stray quote
    (``"`` left open), which took the later lines into that value up to the next quote.
    """
    k = next((j for j, f in enumerate(rec) if "\n" in f or "\r" in f), len(rec) - 1)
    column = f" (column {columns[k]!r})" if k < len(columns) else ""
    return (f"{where}: line {start}: a quote (\") opens in value {k + 1}{column} and is closed only on line {end}, so "
            f"lines {start}-{end} ({end - start + 1} lines) were read as one row of {len(rec)} values, expected "
            f"{len(columns)} ({', '.join(columns)}) — close the quote on line {start} or remove it (in a .data file a "
            f"quoted value may hold a comma, never a line break; a quote inside a value is written \"\")")


def _trailing_comma(lines: list[str]) -> str:
    """The cause and fix of a row with one field too many, the last empty: the line ends in a comma."""
    rows = [line.rstrip() for line in lines if line.strip()]
    ending = sum(line.endswith(",") for line in rows)
    extent = f"every one of the file's {len(rows)} lines does" if ending == len(rows) else (
        f"{ending} of the file's {len(rows)} lines do")
    return (f"the line ends in a comma, which adds an empty value after the last column ({extent}): remove the "
            f"trailing comma{'s' if ending > 1 else ''} (e.g. sed -E -i 's/,[[:space:]]*$//' <file>)")


def _semicolon_hint(lines: list[str], n_columns: int) -> str:
    """The fix for a ``;``-separated file (European CSV, often with decimal commas), or ``""`` if it is not one.

    Judged on the file's first 20 non-blank lines: each must split on ``;`` into ``n_columns`` values.
    """
    head = [line.strip() for line in lines if line.strip()][:20]
    if not head or any(len(line.split(";")) != n_columns for line in head):
        return ""
    comma = [f.strip() for line in head for f in line.split(";") if re.fullmatch(r"[+-]?[0-9]*,[0-9]+", f.strip())]
    decimal = f" with decimal commas ({comma[0]!r} for {comma[0].replace(',', '.')!r})" if comma else ""
    return (f"its {n_columns} values are separated by ';'{decimal}, not by commas: convert the file to "
            "comma-separated" + (" with decimal points" if comma else "") +
            " (e.g. save it again as CSV with ',' as separator and '.' as decimal mark)")


def _check_arff_source(where: str, key: str, source: dict, table: RawTable) -> None:
    """Refuse ``columns``/``nominal``/``numeric`` in an ARFF data set's source block that contradict its header.

    An ARFF file names its attributes and declares their kinds; these keys are for headerless
    ``.data`` files. Given anyway, they must agree with the header (``columns``: the header's names
    in order; ``nominal``/``numeric``: columns the header declares so); otherwise the config says
    something about the data that is not so, and ignoring it would hide that.
    """
    names = list(table.frame.columns)
    cols = source.get("columns")
    if cols is not None and list(cols) != names:
        raise DataFormatError(f"{where}: config key '{key}.columns' = {list(cols)} does not match the ARFF header's "
                              f"attributes {names}. An ARFF file names its own columns: remove '{key}.columns' "
                              "(it is for headerless .data files)")
    for kind in ("nominal", "numeric"):
        listed = source.get(kind)
        if listed is None:
            continue
        wrong = [c for c in listed if table.kinds.get(c) != kind]
        if wrong:
            said = {c: table.kinds.get(c, "not an attribute") for c in wrong}
            raise DataFormatError(f"{where}: config key '{key}.{kind}' lists {wrong}, but the ARFF header declares "
                                  f"{said}. An ARFF file declares its own column kinds: remove '{key}.{kind}' (it "
                                  "is for headerless .data files)")


def read_raw(path: str | os.PathLike, source: dict, missing_tokens=None, *, label: str | None = None,
             key: str = "source", target: str | None = None) -> RawTable:
    """Dispatch on the file type (:func:`~aucacc.datasets.raw.data_suffix`: the last suffix, ``.gz`` ignored).

    - ``.arff`` → :func:`read_arff`;
    - ``.csv`` / ``.tsv`` → :func:`~aucacc.datasets.tabular.read_delimited` (a header row names the columns);
    - ``.parquet`` → :func:`~aucacc.datasets.tabular.read_parquet_table` (binary: never read as text);
    - ``.rda``, ``.rdata``, ``.rds`` → :func:`~aucacc.datasets.rdata_io.read_rdata_table` (R's ``save()`` and
      ``saveRDS()``: one data frame, R factors nominal with their levels; binary: never read as text);
    - anything else (``.data``, ``.txt``, …) → :func:`read_uci_data`, a headerless comma-separated file.

    ``source`` is the data set's ``source`` config block (``columns``, ``nominal``, ``numeric``);
    ``missing_tokens`` the recipe's (``None``: the format's default, :data:`DEFAULT_MISSING_TOKENS`
    ``["?"]`` for ``.data``, :data:`~aucacc.datasets.tabular.DEFAULT_TABULAR_MISSING_TOKENS`
    ``["", "?", "NA"]`` for ``.csv``/``.tsv``). An ARFF file marks missing values with ``?`` and a
    Parquet file with nulls (the formats' rules), so other tokens are refused for them. A file that
    names its columns (ARFF, ``.csv``, ``.tsv``, ``.parquet``) takes ``columns`` only equal to its own
    names; ``nominal``/``numeric`` must agree with an ARFF header (:func:`_check_arff_source`) and
    declare the kinds of a ``.csv``/``.tsv``/``.parquet`` file (without them, the kinds are inferred
    and the inference is recorded in the table's ``notes``).
    A name ending in ``.gz`` is decompressed (:func:`~aucacc.datasets.raw.read_text`; not ``.parquet``).
    ``label`` is how error messages name the file (default: ``path``); ``key`` how they name the
    source block (:func:`aucacc.datasets.clean_raw_file`: ``datasets.<name>.source``); ``target`` the
    recipe's class column, nominal when a ``.csv``/``.tsv``/``.parquet`` file's kinds are inferred.
    """
    path = Path(path)
    where = label or str(path)
    suffix = data_suffix(path)
    if suffix in RDATA_SUFFIXES:
        if missing_tokens is not None:
            raise DataFormatError(f"{where}: recipe missing_tokens {list(missing_tokens)} applies to text files; an R "
                                  "data file marks a missing value with NA — remove the key")
        return read_rdata_table(path, source.get("nominal"), source.get("numeric"), columns=source.get("columns"),
                                label=label, key=key, target=target)
    if suffix == ".parquet":
        if missing_tokens is not None:
            raise DataFormatError(f"{where}: recipe missing_tokens {list(missing_tokens)} applies to text files; a "
                                  "Parquet file marks a missing value with a null — remove the key")
        return read_parquet_table(path, source.get("nominal"), source.get("numeric"), columns=source.get("columns"),
                                  label=label, key=key, target=target)
    if suffix in (".csv", ".tsv"):
        tokens = DEFAULT_TABULAR_MISSING_TOKENS if missing_tokens is None else tuple(missing_tokens)
        return read_delimited(path, source.get("nominal"), source.get("numeric"), tokens,
                              columns=source.get("columns"), label=label, key=key, target=target)
    tokens = DEFAULT_MISSING_TOKENS if missing_tokens is None else tuple(missing_tokens)
    if suffix == ".arff":
        if set(tokens) != {"?"}:
            raise DataFormatError(f"{where}: recipe missing_tokens {list(tokens)} applies to text files without "
                                  "types (.data, .csv, .tsv); an ARFF file marks a missing value with '?' — remove "
                                  "the key")
        table = read_arff(path, label=label)
        _check_arff_source(where, key, source, table)
        return table
    if not source.get("columns"):
        raise DataFormatError(f"{where}: a headerless .data file needs `columns` in its config source block "
                              f"('{key}.columns'); a file with a header row is read by its name: .csv, .tsv "
                              "(or .parquet)")
    return read_uci_data(path, source["columns"], source.get("nominal"), source.get("numeric"), tokens, label=label)
