# Loads and validates the config, and defines what every stage shares.
import os
from pathlib import Path

from aucacc.config import validate_config
from aucacc.datasets.fetch import raw_file_name
from aucacc.learners import make_learner


# The library's validator names the offending key in one line and fills the schema's defaults.
validate_config(config)
# Import every learner now, so a bad import path stops the run before any job, naming its key.
for _name, _spec in config.get("learners", {}).items():
    try:
        make_learner(_spec)
    except ValueError as exc:
        raise ValueError(f"config key 'learners.{_name}' (estimator or params): {exc}") from None

DATASETS = list(config["datasets"])
SEED = int(config["seed"])
RESULTS = "results"
CACHE = config.get("cache", "resources/raw")
# Every stage appends its final outputs here; `rule all` asks for them.
ALL_TARGETS = []


def published(name):
    """Path of a published table (CSV) under the config key `published`."""
    return str(Path(config.get("published", "config/published")) / f"{name}.csv")


def raw_path(wildcards):
    """Cached raw file of a data set (input of `clean`, output of `fetch`)."""
    src = config["datasets"][wildcards.dataset]["source"]
    return f"{CACHE}/{wildcards.dataset}/{raw_file_name(wildcards.dataset, src)}"


def table_csvs(targets):
    """The table CSVs among ``targets`` (files in a ``tables`` folder)."""
    return sorted({t for t in targets if Path(t).parent.name == "tables" and t.endswith(".csv")})


def paper_datasets(table):
    """Configured data sets that the published table ``table`` has a row for, in config order."""
    import pandas as pd

    have = set(pd.read_csv(published(table))["dataset"])
    return [d for d in DATASETS if d in have]
