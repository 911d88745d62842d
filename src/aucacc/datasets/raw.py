"""What both raw readers share: the table they return, the error they raise, reading the text, numbers.

:class:`RawTable` is a DataFrame whose nominal columns are pandas Categoricals with the declared
domain in declared order (Weka keeps unused declared values, and both naive Bayes' Laplace counts
and C4.5's branches depend on them), numeric columns float64, and missing values NaN. The readers
are :func:`aucacc.datasets.arff_io.read_arff` and :func:`aucacc.datasets.io.read_uci_data`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from aucacc.exceptions import DataFormatError  # noqa: F401  (re-exported: its old path)


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


# A number as written in UCI and ARFF files: optional sign, digits with an optional point
# (`.25`, `03`, `4.`), optional exponent. Stricter than float(): `nan`, `inf`, `1_000` are not numbers.
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")

#: Token that marks a missing value when the recipe declares no ``missing_tokens`` (UCI and ARFF: ``?``).
DEFAULT_MISSING_TOKENS = ("?",)


def read_text(path: Path, where: str) -> str:
    """The file as UTF-8 text (a byte-order mark dropped); bytes that are not UTF-8 are an error, never replaced.

    Replacing them would merge distinct nominal values (``café`` and ``cafè`` in Latin-1 both
    become ``caf\ufffd``), so the message names the line and the byte instead. ``where`` is how
    messages name the file (the readers' ``label``).
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DataFormatError(f"{where}: file not found") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DataFormatError(f"{where}: line {line}: byte 0x{data[exc.start]:02x} is not UTF-8 — the file is in "
                              "another encoding (e.g. Latin-1); convert it to UTF-8 (iconv -f latin1 -t utf-8)") from None


def is_number(text: str) -> bool:
    """Whether ``text`` is a decimal number as written in data files (see ``_NUMBER``)."""
    return _NUMBER.fullmatch(text) is not None


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
