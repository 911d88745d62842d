"""Data sets: raw readers, fetching (cache → mirror → OpenML) and declarative cleaning recipes."""

from __future__ import annotations

import os
from typing import Any

from aucacc.datasets.fetch import FetchError, check_cached_raw, fetch_raw, mirror_folder, raw_origin
from aucacc.datasets.io import DataFormatError, RawTable, read_arff, read_raw, read_uci_data
from aucacc.datasets.recipes import CleanDataset, RecipeError, apply_recipe

__all__ = ["CleanDataset", "DataFormatError", "FetchError", "RawTable", "RecipeError", "apply_recipe",
           "clean_raw_file", "fetch_raw", "load_dataset", "mirror_folder", "read_arff", "read_raw", "read_uci_data"]


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
    return clean_raw_file(name, path, entry["source"], entry["recipe"], int(config["seed"]), config)


def clean_raw_file(name: str, path: str | os.PathLike, source: dict[str, Any], recipe: dict[str, Any], seed: int,
                   config: dict[str, Any]) -> CleanDataset:
    """Read data set ``name``'s fetched raw file ``path`` and clean it by its recipe (the workflow's ``clean`` job).

    Parameters
    ----------
    name : data set name (key under ``datasets``).
    path : the fetched file (:func:`fetch_raw`: the cached copy), checked against the configured or locked
        SHA-256 before it is read; a damaged copy is replaced from an intact mirror or ``data/raw`` copy.
    source, recipe : ``datasets.<name>.source`` and ``.recipe``.
    seed : the config's ``seed`` (a recipe's subsample).
    config : the run's config; its ``mirror`` and ``raw_data`` keys (:func:`raw_origin`) tell read
        errors which file the cached copy came from.

    Raises
    ------
    FetchError
        ``path`` does not have the configured (or locked) SHA-256 and no intact local copy can
        replace it (:func:`aucacc.datasets.fetch.check_cached_raw`).
    DataFormatError
        The file cannot be read; the message starts ``data set '<name>', <original file>: line …``
        (the file the cached copy came from, e.g. ``data/raw/glass.arff``, not the cache path).
    RecipeError
        See :func:`apply_recipe`.
    """
    check_cached_raw(name, path, source, config)  # configured or locked SHA-256, every time it is read
    label = f"data set {name!r}, {raw_origin(name, source, config, cached=path)}"
    raw = read_raw(path, source, recipe.get("missing_tokens"), label=label, key=f"datasets.{name}.source",
                   target=recipe["target"])
    return apply_recipe(raw, recipe, name, seed=seed)
