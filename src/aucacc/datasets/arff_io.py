"""Reading ARFF files as Weka 3.9's ``ArffLoader`` does: liac-arff, with the repairs real files need.

liac-arff parses; this module prepares the text for it (``integer [a,b]`` ranges, rows ending in a
comma), refuses what Weka would read silently wrong (an empty value between two commas), and turns
liac-arff's errors into messages that name and quote the file's line.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pandas as pd

from aucacc.datasets.raw import DataFormatError, RawTable, check_finite, is_number, quote_line, read_text


# `integer [1,10]` / `real [0,1]` ranges: legal in Weka, rejected by liac-arff.
_RANGE = re.compile(r"(?im)^(\s*@attribute\s+(?:'[^']*'|\"[^\"]*\"|\S+)\s+(?:integer|real|numeric))\s*\[[^\]\n]*\]")
_DATA = re.compile(r"(?im)^\s*@data\b")
# liac-arff converts an `integer` attribute's values with int(float(x)): 2.5 would become 2 silently and
# 1e400 crash. Weka reads `integer` as numeric (2.5 stays 2.5), so liac-arff is given `numeric` instead.
_INTEGER = re.compile(r"(?im)^(\s*@attribute\s+(?:'[^']*'|\"[^\"]*\"|\S+)\s+)integer\b")


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


def _weka_data_lines(where: str, text: str) -> tuple[str, list[str], list[int]]:
    """Prepare the ``@data`` section as Weka 3.9's ``ArffLoader`` reads it.

    Weka's tokenizer treats a comma as a separator, so a comma that ends a data row (MOA
    writes one after the last value) is read as if it were not there: we drop it. An empty
    field *between* two values is an error here; Weka would merge the two separators and
    shift every later value one attribute to the left, silently.

    Returns
    -------
    (text, notes, row_lines)
        The text with the same lines, what was done (for :attr:`RawTable.notes`), and the file
        line of each data row, in the order liac-arff returns the rows (every line after
        ``@data`` that is neither blank nor a ``%`` comment).
    """
    m = _DATA.search(text)
    if m is None:
        return text, [], []
    head, body = text[: m.end()], text[m.end():]
    lines = body.split("\n")
    first = head.count("\n") + 1  # line number of the text right after @data
    n_trailing = 0
    row_lines = []
    for i, line in enumerate(lines):
        core = line.rstrip("\r")
        stripped = core.strip()
        if i and stripped and not stripped.startswith("%"):  # liac-arff ignores the rest of the @data line
            row_lines.append(first + i)
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
                    f"{where}: line {first + i}: value {j + 1} is empty ({stripped!r}). ARFF marks a missing value "
                    f"with '?'; write '?' there, or repair the row (Weka would silently shift the later values)")
    notes = [f"{n_trailing} data rows end with a comma; read as Weka 3.9's ArffLoader does (as if it were not there)"] \
        if n_trailing else []
    return head + "\n".join(lines), notes, row_lines


def _locate_bad_value(text: str, lineno: int) -> str:
    """Which attribute and value of data line ``lineno`` does not fit its declared type, as a message part."""
    import arff  # liac-arff

    lines = text.split("\n")
    try:
        attrs = arff.loads(text[: _DATA.search(text).end()] + "\n")["attributes"]
    except Exception:  # the header itself is bad: liac-arff's message says where
        return ""
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


def _liac_error(where: str, exc, text: str, original: str) -> DataFormatError:
    """liac-arff's error ``exc`` on ``text`` as a :class:`DataFormatError` that names the file's line and quotes it.

    liac-arff numbers lines after stripping the blank lines that start the text, and most of its
    messages name no token ("Bad @ATTRIBUTE type, at line 3."), so the number is moved to the
    file's line and the line is quoted as ``original`` (the file as written) has it; for a bad
    data value the attribute and value are named too (:func:`_locate_bad_value`).
    """
    import arff  # liac-arff

    fix = "fix or replace the file (a fresh copy from the mirror or OpenML)"
    lines = original.split("\n")
    lead = len(text) - len(text.lstrip("\r\n "))
    lineno = exc.line + text[:lead].count("\n") if exc.line > 0 else 0
    if not 0 < lineno <= len(lines):
        return DataFormatError(f"{where}: {exc} — {fix}")
    exc.line = lineno  # liac-arff's own message then names the same line
    detail = ""
    if isinstance(exc, (arff.BadNumericalValue, arff.BadNominalValue, arff.BadDataFormat)):
        detail = _locate_bad_value(text, lineno)
    return DataFormatError(f"{where}: line {lineno}{detail}: {exc} Line {lineno} reads {quote_line(lines, lineno)} "
                           f"— {fix}")


def _attribute_lines(text: str) -> list[int]:
    """File line of each ``@attribute`` declaration, in order (liac-arff keeps the attributes in that order)."""
    m = _DATA.search(text)
    head = text[: m.start()] if m else text
    return [i + 1 for i, line in enumerate(head.split("\n")) if line.strip().lower().startswith("@attribute")]


def read_arff(path: str | os.PathLike, *, label: str | None = None) -> RawTable:
    """Read an ARFF file as Weka 3.9's ``ArffLoader`` does.

    Handles ``%`` comments, quoted names and values with spaces, upper/lower case keywords,
    CRLF line ends, trailing blank lines, ``?`` missing values, ``integer [a,b]`` ranges,
    ``integer`` values kept as written (``2.5`` stays 2.5, as in Weka; liac-arff would truncate) and
    data rows that end with a comma (read as if the comma were not there, as Weka does; the
    count is recorded in :attr:`RawTable.notes`). Column kinds are the header's declarations;
    nominal values are kept exactly as written (strings, never through a number).

    Parameters
    ----------
    path : the file.
    label : how error messages name the file (default: ``path``); :func:`aucacc.datasets.clean_raw_file`
        gives the data set and the file the cached copy came from.

    Raises
    ------
    DataFormatError
        For a bad header, a row with the wrong number of values, an empty value, an undeclared
        nominal value, a non-numeric value in a numeric attribute, no ``@data`` line or an empty
        data section; the message names the file, the line (quoting it where liac-arff's message
        does not), the attribute and the value.
    """
    import arff  # liac-arff

    path = Path(path)
    where = label or str(path)
    original = read_text(path, where)
    if _DATA.search(original) is None:
        raise DataFormatError(f"{where}: no @data line — not a complete ARFF file (truncated, or another format); "
                              "fetch it again or repair it")
    text = _RANGE.sub(r"\1", original)  # one substitution per line keeps line numbers
    text, notes, row_lines = _weka_data_lines(where, text)
    try:
        obj = arff.loads(_INTEGER.sub(r"\1numeric", text))  # same lines; messages quote `text`
    except arff.ArffException as exc:
        raise _liac_error(where, exc, text, original) from None
    attrs = obj["attributes"]
    rows = obj["data"]
    if len(rows) == 0:
        raise DataFormatError(f"{where}: the @data section is empty — the file is truncated; fetch it again")
    names = [a[0] for a in attrs]
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise DataFormatError(f"{where}: duplicate attribute names {dup}")
    decl, orig_lines = _attribute_lines(original), original.split("\n")
    cols: dict[str, pd.Series] = {}
    kinds: dict[str, str] = {}
    data = list(zip(*rows))
    for k, ((name, typ), values) in enumerate(zip(attrs, data)):
        at = f"line {decl[k]} ({quote_line(orig_lines, decl[k])}), " if len(decl) == len(attrs) else ""
        if isinstance(typ, list):
            domain = [str(v) for v in typ]
            if len(set(domain)) != len(domain):
                dup = sorted({v for v in domain if domain.count(v) > 1})
                raise DataFormatError(f"{where}: {at}attribute {name!r} declares the nominal values {dup} more than "
                                      "once in its @attribute line; remove the repeats")
            cols[name] = pd.Categorical([None if v is None else str(v) for v in values], categories=domain)
            kinds[name] = "nominal"
        elif str(typ).upper() in ("REAL", "INTEGER", "NUMERIC"):
            cols[name] = np.array([np.nan if v is None else float(v) for v in values], dtype=float)
            check_finite(where, name, cols[name], values, row_lines if len(row_lines) == len(rows) else None,
                          orig_lines)
            kinds[name] = "numeric"
        else:
            raise DataFormatError(f"{where}: {at}attribute {name!r} has type {typ!r}, which the pipeline does not use "
                                  "(only nominal and numeric attributes)")
    frame = pd.DataFrame(cols, columns=names)
    return RawTable(frame=frame, kinds=kinds, path=path, relation=str(obj.get("relation", path.stem)), notes=notes)
