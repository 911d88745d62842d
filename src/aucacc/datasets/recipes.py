"""Declarative cleaning recipes (config ``datasets.<name>.recipe``) and the clean data set they give.

Every removal of rows, columns or classes is recorded in :attr:`CleanDataset.exclusions`;
nothing is dropped silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from aucacc.schemas import value_or_default
from aucacc.datasets.io import RawTable
from aucacc.exceptions import RecipeError  # noqa: F401  (re-exported: its old path)

#: Name of the class column of a clean data set (the Parquet written by :mod:`aucacc.datasets.store`).
CLASS_COLUMN = "class"


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


#: How messages name each column kind of a :class:`RawTable` (ARFF ``string``, ``date`` and ``relational``
#: attributes are read as text, for a recipe to drop).
_KIND_TEXT = {"nominal": "nominal", "numeric": "numeric", "string": "string attribute",
              "date": "date attribute", "relational": "relational attribute"}


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
        a subsample is larger than the data, or the result has no rows or fewer than two
        classes (the message names each step that removed rows or classes, how many of how
        many, and the fix where one is known: :func:`_check_left`).
    """
    frame = raw.frame.copy()
    kinds = dict(raw.kinds)
    log: list[dict[str, Any]] = []
    # What the reader did to the file as written (e.g. ARFF rows ending in a comma), recorded too.
    for note in raw.notes:
        log.append({"step": "read", "rows_removed": 0, "columns_removed": [], "detail": note})
    # (step, rows before, rows after, classes before, classes after, hint): explains an empty or
    # one-class result by the step that caused it.
    trace: list[tuple[str, int, int, list[str], list[str], str]] = []

    def record(step: str, rows: int = 0, cols: list[str] | None = None, detail: str = "") -> None:
        if rows or cols:
            log.append({"step": step, "rows_removed": int(rows), "columns_removed": list(cols or []), "detail": detail})

    target = recipe["target"]

    def present() -> list[str]:
        counts = frame[target].value_counts(sort=False)
        return [str(c) for c, k in counts.items() if k > 0]

    def traced(step: str, before: int, classes: list[str], hint: str = "") -> None:
        trace.append((step, before, len(frame), classes, present(), hint))

    if target not in frame.columns:
        raise RecipeError(f"data set {name!r}: config key '{_key(name, 'target')}' = {target!r} is not a column of "
                          f"{raw.path.name}; columns: {list(frame.columns)}")
    if kinds[target] != "nominal":
        raise RecipeError(f"data set {name!r}: config key '{_key(name, 'target')}' = {target!r} is "
                          f"{_KIND_TEXT[kinds[target]]}; a class must be nominal (for a .data, .csv, .tsv, .parquet or R "
                          "data file, list it under source.nominal, the other nominal columns too)")

    drops = recipe.get("drop_columns") or {}
    _check_columns(name, "drop_columns", drops, frame)
    if target != CLASS_COLUMN and CLASS_COLUMN in frame.columns and CLASS_COLUMN not in drops:
        # The class is stored under CLASS_COLUMN (datasets.store): an attribute of that name would be overwritten.
        raise RecipeError(f"data set {name!r}: {raw.path.name} has an attribute named {CLASS_COLUMN!r}, but the target "
                          f"is {target!r}; the clean data stores the class under {CLASS_COLUMN!r}, so that attribute "
                          f"would be overwritten — drop it (config key '{_key(name, 'drop_columns')}') or rename it in "
                          "the file")
    if target in drops:
        raise RecipeError(f"data set {name!r}: config key '{_key(name, 'drop_columns')}' drops the target {target!r}")
    for col, why in drops.items():
        nmiss = int(frame[col].isna().sum())
        record("drop_columns", cols=[col], detail=f"{col}: {why} ({nmiss} of {len(frame)} missing)")
    frame = frame.drop(columns=list(drops))
    unusable = {c: kinds[c] for c in frame.columns if kinds[c] not in ("nominal", "numeric")}
    if unusable:
        example = ", ".join(f"{c}: {_KIND_TEXT[k]}" for c, k in unusable.items())
        raise RecipeError(f"data set {name!r}: {raw.path.name} has "
                          + ", ".join(f"the {_KIND_TEXT[k]} {c!r}" for c, k in unusable.items())
                          + ", which the learners cannot use (they take nominal and numeric attributes): drop "
                          f"{'it' if len(unusable) == 1 else 'them'} (config key '{_key(name, 'drop_columns')}', e.g. "
                          f"drop_columns: {{{example}}})")

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
    n0, c0 = len(frame), present()
    for cls, why in dclasses.items():
        mask = (y == cls).to_numpy()
        record("drop_classes", rows=int(mask.sum()), detail=f"class {cls}: {why}")
        frame = frame.loc[~mask]
        y = frame[target]
    if dclasses:
        frame[target] = _without_categories(frame[target], dclasses)
        traced("drop_classes", n0, c0)

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
        n0, c0 = len(frame), present()
        new_order = list(dict.fromkeys(cmap[c] for c in cats))
        vals = frame[target].astype(object).map(cmap)
        frame[target] = pd.Categorical(vals, categories=new_order)
        log.append({"step": "class_map", "rows_removed": 0, "columns_removed": [],
                    "detail": ", ".join(f"{k}->{v}" for k, v in cmap.items())})
        traced("one_vs_rest" if ovr else "class_map", n0, c0)

    nomiss_y = frame[target].isna().to_numpy()
    record("missing_class", rows=int(nomiss_y.sum()), detail="rows whose class value is missing")
    n0, c0 = len(frame), present()
    frame = frame.loc[~nomiss_y]
    traced("missing_class", n0, c0, (f"the class column {target!r} is missing in every row: is "
                                     f"'{_key(name, 'target')}' the right column?") if n0 and not len(frame) else "")

    attrs = [c for c in frame.columns if c != target]
    if value_or_default(recipe, "missing", "datasets.*.recipe.missing") == "drop_rows":
        incomplete = frame[attrs].isna().any(axis=1).to_numpy()
        by_col = frame[attrs].isna().sum()
        detail = ", ".join(f"{c}: {int(n)}" for c, n in by_col.items() if n)
        record("missing_values", rows=int(incomplete.sum()), detail=f"rows with a missing value ({detail})")
        n0, c0 = len(frame), present()
        hint = _missing_hint(frame, attrs, incomplete, target, name)
        frame = frame.loc[~incomplete]
        traced("missing_values", n0, c0, hint)
    _check_left(name, raw, trace, frame, target)

    sub = recipe.get("subsample")
    if sub:
        n = int(sub["n"])
        if n > len(frame):
            raise RecipeError(f"data set {name!r}: '{_key(name, 'subsample', 'n')}' = {n} exceeds the "
                              f"{len(frame)} rows left")
        before = len(frame)
        stratify = bool(value_or_default(sub, "stratify", "datasets.*.recipe.subsample.stratify"))
        frame = _subsample(frame, target, n, stratify, seed)
        record("subsample", rows=before - len(frame),
               detail=f"seeded {'stratified ' if stratify else ''}subsample of {n} rows (seed {seed})")

    used = frame[target].value_counts()
    empty = [str(c) for c, k in used.items() if k == 0]
    if empty:
        frame[target] = _without_categories(frame[target], empty)
        log.append({"step": "unused_classes", "rows_removed": 0, "columns_removed": [],
                    "detail": f"declared class values that never occur: {empty}"})
    _check_left(name, raw, trace, frame, target)

    frame = frame.reset_index(drop=True)
    y = frame.pop(target).rename(CLASS_COLUMN)
    kinds = {c: kinds[c] for c in frame.columns}
    return CleanDataset(name=name, X=frame, y=y, kinds=kinds, exclusions=log,
                        raw_shape=(len(raw.frame), raw.frame.shape[1]))


