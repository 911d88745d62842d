"""The data-set description table (Huang & Ling 2005, data-set table), ours beside the paper's."""

from __future__ import annotations

import json
import os
from typing import Any, Iterable

import pandas as pd

from aucacc.provenance import verified, write_intermediate


def cut_point_record(name: str, n_attributes: int, info: dict[str, Any]) -> dict[str, Any]:
    """The record of one data set's whole-data cut points (``results/discretized/<data set>.json``).

    Parameters
    ----------
    name : data set name.
    n_attributes : attributes of the clean data set.
    info : ``{"cut_points": {column: [cut, ...]}, "single_interval": [column, ...]}``, as
        :func:`aucacc.evaluation.cross_validate.discretize_whole` returns it.

    Returns
    -------
    dict with keys ``dataset``, ``n_attributes``, ``n_informative`` (attributes not left in a
    single interval), ``cut_points`` and ``single_interval``, in that order (the file's layout).
    """
    return {"dataset": name, "n_attributes": n_attributes,
            "n_informative": n_attributes - len(info["single_interval"]), **info}


def write_cut_points(path: str | os.PathLike, record: dict[str, Any]) -> None:
    """Write :func:`cut_point_record`'s record as JSON (2-space indent), atomically, with its provenance record."""
    write_intermediate(path, json.dumps(record, indent=2) + "\n")


def read_cut_points(paths: Iterable[str | os.PathLike]) -> dict[str, dict[str, Any]]:
    """``{data set: record}`` from files written by :func:`write_cut_points` (the ``discretized``
    argument of :func:`dataset_table`), each checked against its provenance record
    (:func:`aucacc.provenance.verified`)."""
    out = {}
    for p in paths:
        with open(verified(p), encoding="utf-8") as fh:
            rec = json.load(fh)
        out[rec["dataset"]] = rec
    return out


def dataset_table(metas: list[dict[str, Any]], published: pd.DataFrame | None,
                  discretized: dict[str, dict[str, Any]] | None = None, raw: Iterable[str] = ()) -> pd.DataFrame:
    """One row per data set: our counts, the paper's, and whether they match.

    Parameters
    ----------
    metas : the JSON sidecars of the clean data sets (:func:`aucacc.datasets.store.save_dataset`).
    published : the paper's table (``dataset, attributes, classes, instances``), or None (a config
        without a study of published numbers): then no ``published_*`` and ``match_*`` columns.
    discretized : optional ``{dataset: {"single_interval": [...]} }`` from the discretization
        stage; attributes discretized into a single interval carry no information, and the
        paper's "attributes" column seems to count the attributes left without them.
    raw : the data sets whose learners get them as they are (only studies with ``discretization: none``:
        :func:`aucacc.config.raw_datasets`): their ``attributes`` are the clean data's, whatever ``discretized``
        holds for them, with no ``attributes_informative``. With any, the table gains ``numeric`` and
        ``nominal`` (the clean data's attributes of each kind) for every data set.

    Returns
    -------
    DataFrame with columns ``dataset, instances, attributes, attributes_raw,
    attributes_informative, [numeric, nominal,] classes, class_distribution, rows_removed, columns_removed,
    exclusions, published_instances, published_attributes, published_classes,
    match_instances, match_classes, match_attributes`` (``numeric, nominal`` only with ``raw``; the last six
    only with ``published``, and empty for a data set the published table lacks).
    """
    pub = published.set_index("dataset") if published is not None else pd.DataFrame()
    raw = set(raw)
    rows = []
    for m in metas:
        name = m["name"]
        n_attr = len(m["kinds"])
        single = None if name in raw else (discretized or {}).get(name, {}).get("single_interval")
        informative = n_attr - len(single) if single is not None else None
        ex = m.get("exclusions", [])
        row = {
            "dataset": name,
            "instances": m["n_instances"],
            "attributes": informative if informative is not None else n_attr,
            "attributes_raw": n_attr,
            "attributes_informative": informative,
        }
        if raw:
            kinds = list(m["kinds"].values())
            row.update(numeric=kinds.count("numeric"), nominal=kinds.count("nominal"))
        row.update({
            "classes": len(m["classes"]),
            "class_distribution": "; ".join(f"{k}: {v}" for k, v in m["class_distribution"].items()),
            "rows_removed": sum(e["rows_removed"] for e in ex),
            "columns_removed": ", ".join(c for e in ex for c in e["columns_removed"]),
            "exclusions": " | ".join(f"{e['step']}: {e['detail']}" + (f" (−{e['rows_removed']} rows)" if e["rows_removed"] else "")
                                     for e in ex),
        })
        if name in pub.index:
            p = pub.loc[name]
            row.update(published_instances=int(p["instances"]), published_attributes=int(p["attributes"]),
                       published_classes=int(p["classes"]))
            row["match_instances"] = row["instances"] == row["published_instances"]
            row["match_classes"] = row["classes"] == row["published_classes"]
            row["match_attributes"] = row["attributes"] == row["published_attributes"]
        rows.append(row)
    return pd.DataFrame(rows)
