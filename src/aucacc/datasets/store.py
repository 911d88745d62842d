"""Storing a clean (or discretized) data set between workflow stages: Parquet + a JSON schema sidecar.

The JSON keeps what Parquet alone would not guarantee: each nominal attribute's declared
domain in declared order, the class order, and the record of every exclusion.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pandas as pd

from aucacc.datasets.recipes import CLASS_COLUMN, CleanDataset
from aucacc.provenance import atomic_write_bytes, atomic_write_text


def save_dataset(ds: CleanDataset, parquet: str | os.PathLike, meta: str | os.PathLike,
                 extra: dict[str, Any] | None = None) -> None:
    """Write ``ds`` to ``parquet`` (attributes + ``class`` column) and its schema to ``meta`` (JSON)."""
    import io

    frame = ds.X.copy()
    frame[CLASS_COLUMN] = ds.y.to_numpy()
    buf = io.BytesIO()
    frame.to_parquet(buf, index=False)
    atomic_write_bytes(parquet, buf.getvalue())
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
    atomic_write_text(meta, json.dumps(info, indent=2, default=str) + "\n")


def read_dataset(parquet: str | os.PathLike, meta: str | os.PathLike) -> CleanDataset:
    """Read a data set written by :func:`save_dataset`, restoring domains and class order."""
    info = json.loads(Path(meta).read_text())
    frame = pd.read_parquet(parquet)
    y = pd.Series(pd.Categorical(frame.pop(CLASS_COLUMN).astype(object), categories=info["classes"]), name=CLASS_COLUMN)
    for c, dom in info["domains"].items():
        frame[c] = pd.Categorical(frame[c].astype(object).where(frame[c].notna(), None), categories=dom)
    for c, k in info["kinds"].items():
        if k == "numeric":
            frame[c] = frame[c].astype(float)
    return CleanDataset(name=info["name"], X=frame[list(info["kinds"])], y=y, kinds=info["kinds"],
                        exclusions=info.get("exclusions", []), raw_shape=tuple(info.get("raw_shape", (0, 0))))


def read_meta(meta: str | os.PathLike) -> dict[str, Any]:
    """The JSON sidecar written by :func:`save_dataset`."""
    return json.loads(Path(meta).read_text())
