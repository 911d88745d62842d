"""What the raw readers share: the table they return, the error they raise, reading the text, numbers, kinds.

:class:`RawTable` is a DataFrame whose nominal columns are pandas Categoricals with the declared
domain in declared order (Weka keeps unused declared values, and both naive Bayes' Laplace counts
and C4.5's branches depend on them), numeric columns float64, and missing values NaN. The readers
are :func:`aucacc.datasets.arff_io.read_arff`, :func:`aucacc.datasets.io.read_uci_data` and those of
:mod:`aucacc.datasets.tabular` (`.csv`/`.tsv` with a header, `.parquet`).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

from aucacc.exceptions import DataFormatError  # noqa: F401  (re-exported: its old path)


@dataclass
class RawTable:
    """A raw table as read from disk.

    Attributes
    ----------
    frame : DataFrame, shape (n_rows, n_columns); nominal columns Categorical, numeric float64.
    kinds : column → ``"nominal"`` or ``"numeric"``; an ARFF ``string`` or ``relational`` attribute is
        ``"string"`` / ``"relational"``, its values kept as text (object array) for a recipe to drop
        (:func:`~aucacc.datasets.recipes.apply_recipe` refuses to keep one). ARFF ``date`` attributes
        are numeric (milliseconds since the epoch, as Weka stores them).
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


# A number as written in UCI and ARFF files: optional sign, ASCII digits with an optional point
# (`.25`, `03`, `4.`), optional exponent. Stricter than float(): `nan`, `inf`, `Infinity`, `1_000` and
# non-ASCII digits (`١٢`, `１２`, which float() reads as 12) are not numbers.
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")

#: Token that marks a missing value when the recipe declares no ``missing_tokens`` (UCI and ARFF: ``?``).
DEFAULT_MISSING_TOKENS = ("?",)

#: Largest file a ``.gz`` raw file may decompress to (a guard against decompression bombs).
MAX_DECOMPRESSED_BYTES = 1 << 30

