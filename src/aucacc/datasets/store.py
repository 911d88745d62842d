"""Storing a clean (or discretized) data set between workflow stages: Parquet + a JSON schema sidecar.

The JSON keeps what Parquet alone would not guarantee: each nominal attribute's declared
domain in declared order, the class order, and the record of every exclusion. Both files get a
provenance record with their SHA-256 (:func:`aucacc.provenance.write_intermediate`) and are read
as one unit: :func:`read_dataset` checks both checksums, that they agree with each other, and
(given the config) that they were cleaned from the raw file the config pins.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterable

import pandas as pd

from aucacc.datasets.fetch import expected_sha256
from aucacc.datasets.recipes import CLASS_COLUMN, CleanDataset
from aucacc.provenance import IntegrityError, verified, write_intermediate


def save_dataset(ds: CleanDataset, parquet: str | os.PathLike, meta: str | os.PathLike,
                 extra: dict[str, Any] | None = None) -> None:
    """Write ``ds`` to ``parquet`` (attributes + ``class`` column) and its schema to ``meta`` (JSON).

    ``extra`` is merged into the JSON; its ``provenance`` entry (if any) is also each file's
    provenance record (``<file>.provenance.json``, with the file's SHA-256).
    """
    import io

    frame = ds.X.copy()
    frame[CLASS_COLUMN] = ds.y.to_numpy()
    buf = io.BytesIO()
    frame.to_parquet(buf, index=False)
    prov = (extra or {}).get("provenance")
    write_intermediate(parquet, buf.getvalue(), prov)
    info = {
        "name": ds.name,
        "n_instances": int(len(ds.y)),
        "raw_shape": list(ds.raw_shape),
        "kinds": ds.kinds,
        "domains": {c: [str(v) for v in ds.X[c].cat.categories] for c in ds.X.columns if ds.kinds[c] == "nominal"},
        "classes": [str(c) for c in ds.y.cat.categories],
        "class_distribution": ds.class_distribution(),
        "exclusions": ds.exclusions,
    }
    if extra:
        info.update(extra)
    write_intermediate(meta, json.dumps(info, indent=2, default=str) + "\n", prov)


def read_dataset(parquet: str | os.PathLike, meta: str | os.PathLike,
                 config: dict[str, Any] | None = None) -> CleanDataset:
    """Read a data set written by :func:`save_dataset`, restoring domains and class order.

    Parameters
    ----------
    parquet, meta : the two files of :func:`save_dataset`.
    config : the run's config, optional. With it, the raw file's SHA-256 recorded when the data
        were cleaned must equal the one the config (or the lock file) pins now
        (:func:`check_raw_current`).

    Raises
    ------
    IntegrityError
        A file does not have the SHA-256 its provenance record gives (:func:`aucacc.provenance.verified`),
        the Parquet file and the JSON schema disagree (columns, row count, a value outside the
        declared domain or classes), or the data were cleaned from another raw file than the
        pinned one. The message names the files and the fix: delete them and re-run.
    """
    info = read_meta(meta)
    if config is not None:
        check_raw_current(info, meta, config)
    frame = pd.read_parquet(verified(parquet))
    _check_agree(frame, info, Path(parquet), Path(meta))
    y = pd.Series(pd.Categorical(frame.pop(CLASS_COLUMN).astype(object), categories=info["classes"]), name=CLASS_COLUMN)
    for c, dom in info["domains"].items():
        frame[c] = pd.Categorical(frame[c].astype(object).where(frame[c].notna(), None), categories=dom)
    for c, k in info["kinds"].items():
        if k == "numeric":
            frame[c] = frame[c].astype(float)
    return CleanDataset(name=info["name"], X=frame[list(info["kinds"])], y=y, kinds=info["kinds"],
                        exclusions=info.get("exclusions", []), raw_shape=tuple(info.get("raw_shape", (0, 0))))


def _check_agree(frame: pd.DataFrame, info: dict[str, Any], parquet: Path, meta: Path) -> None:
    """Raise :class:`IntegrityError` unless ``frame`` (the Parquet file) is what ``info`` (the JSON) describes.

    A value outside its declared domain would otherwise become a missing value without a word.
    """
    fix = f"Delete {parquet} and {meta} and re-run: the clean step writes them again, as one unit."
    where = f"{parquet} and {meta} disagree"
    want = list(info["kinds"]) + [CLASS_COLUMN]
    if list(frame.columns) != want:
        raise IntegrityError(f"{where}: the Parquet file has columns {list(frame.columns)}, the JSON schema "
                             f"{want}. {fix}")
    if len(frame) != info["n_instances"]:
        raise IntegrityError(f"{where}: the Parquet file has {len(frame)} rows, the JSON schema says "
                             f"n_instances = {info['n_instances']}. {fix}")
    declared = {**info["domains"], CLASS_COLUMN: info["classes"]}
    for c, dom in declared.items():
        col = frame[c].astype(object)
        bad = ~col.isin(dom) & (col.notna() | (c == CLASS_COLUMN))  # the class is never missing
        if bad.any():
            row = int(bad.to_numpy().nonzero()[0][0])
            what = "classes" if c == CLASS_COLUMN else f"domain of attribute {c!r}"
            raise IntegrityError(f"{where}: row {row} has {c} = {col.iloc[row]!r}, which is not in the {what} the "
                                 f"JSON schema declares ({dom}). {fix}")


def read_meta(meta: str | os.PathLike) -> dict[str, Any]:
    """The JSON schema written by :func:`save_dataset`, checked against its provenance record."""
    return json.loads(verified(meta).read_text())


def read_metas(paths: Iterable[str | os.PathLike]) -> dict[str, dict[str, Any]]:
    """``{data set name: its clean data record}`` of the records ``paths`` (:func:`read_meta`), in their order: what
    each data set's recipe removed (``exclusions``), which a study's summary names
    (:func:`aucacc.studies.analysis.cleaning_notes`)."""
    records = {}
    for path in paths:
        info = read_meta(path)
        records[info["name"]] = info
    return records


def check_raw_current(info: dict[str, Any], meta: str | os.PathLike, config: dict[str, Any]) -> None:
    """Raise :class:`IntegrityError` if clean data were made from another raw file than the one now pinned.

    ``info`` is the JSON schema (:func:`read_meta`) of the data set's clean data, whose provenance
    records the SHA-256 of the raw file it was cleaned from (``raw_sha256``); it must equal the
    configured ``source.sha256`` or the lock file's entry. A data set with neither is not checked.
    Results derived from a damaged or replaced raw file then stop the next job that reads them,
    instead of staying valid.
    """
    name = info["name"]
    parquet = Path(meta).with_suffix(".parquet")
    source = (config.get("datasets") or {}).get(name, {}).get("source")
    if source is None:
        return
    want, key = expected_sha256(name, source, config)
    have = (info.get("provenance") or {}).get("raw_sha256")
    if want and have != want:
        made = f"from a raw file with SHA-256 {have}" if have else "without a record of its raw file's SHA-256"
        raise IntegrityError(
            f"data set {name!r}: {meta} (and the Parquet file beside it) was cleaned {made}, but {key} records {want}: "
            f"it and every result made from it are stale. Delete {meta} and {parquet}, then re-run with "
            f"`--forcerun {parquet}`: the workflow cleans the pinned raw file again and re-makes every result made "
            f"from it (without --forcerun, Snakemake keeps results whose intermediate files were deleted).")


def check_clean_outputs(results: str | os.PathLike, config: dict[str, Any]) -> None:
    """:func:`check_raw_current` for every configured data set whose clean data exist under ``results/data``.

    The workflow calls it at start-up: when nothing is left to run, Snakemake would otherwise
    report "Nothing to be done" over results made from a raw file that is no longer the pinned one.
    Reads one small JSON file per data set (no checksum of the data files themselves).
    """
    for name in config.get("datasets") or {}:
        meta = Path(results) / "data" / f"{name}.json"
        if meta.is_file():
            try:
                info = json.loads(meta.read_text())
            except ValueError:
                continue  # a damaged schema: the next job that reads it says so (verified)
            check_raw_current(info, meta, config)
