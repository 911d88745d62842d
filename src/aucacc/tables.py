"""One tidy table → CSV, Markdown and LaTeX, written atomically with a provenance sidecar.

The table format of the bottom layer: experiments return a :class:`Table`, workflow scripts write
it (also through its report path, :mod:`aucacc.report.tables`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from aucacc.provenance import atomic_write_text, write_intermediate


def _fmt(v: Any, floatfmt: str, count: bool = False) -> str:
    if v is None or v is pd.NA or (isinstance(v, float) and pd.isna(v)):
        return "—"
    if isinstance(v, float):
        return str(int(v)) if count else format(v, floatfmt)
    return str(v)


def _count_columns(df: pd.DataFrame) -> list[bool]:
    """Float columns whose every value is a whole number (counts stored as float because of a gap)."""
    out = []
    for c in df.columns:
        col = df[c]
        vals = col.dropna()
        out.append(bool(pd.api.types.is_float_dtype(col) and len(vals)
                        and all(float(v).is_integer() and abs(v) < 1e15 for v in vals)))
    return out


def _rows(df: pd.DataFrame, floatfmt: str):
    counts = _count_columns(df)
    for row in df.itertuples(index=False):
        yield [_fmt(v, floatfmt, c) for v, c in zip(row, counts)]


def to_markdown(df: pd.DataFrame, floatfmt: str = ".3f") -> str:
    """Render ``df`` as a GitHub-flavoured Markdown table (no index); missing values print as —."""
    cols = [str(c) for c in df.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    for cells in _rows(df, floatfmt):
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


def _tex_escape(s: str) -> str:
    for a, b in (("\\", r"\textbackslash{}"), ("&", r"\&"), ("%", r"\%"), ("_", r"\_"), ("#", r"\#"),
                 ("$", r"\$"), ("{", r"\{"), ("}", r"\}"), ("~", r"\textasciitilde{}"), ("^", r"\^{}")):
        s = s.replace(a, b)
    return s


def to_latex(df: pd.DataFrame, floatfmt: str = ".3f", caption: str | None = None) -> str:
    """Render ``df`` as a booktabs LaTeX tabular (no index, no Jinja2 dependency)."""
    align = "".join("r" if pd.api.types.is_numeric_dtype(df[c]) else "l" for c in df.columns)
    out = []
    if caption:
        out.append(f"% {caption}")
    out.append(r"\begin{tabular}{" + align + "}")
    out.append(r"\toprule")
    out.append(" & ".join(_tex_escape(str(c)) for c in df.columns) + r" \\")
    out.append(r"\midrule")
    for cells in _rows(df, floatfmt):
        out.append(" & ".join(_tex_escape(c) for c in cells) + r" \\")
    out.append(r"\bottomrule")
    out.append(r"\end{tabular}")
    return "\n".join(out) + "\n"


class FrameParts(dict):
    """``key -> rows of a frame`` (see :func:`split_frame`); a key without rows gives the empty frame."""

    def __init__(self, groups: dict, empty: pd.DataFrame):
        super().__init__(groups)
        self.empty = empty

    def __missing__(self, key):
        return self.empty


def split_frame(frame: pd.DataFrame, by) -> FrameParts:
    """The rows of ``frame`` for each value of ``by``, found by one grouping.

    ``parts[key]`` holds the same rows, in the same order and with the same index, as
    ``frame[frame[by] == key]`` (for a list ``by``, the conjunction over its columns, ``key`` a
    tuple); a key no row has gives ``frame.iloc[:0]``. One grouping instead of a comparison of
    the whole frame per key: a loop over the keys of a stacked frame (a 26-class data set's
    ROC curves, millions of rows; the ROC tables over a study's data sets) stays linear.

    Parameters
    ----------
    frame : DataFrame
    by : column or index-level name, or a list of them (as :meth:`pandas.DataFrame.groupby` takes them)

    Returns
    -------
    FrameParts
        A dict ``key -> DataFrame``; rows whose ``by`` value is missing (NaN) are in no part, as
        ``==`` matches no NaN.
    """
    return FrameParts(dict(tuple(frame.groupby(by, sort=False))), frame.iloc[:0])


@dataclass(frozen=True)
class Table:
    """A table as a library function returns it, and the one way a table is written.

    Attributes
    ----------
    data : DataFrame
        The tidy frame (written as is to CSV).
    display : DataFrame, optional
        Layout for Markdown and LaTeX (defaults to ``data``).
    caption : str, optional
        From :func:`aucacc.captions.caption` (every table's caption is there).
    floatfmt : str
        Float format of Markdown and LaTeX cells.
    notes : list of str, optional
        Lines under the Markdown and LaTeX table (e.g. what a footnote mark means).
    """

    data: pd.DataFrame
    display: pd.DataFrame | None = None
    caption: str | None = None
    floatfmt: str = ".3f"
    notes: list[str] | None = None

    def write(self, stem: str | os.PathLike, provenance: dict | None = None) -> dict[str, Path]:
        """Write ``<stem>.csv`` (the tidy ``data``) and ``<stem>.md`` / ``<stem>.tex`` (``display``, caption, notes).

        Parameters
        ----------
        stem : output path without extension.
        provenance : optional record written to ``<stem>.csv.provenance.json`` and ``<stem>.md.provenance.json``
            (a minimal one without it), each with its file's SHA-256, which every reader checks
            (:func:`aucacc.provenance.verified`; REPORT.md inlines the Markdown table).

        Returns a mapping ``{"csv": path, "md": path, "tex": path}``. Every file is written
        atomically, so a failure leaves no half-written table.
        """
        stem = Path(stem)
        shown = self.data if self.display is None else self.display
        paths = {"csv": stem.with_suffix(".csv"), "md": stem.with_suffix(".md"), "tex": stem.with_suffix(".tex")}
        self.write_csv(paths["csv"], provenance)
        md = (f"{self.caption}\n\n" if self.caption else "") + to_markdown(shown, self.floatfmt)
        tex = to_latex(shown, self.floatfmt, self.caption)
        if self.notes:
            md += "\n" + "\n\n".join(self.notes) + "\n"
            tex += "".join(f"\\par\\footnotesize {_tex_escape(n)}\n" for n in self.notes)
        write_intermediate(paths["md"], md, provenance)
        atomic_write_text(paths["tex"], tex)
        return paths

    def write_csv(self, path: str | os.PathLike, provenance: dict | None = None) -> Path:
        """Write only the tidy ``data`` as CSV (no index), atomically, with the optional provenance sidecar.

        For the data files between stages (folds, metrics, ROC points, the scorecard), which have no
        Markdown or LaTeX rendering. The sidecar (a minimal one without ``provenance``) records the
        file's SHA-256, which the job that reads it checks (:func:`aucacc.provenance.verified`).
        """
        return write_intermediate(path, self.data.to_csv(index=False), provenance)
