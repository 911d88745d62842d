"""Reading ARFF files as Weka 3.9's ``ArffLoader`` does: liac-arff, with the repairs real files need.

liac-arff parses; this module prepares the text for it as Weka's tokenizer reads it (``integer [a,b]``
ranges, ``%`` comments after a value, rows ending in a comma, values separated by spaces or tabs,
the instance weight ``{1}``, ``date`` values as milliseconds, ``string`` and ``relational`` values
as text), refuses what Weka would read silently wrong (an empty value between two commas) or what
the learners cannot take (instance weights other than 1; ``1_000``, ``nan``, ``Infinity`` in a
numeric attribute), and turns liac-arff's errors into messages that name and quote the file's line.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pandas as pd

from aucacc.datasets.raw import (DataFormatError, RawTable, check_finite, is_number, not_a_number_reason, quote_line,
                                 read_text)


# `integer [1,10]` / `real [0,1]` ranges: legal in Weka, rejected by liac-arff.
_RANGE = re.compile(r"(?im)^(\s*@attribute\s+(?:'[^']*'|\"[^\"]*\"|\S+)\s+(?:integer|real|numeric))\s*\[[^\]\n]*\]")
_DATA = re.compile(r"(?im)^\s*@data\b")
# liac-arff converts an `integer` attribute's values with int(float(x)): 2.5 would become 2 silently and
# 1e400 crash. Weka reads `integer` as numeric (2.5 stays 2.5), so liac-arff is given `numeric` instead.
_INTEGER = re.compile(r"(?im)^(\s*@attribute\s+(?:'[^']*'|\"[^\"]*\"|\S+)\s+)integer\b")


def _split_fields(line: str, *, weka: bool = False) -> list[str]:
    """Split one dense ARFF data line outside quotes; the fields are returned raw (quotes kept).

    Parameters
    ----------
    line : str
        The data line (or the inside of a sparse row's braces), without its comment.
    weka : bool, default False
        False: split on each comma, so an empty field between two commas stays (and is refused by the
        caller). True: split as Weka 3.9's tokenizer does, on runs of commas, spaces and tabs, with no
        empty token.

    Returns
    -------
    list of str
        The fields in line order. A backslash inside quotes escapes the next character.
    """
    if not weka and "'" not in line and '"' not in line:
        return line.split(",")
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
        elif ch == "," or (weka and ch.isspace()):
            if cur or not weka:
                fields.append("".join(cur))
                cur = []
        else:
            cur.append(ch)
        i += 1
    if cur or not weka:
        fields.append("".join(cur))
    return fields


def _unquote(field: str) -> str:
    f = field.strip()
    if not f or f[0] not in "'\"":
        return f
    if len(f) >= 2 and f[0] == f[-1] and f[0] in "'\"":
        return re.sub(r"\\(.)", r"\1", f[1:-1])
    return f


def _comment_start(line: str) -> int:
    """Index of the ``%`` that starts a comment in ``line`` (the first outside quotes), or -1.

    Weka's tokenizer treats ``%`` as a comment character anywhere outside quotes, so ``1,p % note``
    is the row ``1,p``; liac-arff only knows comment lines.
    """
    quote, i = None, 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "%":
            return i
        i += 1
    return -1


def _closing_brace(line: str, start: int) -> int:
    """Index of the ``}`` that closes the ``{`` at ``start`` (outside quotes), or -1."""
    quote, i = None, start + 1
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "}":
            return i
        i += 1
    return -1


# An instance weight at the end of a data row (Weka 3.9: `1,p,{2}`, `{0 1,1 p} {0.5}`).
_WEIGHT = re.compile(r"[\s,]*\{([^{}'\"]*)\}\s*$")
# Attribute types Weka reads that liac-arff does not (or that the pipeline's learners cannot use).
_SPECIAL = re.compile(r"""(?i)^(\s*@attribute\s+(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^\s{}'"]+)\s+)"""
                      r"""(date|string|relational)\b(.*)$""")
_END = re.compile(r"(?i)^\s*@end\b")


def _special_attributes(where: str, text: str) -> tuple[str, dict[int, tuple[str, str, int]]]:
    """Rewrite ``date``, ``string`` and ``relational`` declarations as ``string`` for liac-arff, lines kept.

    liac-arff knows neither ``date`` nor ``relational``; as strings its parser keeps their values
    (a relational value is one quoted string), and :func:`read_arff` turns each into its own kind.
    A relational attribute's nested declarations up to its ``@end`` line are blanked.

    Returns
    -------
    (text, special)
        The text, and for each such attribute's position among the attributes its type
        (``"date"``, ``"string"``, ``"relational"``), the rest of its declaration (a date's
        format) and its file line.
    """
    m = _DATA.search(text)
    head_end = m.start() if m else len(text)
    lines = text[:head_end].split("\n")
    special: dict[int, tuple[str, str, int]] = {}
    k, depth = 0, 0
    for i, line in enumerate(lines):
        stripped = line.strip()
        low = stripped.lower()
        if depth:
            if _END.match(line):
                depth -= 1
            elif _SPECIAL.match(line) and _SPECIAL.match(line).group(2).lower() == "relational":
                depth += 1
            lines[i] = ""
            continue
        if not low.startswith("@attribute"):
            continue
        sm = _SPECIAL.match(line)
        if sm:
            kind = sm.group(2).lower()
            special[k] = (kind, sm.group(3).strip(), i + 1)
            lines[i] = sm.group(1) + "string"
            if kind == "relational":
                depth = 1
        k += 1
    if depth:
        raise DataFormatError(f"{where}: a relational attribute has no @end line before @data; add it, or "
                              "use a copy of the file without the relational attribute")
    return "\n".join(lines) + text[head_end:], special


#: Weka's date format when an ARFF ``date`` attribute names none (``weka.core.Attribute``: ISO 8601).
WEKA_DATE_FORMAT = "yyyy-MM-dd'T'HH:mm:ss"
# Java SimpleDateFormat pattern letters that read_arff parses (numbers only): year, month, day, hour
# (0-23), minute, second, millisecond.
_DATE_LETTERS = {"y": "year", "M": "month", "d": "day", "H": "hour", "m": "minute", "s": "second", "S": "ms"}


def _date_parser(where: str, name: str, fmt: str, at: str):
    """A parser of ``fmt`` (Java ``SimpleDateFormat``) that gives Weka's number: milliseconds since
    1970-01-01T00:00:00 UTC.

    Numeric fields only (``yyyy MM dd HH mm ss SSS`` and literal text, quoted or not). A field
    followed by another field without a separator has its pattern's width, as in Java; otherwise
    any number of digits. Java's lenient parsing is not copied: a value must match the whole
    format, and a day or month out of range (``2001-13-01``, which Java rolls over to 2002) is an
    error, as is a date before the Gregorian calendar (1582-10-15; Java uses the Julian one there).

    Raises
    ------
    DataFormatError
        The format has other letters (month or day names, ``yy``, ``hh``, ``a``, time zones), naming
        the attribute and the fix.
    """
    import datetime as dt

    parts: list[tuple[str, str | int]] = []  # ("lit", text) or (letter, width)
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch == "'":
            j = fmt.find("'", i + 1)
            j = len(fmt) if j < 0 else j
            parts.append(("lit", "'" if j == i + 1 else fmt[i + 1:j]))
            i = j + 1
        elif ch.isascii() and ch.isalpha():
            j = i
            while j < len(fmt) and fmt[j] == ch:
                j += 1
            width = j - i
            if ch not in _DATE_LETTERS or (ch == "y" and width == 2) or (ch == "M" and width > 2):
                raise DataFormatError(
                    f"{where}: {at}attribute {name!r} is a date in the format {fmt!r}, whose {fmt[i:j]!r} the reader "
                    "does not parse (it parses the numeric fields yyyy, MM, dd, HH, mm, ss, SSS; Weka's default is "
                    f"{WEKA_DATE_FORMAT!r}). Drop the attribute (config key datasets.<name>.recipe.drop_columns), or "
                    "rewrite its values in a numeric format")
            parts.append((ch, width))
            i = j
        else:
            parts.append(("lit", ch))
            i += 1
    regex = []
    for k, (kind, val) in enumerate(parts):
        if kind == "lit":
            regex.append(re.escape(str(val)))
        else:
            adjacent = k + 1 < len(parts) and parts[k + 1][0] != "lit"
            regex.append(f"(?P<{_DATE_LETTERS[kind]}>[0-9]{{{val}}})" if adjacent else
                         f"(?P<{_DATE_LETTERS[kind]}>[0-9]+)")
    pattern = re.compile("".join(regex))
    epoch = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
    gregorian = dt.datetime(1582, 10, 15, tzinfo=dt.timezone.utc)

    def parse(value: str) -> float:
        m = pattern.fullmatch(value.strip())
        if m is None:
            raise ValueError(f"does not match the format {fmt!r}")
        f = {k: int(v) for k, v in m.groupdict().items()}
        try:
            when = dt.datetime(f.get("year", 1970), f.get("month", 1), f.get("day", 1), f.get("hour", 0),
                               f.get("minute", 0), f.get("second", 0), tzinfo=dt.timezone.utc)
        except ValueError as exc:  # Java's lenient parsing would roll it over into another date
            raise ValueError(f"is not a date ({exc})") from None
        if when < gregorian:
            raise ValueError("is before the Gregorian calendar (1582-10-15), where Java's calendar is Julian")
        delta = when - epoch
        return float((delta.days * 86400 + delta.seconds) * 1000 + f.get("ms", 0))

    return parse


def _weka_data_lines(where: str, text: str, attrs: list) -> tuple[str, list[str], list[int]]:
    """Prepare the ``@data`` section as Weka 3.9's ``ArffLoader`` reads it.

    Weka's tokenizer treats ``%`` outside quotes as the start of a comment, and spaces, tabs and
    commas all as separators. So: an inline comment is cut; a comma that ends a data row (MOA
    writes one after the last value) is read as if it were not there; a row whose values are
    separated by spaces or tabs gets its values, as in Weka. An empty field *between* two values
    is an error here; Weka would merge the two separators and shift every later value one
    attribute to the left, silently. An instance weight (``{w}`` after the values) of 1 is read as
    Weka reads it (weight 1, as every other row); any other weight is refused, since the learners
    here take no weights and dropping it would change the data. A numeric value that ``float()``
    reads but the shared number rule (:func:`~aucacc.datasets.raw.is_number`) refuses (``1_000``,
    non-ASCII digits, ``nan``, ``Infinity``) is refused, naming why.

    ``attrs`` is the header as liac-arff parsed it (name, type).

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
    n_attrs = len(attrs)
    numeric = [not isinstance(t, list) and str(t).upper() in ("REAL", "INTEGER", "NUMERIC") for _, t in attrs]
    numeric_at = [j for j, is_num in enumerate(numeric) if is_num]
    n_trailing = n_spaced = n_weight1 = 0
    row_lines = []
    for i, line in enumerate(lines):
        if i == 0:
            continue  # liac-arff ignores the rest of the @data line
        lineno = first + i
        core = line.rstrip("\r")
        cut = _comment_start(core)
        if cut >= 0:
            core = core[:cut]
        stripped = core.strip()
        if not stripped:
            if cut >= 0:
                lines[i] = ""
            continue  # blank, comment
        row_lines.append(lineno)
        changed = cut >= 0
        weight = _WEIGHT.search(core)
        if weight and (not stripped.startswith("{") or _closing_brace(stripped, 0) < len(stripped) - 1):
            _check_weight(where, lineno, weight.group(1), line)
            n_weight1 += 1
            core, changed = core[: weight.start()], True
        if stripped.startswith("{"):  # sparse row
            _check_sparse_numbers(where, lineno, core.strip(), attrs, numeric, line)
            if changed:
                lines[i] = core
            continue
        fields = _split_fields(core)
        if len(fields) > 1 and not fields[-1].strip():
            while len(fields) > 1 and not fields[-1].strip():
                fields.pop()
            n_trailing += 1
            core, changed = ",".join(fields) + core[len(core.rstrip()):], True
        for j, f in enumerate(fields):
            if not f.strip():
                raise DataFormatError(
                    f"{where}: line {lineno}: value {j + 1} is empty ({stripped!r}). ARFF marks a missing value "
                    f"with '?'; write '?' there, or repair the row (Weka would silently shift the later values)")
        if len(fields) != n_attrs:
            tokens = _split_fields(core, weka=True)
            if len(tokens) == n_attrs:
                fields, core, changed = tokens, ",".join(tokens), True
                n_spaced += 1
        if len(fields) == n_attrs:
            for j in numeric_at:
                v = _unquote(fields[j])
                if v != "?" and not is_number(v):
                    reason = not_a_number_reason(v)
                    if reason:
                        raise _not_a_number(where, lineno, attrs[j][0], v, reason, line)
        if changed:
            lines[i] = core + line[len(line.rstrip("\r")):]
    notes = []
    if n_trailing:
        notes.append(f"{n_trailing} data rows end with a comma; read as Weka 3.9's ArffLoader does (as if it were "
                     "not there)")
    if n_spaced:
        notes.append(f"{n_spaced} data rows have values separated by spaces or tabs; read as Weka 3.9's ArffLoader "
                     "does (as separators)")
    if n_weight1:
        notes.append(f"{n_weight1} data rows carry the instance weight {{1}}, the weight every row has; read as "
                     "Weka 3.9's ArffLoader does")
    return head + "\n".join(lines), notes, row_lines


def _not_a_number(where: str, lineno: int, name: str, value: str, reason: str, line: str) -> DataFormatError:
    return DataFormatError(f"{where}: line {lineno}, attribute {name!r}: value {value!r} is not a number ({reason}) "
                           f"— repair the value, or mark it missing ('?'). "
                           f"Line {lineno} reads {quote_line([line], 1)}")


def _check_weight(where: str, lineno: int, weight: str, line: str) -> None:
    """Accept an instance weight of 1 (every row's weight); refuse any other, naming the line and the fix."""
    w = weight.strip()
    if not is_number(w):
        raise DataFormatError(f"{where}: line {lineno}: instance weight {{{w}}} is not a number. Line {lineno} reads "
                              f"{quote_line([line], 1)} — repair it (Weka writes a weight as {{2.5}} after the "
                              "values)")
    if float(w) != 1.0:
        raise DataFormatError(
            f"{where}: line {lineno}: the row carries the instance weight {{{w}}}. Weka would give it the weight {w}; "
            "the learners here take no instance weights, and reading it unweighted would change the data. Use an "
            "unweighted copy of the data set, or delete the weights if every row is meant to count once. "
            f"Line {lineno} reads {quote_line([line], 1)}")


def _check_sparse_numbers(where: str, lineno: int, row: str, attrs: list, numeric: list[bool], line: str) -> None:
    """The number rule of :func:`_weka_data_lines` for a sparse row ``{index value, ...}`` (bad indices: liac-arff)."""
    end = _closing_brace(row, 0)
    inner = row[1:end] if end > 0 else row[1:]
    for pair in _split_fields(inner):
        parts = pair.strip().split(None, 1)
        if len(parts) != 2 or not parts[0].isdigit() or int(parts[0]) >= len(attrs):
            continue
        k, v = int(parts[0]), _unquote(parts[1])
        if numeric[k] and v != "?" and not is_number(v):
            reason = not_a_number_reason(v)
            if reason:
                raise _not_a_number(where, lineno, attrs[k][0], v, reason, line)


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
        elif str(typ).upper() in ("REAL", "INTEGER", "NUMERIC") and not is_number(v):
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


def _cut_header_comments(text: str) -> str:
    """Cut the ``%`` comments that follow a declaration in the header (``@attribute a numeric % cm``), as Weka's
    tokenizer does; liac-arff only knows whole comment lines. The data rows are done by :func:`_weka_data_lines`."""
    m = _DATA.search(text)
    if m is None:
        return text
    lines = text[: m.start()].split("\n")
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("%"):
            cut = _comment_start(line)
            if cut >= 0:
                lines[i] = line[:cut]
    return "\n".join(lines) + text[m.start():]


def _attribute_lines(text: str) -> list[int]:
    """File line of each ``@attribute`` declaration, in order (liac-arff keeps the attributes in that order)."""
    m = _DATA.search(text)
    head = text[: m.start()] if m else text
    return [i + 1 for i, line in enumerate(head.split("\n")) if line.strip().lower().startswith("@attribute")]


def read_arff(path: str | os.PathLike, *, label: str | None = None) -> RawTable:
    """Read an ARFF file as Weka 3.9's ``ArffLoader`` does.

    Handles ``%`` comments (whole lines, or after a value), quoted names and values with spaces,
    upper/lower case keywords, CRLF line ends, trailing blank lines, ``?`` missing values,
    ``integer [a,b]`` ranges, ``integer`` values kept as written (``2.5`` stays 2.5, as in Weka;
    liac-arff would truncate), data rows that end with a comma or whose values are separated by
    spaces or tabs, and the instance weight ``{1}`` (each read as Weka does, the count recorded in
    :attr:`RawTable.notes`); a ``.gz`` file is decompressed. ``date`` attributes become numeric,
    milliseconds since 1970-01-01 UTC, as Weka stores them (:func:`_date_parser`); ``string``
    and ``relational`` attributes are kept as text for a recipe to drop. Column kinds are the
    header's declarations; nominal values are kept exactly as written (strings, never through a
    number).

    Parameters
    ----------
    path : the file.
    label : how error messages name the file (default: ``path``); :func:`aucacc.datasets.clean_raw_file`
        gives the data set and the file the cached copy came from.

    Raises
    ------
    DataFormatError
        For a bad header, a row with the wrong number of values, an empty value, an undeclared
        nominal value, a non-numeric value in a numeric attribute (``1_000``, non-ASCII digits,
        ``nan``, ``Infinity`` included), an instance weight other than 1, a date that does not fit
        its format, no ``@data`` line or an empty data section, a file that is not UTF-8 text;
        the message names the file, the line (quoting it where liac-arff's message does not),
        the attribute and the value, and the fix.
    """
    import arff  # liac-arff

    path = Path(path)
    where = label or str(path)
    original = read_text(path, where)
    if _DATA.search(original) is None:
        raise DataFormatError(f"{where}: no @data line — not a complete ARFF file (truncated, or another format); "
                              "fetch it again or repair it")
    # Each step rewrites lines in place (never adds or removes one), so line numbers stay the file's.
    text = _RANGE.sub(r"\1", _cut_header_comments(original))
    text, special = _special_attributes(where, text)
    try:  # the header first: the data rows are prepared by their attributes' types
        parsed = _INTEGER.sub(r"\1numeric", text)
        header = arff.loads(parsed[: _DATA.search(parsed).end()] + "\n")["attributes"]
    except arff.ArffException as exc:
        raise _liac_error(where, exc, text, original) from None
    text, notes, row_lines = _weka_data_lines(where, text, header)
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
    decl, orig_lines = _attribute_lines(text), original.split("\n")  # `text`: nested relational ones blanked
    cols: dict[str, pd.Series] = {}
    kinds: dict[str, str] = {}
    data = list(zip(*rows))
    for k, ((name, typ), values) in enumerate(zip(attrs, data)):
        at = f"line {decl[k]} ({quote_line(orig_lines, decl[k])}), " if len(decl) == len(attrs) else ""
        if k in special and special[k][0] == "date":
            fmt = _unquote(special[k][1]) or WEKA_DATE_FORMAT
            parse = _date_parser(where, name, fmt, at)
            cols[name] = np.full(len(values), np.nan)
            for i, v in enumerate(values):
                if v is None:
                    continue
                try:
                    cols[name][i] = parse(str(v))
                except ValueError as exc:
                    ln = f"line {row_lines[i]}" if len(row_lines) == len(rows) else f"data row {i + 1}"
                    raise DataFormatError(f"{where}: {ln}, attribute {name!r}: value {str(v)!r} {exc} — repair it, "
                                          "mark it missing ('?'), or drop the attribute (config key "
                                          "datasets.<name>.recipe.drop_columns)") from None
            kinds[name] = "numeric"  # as Weka stores a date: milliseconds since 1970-01-01 (here in UTC)
        elif k in special or str(typ).upper() == "STRING":
            # Kept as text, so that a recipe can drop the column (apply_recipe refuses to keep one).
            cols[name] = pd.Series([None if v is None else str(v) for v in values], dtype=object).to_numpy()
            kinds[name] = special[k][0] if k in special else "string"
        elif isinstance(typ, list):
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