def _without_categories(s: pd.Series, removed) -> pd.Series:
    """``s`` without the categories ``removed``, the others in their declared order.

    pandas' ``cat.remove_categories`` sorts the categories left of an unordered Categorical
    (``Index.difference``): autos' classes ``-3, -2, -1, 0, …`` would become ``-1, -2, 0, …``.
    """
    gone = set(removed)
    return s.cat.set_categories([c for c in s.cat.categories if c not in gone])


def _missing_hint(frame: pd.DataFrame, attrs: list[str], incomplete: np.ndarray, target: str, name: str) -> str:
    """Why ``missing: drop_rows`` removes what it removes, and what to do, when it empties a class or the data."""
    if not incomplete.any():
        return ""
    na = frame[attrs].isna()
    keep_y = frame[target].loc[~incomplete]
    lost = [str(c) for c in frame[target].dropna().unique() if not (keep_y == c).any()]
    if incomplete.all() or lost:
        everywhere = [c for c in attrs if na[c].all()]
        if everywhere:
            what = (f"attribute {everywhere[0]!r} is" if len(everywhere) == 1 else
                    f"attributes {everywhere} are") + " missing in every row"
        else:
            top = na.sum().sort_values(ascending=False, kind="stable")
            what = "most missing: " + ", ".join(f"{c!r} in {int(n)} of {len(frame)} rows" for c, n in top.items() if n)
        return (f"{what}: drop it (config key '{_key(name, 'drop_columns')}') or keep missing values "
                f"('{_key(name, 'missing')}': keep)")
    return ""


def _check_left(name: str, raw: RawTable, trace: list, frame: pd.DataFrame, target: str) -> None:
    """Stop when cleaning left no rows or fewer than two classes, naming each step that removed rows or classes.

    Raises
    ------
    RecipeError
        With, per step, how many rows it removed of how many, which classes it removed the
        last rows of, and the fix where one is known (e.g. an attribute missing in every row).
    """
    counts = frame[target].value_counts(sort=False)
    left = {str(c): int(k) for c, k in counts.items() if k > 0}
    if len(frame) and len(left) >= 2:
        return
    raw_classes = raw.frame[target].value_counts(sort=False)
    raw_left = {str(c): int(k) for c, k in raw_classes.items() if k > 0}
    parts = []
    if len(raw_left) < 2:
        has = "no class value" if not raw_left else f"only class {next(iter(raw_left))!r}"
        parts.append(f"the raw file {raw.path.name} has {len(raw.frame)} rows and {has} in "
                     f"'{_key(name, 'target')}' = {target!r} (AUC and a stratified split need two classes: "
                     f"check that the target names the class column and that the file is complete)")
    for step, before, after, c_before, c_after, hint in trace:
        gone = [c for c in c_before if c not in c_after]
        if before == after and not gone:
            continue
        msg = f"{step} removed {before - after} of {before} rows"
        if gone and step in ("class_map", "one_vs_rest"):
            msg = f"{step} left the classes {c_after} of {c_before}"
        elif gone:
            msg += f" (all of class{'es' if len(gone) > 1 else ''} {', '.join(repr(c) for c in gone)})"
        parts.append(msg + (f"; {hint}" if hint else ""))
    what = "no rows" if not len(frame) else (f"one class ({next(iter(left))!r}: {len(frame)} rows)")
    raise RecipeError(f"data set {name!r}: {what} left after cleaning (config key '{_key(name)}'): "
                      + "; ".join(parts or ["no step removed anything"]))


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
