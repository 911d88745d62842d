"""Declarative cleaning recipes (config ``datasets.<name>.recipe``) and the clean data set they give.

Every removal of rows, columns or classes is recorded in :attr:`CleanDataset.exclusions`;
nothing is dropped silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from aucacc.datasets.io import RawTable


class RecipeError(ValueError):
    """A recipe does not fit its data; the message names the data set and config key."""


@dataclass
class CleanDataset:
    """A cleaned data set.

    Attributes
    ----------
    name : data set name (config key).
    X : DataFrame, shape (n_instances, n_attributes); nominal attributes Categorical with their
        declared domain, numeric float64, missing NaN.
    y : Series, Categorical, length n_instances; categories are the classes present, in
        declared order.
    kinds : attribute → "nominal" | "numeric".
    exclusions : one record per cleaning step that removed something
        (``step, rows_removed, columns_removed, detail``).
    raw_shape : (rows, columns) of the raw table, class included.
    """

    name: str
    X: pd.DataFrame
    y: pd.Series
    kinds: dict[str, str]
    exclusions: list[dict[str, Any]] = field(default_factory=list)
    raw_shape: tuple[int, int] = (0, 0)

    @property
    def classes(self) -> list[str]:
        return list(self.y.cat.categories)

    def class_distribution(self) -> dict[str, int]:
        return {str(k): int(v) for k, v in self.y.value_counts(sort=False).items()}


def _key(name: str, *parts: str) -> str:
    return ".".join(["datasets", name, "recipe", *parts])


def _check_columns(name: str, key: str, wanted, frame: pd.DataFrame) -> None:
    missing = [c for c in wanted if c not in frame.columns]
    if missing:
        raise RecipeError(f"data set {name!r}: config key '{_key(name, key)}' names columns {missing} that the raw "
                          f"file does not have; available: {list(frame.columns)}")


def apply_recipe(raw: RawTable, recipe: dict[str, Any], name: str, seed: int = 0) -> CleanDataset:
    """Apply a cleaning recipe to a raw table.

    Steps, in order: choose the target; drop listed columns; mark zeros as missing; drop listed
    classes; map classes (``class_map`` or ``one_vs_rest``); drop rows whose class is missing;
    drop rows with a missing attribute value (``missing: drop_rows``) or keep them
    (``missing: keep``); stratified seeded subsample; drop class values that no longer occur.

    Raises
    ------
    RecipeError
        A named column or class does not exist, a ``class_map`` leaves a value unmapped,
        the result has fewer than two classes, or a subsample is larger than the data.
    """
    frame = raw.frame.copy()
    kinds = dict(raw.kinds)
    log: list[dict[str, Any]] = []

    def record(step: str, rows: int = 0, cols: list[str] | None = None, detail: str = "") -> None:
        if rows or cols:
            log.append({"step": step, "rows_removed": int(rows), "columns_removed": list(cols or []), "detail": detail})

    target = recipe["target"]
    if target not in frame.columns:
        raise RecipeError(f"data set {name!r}: config key '{_key(name, 'target')}' = {target!r} is not a column of "
                          f"{raw.path.name}; columns: {list(frame.columns)}")
    if kinds[target] != "nominal":
        raise RecipeError(f"data set {name!r}: config key '{_key(name, 'target')}' = {target!r} is numeric; a class must be nominal "
                          f"(declare it under source.nominal for a .data file)")

    drops = recipe.get("drop_columns") or {}
    _check_columns(name, "drop_columns", drops, frame)
    if target in drops:
        raise RecipeError(f"data set {name!r}: config key '{_key(name, 'drop_columns')}' drops the target {target!r}")
    for col, why in drops.items():
        nmiss = int(frame[col].isna().sum())
        record("drop_columns", cols=[col], detail=f"{col}: {why} ({nmiss} of {len(frame)} missing)")
    frame = frame.drop(columns=list(drops))

    zeros = recipe.get("zero_as_missing") or []
    _check_columns(name, "zero_as_missing", zeros, frame)
    for col in zeros:
        if kinds[col] != "numeric":
            raise RecipeError(f"data set {name!r}: '{_key(name, 'zero_as_missing')}' names nominal column {col!r}")
        n0 = int((frame[col] == 0).sum())
        frame.loc[frame[col] == 0, col] = np.nan
        if n0:
            log.append({"step": "zero_as_missing", "rows_removed": 0, "columns_removed": [],
                        "detail": f"{col}: {n0} zeros marked missing"})

    y = frame[target]
    dclasses = recipe.get("drop_classes") or {}
    unknown = [c for c in dclasses if c not in y.cat.categories]
    if unknown:
        raise RecipeError(f"data set {name!r}: '{_key(name, 'drop_classes')}' names classes {unknown} not in "
                          f"{list(y.cat.categories)}")
    for cls, why in dclasses.items():
        mask = (y == cls).to_numpy()
        record("drop_classes", rows=int(mask.sum()), detail=f"class {cls}: {why}")
        frame = frame.loc[~mask]
        y = frame[target]
    if dclasses:
        frame[target] = frame[target].cat.remove_categories(list(dclasses))

    cmap = recipe.get("class_map")
    ovr = recipe.get("one_vs_rest")
    if cmap and ovr:
        raise RecipeError(f"data set {name!r}: use either '{_key(name, 'class_map')}' or "
                          f"'{_key(name, 'one_vs_rest')}', not both")
    cats = list(frame[target].cat.categories)
    if ovr:
        if ovr not in cats:
            raise RecipeError(f"data set {name!r}: '{_key(name, 'one_vs_rest')}' = {ovr!r} is not a class; "
                              f"classes: {cats}")
        cmap = {c: (ovr if c == ovr else f"not_{ovr}") for c in cats}
    if cmap:
        unmapped = [c for c in cats if c not in cmap]
        extra = [c for c in cmap if c not in cats]
        if unmapped or extra:
            raise RecipeError(f"data set {name!r}: '{_key(name, 'class_map')}' must map every class exactly: "
                              f"unmapped {unmapped}, unknown {extra}")
        new_order = list(dict.fromkeys(cmap[c] for c in cats))
        vals = frame[target].astype(object).map(cmap)
        frame[target] = pd.Categorical(vals, categories=new_order)
        log.append({"step": "class_map", "rows_removed": 0, "columns_removed": [],
                    "detail": ", ".join(f"{k}->{v}" for k, v in cmap.items())})

    nomiss_y = frame[target].isna().to_numpy()
    record("missing_class", rows=int(nomiss_y.sum()), detail="rows whose class value is missing")
    frame = frame.loc[~nomiss_y]

    attrs = [c for c in frame.columns if c != target]
    if recipe.get("missing", "drop_rows") == "drop_rows":
        incomplete = frame[attrs].isna().any(axis=1).to_numpy()
        by_col = frame[attrs].isna().sum()
        detail = ", ".join(f"{c}: {int(n)}" for c, n in by_col.items() if n)
        record("missing_values", rows=int(incomplete.sum()), detail=f"rows with a missing value ({detail})")
        frame = frame.loc[~incomplete]

    sub = recipe.get("subsample")
    if sub:
        n = int(sub["n"])
        if n > len(frame):
            raise RecipeError(f"data set {name!r}: '{_key(name, 'subsample', 'n')}' = {n} exceeds the "
                              f"{len(frame)} rows left")
        before = len(frame)
        frame = _subsample(frame, target, n, bool(sub.get("stratify", True)), seed)
        record("subsample", rows=before - len(frame),
               detail=f"seeded {'stratified ' if sub.get('stratify', True) else ''}subsample of {n} rows (seed {seed})")

    used = frame[target].value_counts()
    empty = [str(c) for c, k in used.items() if k == 0]
    if empty:
        frame[target] = frame[target].cat.remove_categories(empty)
        log.append({"step": "unused_classes", "rows_removed": 0, "columns_removed": [],
                    "detail": f"declared class values that never occur: {empty}"})
    if frame[target].cat.categories.size < 2:
        raise RecipeError(f"data set {name!r}: fewer than two classes left after cleaning; check the recipe "
                          f"(config key '{_key(name)}')")

    frame = frame.reset_index(drop=True)
    y = frame.pop(target).rename("class")
    kinds = {c: kinds[c] for c in frame.columns}
    return CleanDataset(name=name, X=frame, y=y, kinds=kinds, exclusions=log,
                        raw_shape=(len(raw.frame), raw.frame.shape[1]))


def _subsample(frame: pd.DataFrame, target: str, n: int, stratify: bool, seed: int) -> pd.DataFrame:
    """Seeded subsample of ``n`` rows; stratified by largest-remainder allocation per class."""
    rng = np.random.default_rng(seed)
    if not stratify:
        idx = np.sort(rng.choice(len(frame), size=n, replace=False))
        return frame.iloc[idx]
    y = frame[target].to_numpy()
    classes, counts = np.unique(y.astype(str), return_counts=True)
    exact = counts * n / counts.sum()
    take = np.floor(exact).astype(int)
    for i in np.argsort(-(exact - take), kind="stable")[: n - take.sum()]:
        take[i] += 1
    keep = []
    for cls, k in zip(classes, take):
        pos = np.flatnonzero(y.astype(str) == cls)
        keep.extend(rng.choice(pos, size=k, replace=False))
    return frame.iloc[np.sort(np.asarray(keep, dtype=int))]
