"""Data sets: raw readers, fetching (cache → mirror → OpenML) and declarative cleaning recipes."""

from __future__ import annotations

from typing import Any

from aucacc.datasets.fetch import FetchError, fetch_raw, mirror_folder
from aucacc.datasets.io import DataFormatError, RawTable, read_arff, read_raw, read_uci_data
from aucacc.datasets.recipes import CleanDataset, RecipeError, apply_recipe

__all__ = ["CleanDataset", "DataFormatError", "FetchError", "RawTable", "RecipeError", "apply_recipe",
           "fetch_raw", "load_dataset", "mirror_folder", "read_arff", "read_raw", "read_uci_data"]


def load_dataset(name: str, config: dict[str, Any]) -> CleanDataset:
    """Fetch, read and clean data set ``name`` as configured (``config["datasets"][name]``).

    Raises
    ------
    KeyError
        ``name`` is not a configured data set (the message lists the configured ones).
    FetchError, DataFormatError, RecipeError
        See :func:`fetch_raw`, :func:`read_raw`, :func:`apply_recipe`.
    """
    try:
        entry = config["datasets"][name]
    except KeyError:
        raise KeyError(f"unknown data set {name!r}; configured: {sorted(config['datasets'])}") from None
    path = fetch_raw(name, entry["source"], config)
    raw = read_raw(path, entry["source"], entry["recipe"].get("missing_tokens"))
    return apply_recipe(raw, entry["recipe"], name, seed=int(config.get("seed", 0)))