# Magic numbers of compressed or binary files that are sometimes saved under a data file's name.
_MAGIC = [(b"\x1f\x8b", "gzip-compressed"), (b"PK\x03\x04", "a zip archive"), (b"BZh", "bzip2-compressed"),
          (b"\xfd7zXZ\x00", "xz-compressed"), (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
          (b"PAR1", "a Parquet file"), (b"%PDF", "a PDF file"), (b"\x89HDF", "an HDF5 file")]
_BOMS = [(b"\xff\xfe\x00\x00", "UTF-32LE", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32BE", "UTF-32"),
         (b"\xff\xfe", "UTF-16LE", "UTF-16"), (b"\xfe\xff", "UTF-16BE", "UTF-16")]
# C0 control bytes that text files do not contain (tab, line feed, form feed, carriage return and
# the DOS end-of-file mark 0x1a excepted).
_CONTROL = bytes(b for b in range(32) if b not in (9, 10, 11, 12, 13, 26))


def is_gzip_name(path: Path) -> bool:
    """Whether a raw file's name says it is gzip-compressed (``glass.arff.gz``), as Weka's ``ArffLoader`` decides."""
    return path.name.lower().endswith(".gz")


def binary_head(path: Path, where: str, kind: str, n: int) -> bytes:
    """The first ``n`` bytes of a binary raw file (Parquet, an R data file), whose reader cannot read it through
    gzip.

    Raises
    ------
    DataFormatError
        The name ends in ``.gz`` (``kind``, e.g. "a Parquet file", is read as it is: the message says to decompress
        it), or the file is missing; each names ``where``.
    """
    if is_gzip_name(path):
        raise DataFormatError(f"{where}: {kind} is compressed inside and is read as it is: decompress it "
                              "(gunzip) and drop the .gz from the name (and from source.file)")
    try:
        with path.open("rb") as fh:
            return fh.read(n)
    except FileNotFoundError:
        raise DataFormatError(f"{where}: file not found") from None


def data_suffix(path: Path) -> str:
    """The file type that picks the reader: the last suffix, lower case, ``.gz`` ignored (``x.arff.gz``: ``.arff``)."""
    name = path.name.lower()
    return Path(name[:-3] if name.endswith(".gz") else name).suffix


def _gunzip(data: bytes, where: str) -> bytes:
    """The decompressed bytes of a ``.gz`` raw file (capped at :data:`MAX_DECOMPRESSED_BYTES`)."""
    import gzip
    import io
    import zlib

    if not data.startswith(b"\x1f\x8b"):
        raise DataFormatError(f"{where}: the name ends in .gz but the file is not gzip-compressed — if it is plain "
                              "text, drop the .gz from the name (and from source.file); otherwise fetch it again")
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as fh:
            out = fh.read(MAX_DECOMPRESSED_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise DataFormatError(f"{where}: the gzip file is damaged or truncated ({exc}) — fetch it again") from None
    if len(out) > MAX_DECOMPRESSED_BYTES:
        raise DataFormatError(f"{where}: the gzip file decompresses to more than {MAX_DECOMPRESSED_BYTES} bytes, "
                              "more than any raw data file here; check that it is the right file")
    return out


def _not_text(data: bytes, where: str, name: str) -> None:
    """Stop when ``data`` is not a text file: compressed, an archive, UTF-16/32 or binary; each with its fix.

    Runs before the UTF-8 decoding, whose error would otherwise advise converting from Latin-1,
    which would corrupt any of these.
    """
    for magic, what in _MAGIC:
        if data.startswith(magic):
            if magic == b"\x1f\x8b":
                fix = (f"name it {name}.gz (in source.file too), which is read as Weka's ArffLoader reads .arff.gz, "
                       "or decompress it (gunzip)")
            elif magic == b"PAR1":
                fix = f"name it {Path(name).stem}.parquet (in source.file too) to read it as Parquet"
            else:
                fix = "extract or export the data file and name that in source.file"
            raise DataFormatError(f"{where}: the file is {what}, not a text data file — {fix}")
    for bom, enc, family in _BOMS:
        if data.startswith(bom):
            raise DataFormatError(f"{where}: the file is {family} text (byte-order mark of {enc}); the readers "
                                  f"read UTF-8 — convert it (iconv -f {family} -t UTF-8)")
    head = data[: 1 << 16]
    nul = head.find(b"\x00")
    if nul >= 0:
        even, odd = head[0::2].count(0), head[1::2].count(0)
        if max(even, odd) > len(head) // 4 and min(even, odd) < max(even, odd) // 8:
            enc = "UTF-16BE" if even > odd else "UTF-16LE"
            raise DataFormatError(f"{where}: the file looks like {enc} text without a byte-order mark (every "
                                  f"other byte is 0x00); the readers read UTF-8 — convert it (iconv -f {enc} "
                                  "-t UTF-8)")
    n_control = sum(head.count(bytes([b])) for b in _CONTROL)
    if nul >= 0 or n_control > max(8, len(head) // 100):
        at = nul if nul >= 0 else next(i for i, b in enumerate(head) if b in _CONTROL)
        line = data[:at].count(b"\n") + 1
        raise DataFormatError(f"{where}: line {line}: byte 0x{data[at]:02x} at offset {at} "
                              "— the file is binary, not a text data file (ARFF or comma-separated); check that "
                              "source.file names the data file, and fetch it again")


def read_text(path: Path, where: str) -> str:
    """The file as UTF-8 text (a byte-order mark dropped); bytes that are not UTF-8 are an error, never replaced.

    A name ending in ``.gz`` is decompressed first (Weka's ``ArffLoader`` reads ``.arff.gz`` so).
    Compressed content under another name, UTF-16/UTF-32 and binary files are refused with their
    own fix (:func:`_not_text`). Replacing bytes that are not UTF-8 would merge distinct nominal
    values (``café`` and ``cafè`` in Latin-1 both become ``caf\ufffd``), so the message names the
    line and the byte instead. ``where`` is how messages name the file (the readers' ``label``).
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DataFormatError(f"{where}: file not found") from None
    name = path.name
    if is_gzip_name(path):
        data = _gunzip(data, where)
        name = name[:-3]
    _not_text(data, where, name)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DataFormatError(f"{where}: line {line}: byte 0x{data[exc.start]:02x} is not UTF-8 — the file is in "
                              "another encoding (e.g. Latin-1); convert it to UTF-8 (iconv -f latin1 -t utf-8)") from None


def is_number(text: str) -> bool:
    """Whether ``text`` is a decimal number as written in data files (see ``_NUMBER``); one rule for both readers."""
    return _NUMBER.fullmatch(text) is not None


def not_a_number_reason(text: str) -> str:
    """Why ``text``, which :func:`is_number` refuses, is not a number, for look-alikes that ``float()`` would
    accept (``""`` for other text), as a message part: ``f"value {text!r} is not a number ({reason})"``.
    Both readers refuse these rather than read them as ``float()`` does.

    Weka 3.9's ``ArffLoader`` refuses ``1_000``, non-ASCII digits, ``nan`` and ``inf`` ("number
    expected"), reads ``NaN`` as a missing value and ``Infinity`` (and ``1e400``) as infinity.
    """
    t = text.strip()
    if not t:
        return ""
    try:
        value = float(t)
    except ValueError:
        return ""
    if "_" in t:
        return "it has '_' digit separators, which Weka refuses; write 1000, not 1_000"
    if any(ch.isdigit() and not "0" <= ch <= "9" for ch in t):
        return "its digits are not ASCII 0-9 (e.g. Arabic-Indic or full-width), which Weka refuses; write them as 0-9"
    if value != value:
        return "it is NaN; Weka reads 'NaN' as a missing value and refuses 'nan'; a missing value is written '?'"
    if value in (float("inf"), float("-inf")):
        return "it is infinite; Weka reads 'Infinity' as ∞ and refuses 'inf'; no learner here can use ∞"
    return "write it as digits 0-9 with an optional point and exponent"


def value_domain(values: set[str]) -> list[str]:
    """Sorted domain of a nominal column read from text (``.data``, ``.csv``, ``.tsv``, a Parquet text column).

    By number when every value is one (``2`` before ``10``; ``1`` before ``1.0``, which stay two
    values), else by text.
    """
    if all(is_number(v) for v in values):
        return sorted(values, key=lambda v: (float(v), v))
    return sorted(values)


def column_kinds(columns: list[str], nominal: list[str] | None = None,
                 numeric: list[str] | None = None, where: str = "") -> dict[str, str]:
    """The kind of each column of a ``.data``, ``.csv``, ``.tsv`` or ``.parquet`` file, from its declaration.

    The rule (docs/datasets.md, "Column kinds"): with ``numeric`` given, exactly those columns are numeric
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


#: Longest line text an error message quotes (longer lines are cut, with "...").
_QUOTE_CHARS = 160


def quote_line(lines: list[str], lineno: int) -> str:
    """Line ``lineno`` (1-based) of ``lines``, stripped and cut to :data:`_QUOTE_CHARS`, as a quoted string."""
    shown = lines[lineno - 1].strip()
    return repr(shown if len(shown) <= _QUOTE_CHARS else shown[: _QUOTE_CHARS - 3] + "...")


def check_finite(where: str, name: str, col: np.ndarray, values, linenos: list[int] | None = None,
                  lines: list[str] | None = None) -> None:
    """Stop when a numeric value overflows a 64-bit float (e.g. ``1e400`` would silently become ``inf``).

    ``values`` is the column as written (``.data``) or as liac-arff converted it (ARFF, floats:
    ``inf``); for ARFF, ``lines`` (the file's lines) lets the message quote the row as written.

    Raises
    ------
    DataFormatError
        Naming the file, the line (or, without ``linenos``, the data row), the column and the value.
    """
    bad = np.flatnonzero(np.isinf(col))
    if bad.size:
        i = int(bad[0])
        at = f"line {linenos[i]}" if linenos is not None else f"data row {i + 1}"
        what = f"value {values[i]!r}" if lines is None or linenos is None else \
            f"the value in {quote_line(lines, linenos[i])}"
        raise DataFormatError(f"{where}: {at}, column {name!r}: {what} overflows a 64-bit float "
                              "(it would become inf) — repair the value, or mark it missing ('?')")


def csv_records(reader, where: str):
    """The records of a ``csv.reader`` made with ``strict=True``, its error turned into a :class:`DataFormatError`.

    Without ``strict`` Python's reader takes a quote left open to the end of the file as one value holding every
    later line (rows vanish into a class value), and ``"p"x`` as ``px``; strict, it stops. The message names the
    line where the record starts and the fix.
    """
    start = 1
    while True:
        try:
            rec = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise DataFormatError(
                f"{where}: line {start}: {exc} — a quote (\") opened in this record is never closed, or a quoted value "
                f"has text after its closing quote: close or remove the quote (a value holding a quote is written "
                f"\"a \"\"b\"\" c\")") from None
        yield rec
        start = reader.line_num + 1


def text_columns(where: str, names: list[str], rows: list[list[str]], linenos: list[int], kinds: dict[str, str],
                 missing: set[str], not_a_number: Callable[[int, str, str, str], str]) -> dict[str, object]:
    """The columns of a text table (the ``.data`` and ``.csv``/``.tsv`` readers) from its rows of fields.

    A numeric column becomes float64 (a missing token NaN; :func:`check_finite`), a nominal one a Categorical over
    its sorted values (:func:`value_domain`). An empty field that is not a missing token, and a value that is not a
    number in a numeric column, stop the read: ``not_a_number(line, column, value, reason)`` gives the reader's
    message for the latter (its fix names the reader's own config keys).

    Raises
    ------
    DataFormatError
        Naming the file, line, column and value, and the fix.
    """
    cols: dict[str, object] = {}
    for j, name in enumerate(names):
        raw = [r[j] for r in rows]
        for i, v in enumerate(raw):
            if v in missing:
                continue
            if v == "":
                raise DataFormatError(
                    f"{where}: line {linenos[i]}, column {name!r}: empty value — if an empty field marks a missing "
                    f"value, add \"\" to the recipe's missing_tokens (now {sorted(missing)}); otherwise repair the row")
            if kinds[name] == "numeric" and not is_number(v):
                raise DataFormatError(not_a_number(linenos[i], name, v, not_a_number_reason(v)))
        if kinds[name] == "numeric":
            cols[name] = np.array([np.nan if v in missing else float(v) for v in raw], dtype=float)
            check_finite(where, name, cols[name], raw, linenos)
        else:
            present = {v for v in raw if v not in missing}
            cols[name] = pd.Categorical([None if v in missing else v for v in raw], categories=value_domain(present))
    return cols
