"""Reader for R data files: ``.rda`` / ``.RData`` (R's ``save()``) and ``.rds`` (``saveRDS()``).

The R packages that ship benchmark data (mlbench, for one: its ``Satellite.rda`` is UCI's Statlog
Landsat data, Provost & Fawcett's "Satimage") store each data set as an R data frame in such a
file. The file is parsed by the Python package ``rdata`` (no R needed) into a pandas frame, whose
typed columns become a :class:`~aucacc.datasets.raw.RawTable` by the same conversion as a Parquet
file's (:func:`aucacc.datasets.tabular.table_from_frame`): an R factor is nominal with its levels,
in their order, as the declared domain (unused levels kept, as an ARFF header's); a numeric or
integer vector is numeric; a logical vector nominal (``False``/``True``); a character vector nominal
(domain its sorted values); ``NA`` is a missing value. R's row names are not data and are not read.
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd

from aucacc.datasets.raw import DataFormatError, RawTable, binary_head
from aucacc.datasets.tabular import table_from_frame

__all__ = ["RDATA_SUFFIXES", "read_rdata_table"]

#: File types read as R data (:func:`aucacc.datasets.raw.data_suffix`, lower case).
RDATA_SUFFIXES = (".rda", ".rdata", ".rds")

# How an R data file starts: compressed (R's default gzip, or bzip2, xz) or not ("RDX2"/"RDX3" for save(),
# "X\n" / "A\n" / "B\n" for the serialization saveRDS writes uncompressed).
_MAGIC = (b"\x1f\x8b", b"BZh", b"\xfd7zXZ\x00", b"RDX", b"RDA", b"RDB", b"X\n", b"A\n", b"B\n")


def _objects(path: Path, where: str) -> dict:
    """The R objects in the file, name → converted Python object (an ``.rds`` file's one object named ``""``)."""
    import rdata  # imported here: only R data sources need it

    try:
        if path.suffix.lower() == ".rds":
            return {"": rdata.read_rds(path)}
        return dict(rdata.read_rda(path))
    except Exception as exc:  # the parser's ValueError / NotImplementedError / EOFError, zlib's error, ...
        raise DataFormatError(f"{where}: the R data file cannot be read ({type(exc).__name__}: {exc}) — it is damaged "
                              "or truncated, or holds R objects other than data frames; in R, load() it and save() "
                              "the data frame alone again (or write it as .csv)") from None


def read_rdata_table(path: str | os.PathLike, nominal: list[str] | None = None, numeric: list[str] | None = None,
                     *, columns: list[str] | None = None, label: str | None = None, key: str = "source",
                     target: str | None = None) -> RawTable:
    """Read the one data frame of an R data file (``.rda``, ``.RData``, ``.rds``).

    Parameters
    ----------
    path : the file. R compresses it inside (gzip by default), so it is read as it is: a ``.gz`` name
        is refused.
    nominal, numeric : declared column kinds (:func:`~aucacc.datasets.raw.column_kinds`). Both ``None``:
        kinds from the R types (module docstring), recorded in ``notes``.
    columns : ``source.columns`` if the config gives it: it must equal the data frame's column names.
    label, key : how error messages name the file and the source block.
    target : the class column (the recipe's ``target``): nominal when the kinds are inferred, whatever its type.

    Returns
    -------
    RawTable
        ``frame`` of shape (n_rows, n_columns); ``relation`` is the R object's name (``.rds``: the file stem).

    Raises
    ------
    DataFormatError
        The file is missing, is not an R data file (text, another binary format: the message says what to do),
        is damaged, holds no object or more than one (the message names them: save the data frame alone), or its
        object is not a data frame; a data frame without rows; and the errors of
        :func:`~aucacc.datasets.tabular.table_from_frame` (an empty or repeated column name, ``columns`` that
        differ, a declared-numeric column with a value that is not a number). Each names the file and the fix.
    """
    path = Path(path)
    where = label or str(path)
    head = binary_head(path, where, "an R data file", 6)
    if not head.startswith(_MAGIC):
        raise DataFormatError(f"{where}: the name says an R data file ({path.suffix}), but the file does not start "
                              "as one (R's save() writes gzip-, bzip2- or xz-compressed data, or 'RDX2'/'RDX3') — "
                              "if it is comma-separated text with a header row, name it .csv (in source.file too)")
    objects = _objects(path, where)
    if len(objects) != 1:
        names = ", ".join(repr(n) for n in objects) or "none"
        raise DataFormatError(f"{where}: the R data file holds {len(objects)} objects ({names}); aucacc reads a file "
                              "of one data frame — in R, load() it and save() the data frame alone "
                              "(save(x, file = 'x.rda'))")
    (obj_name, frame), = objects.items()
    if not isinstance(frame, pd.DataFrame):
        raise DataFormatError(f"{where}: the R object {obj_name!r} is a {type(frame).__name__}, not a data frame — "
                              "in R, convert it (as.data.frame) and save it again")
    if not len(frame):
        raise DataFormatError(f"{where}: the R data frame {obj_name!r} has no rows — fetch or export it again")
    notes = [f"R data frame {obj_name!r} read with the package rdata; its row names are not data and were not "
             "read"] if obj_name else ["R object read with the package rdata (saveRDS); its row names were not read"]
    table = table_from_frame(frame.reset_index(drop=True), path, where, nominal, numeric, columns=columns, key=key,
                             target=target, how="from the R column types: factor, logical and character nominal, "
                             "numeric and integer numeric", missing="NA in R", notes=notes)
    if obj_name:
        table.relation = obj_name
    return table
