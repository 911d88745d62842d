# Loads and validates the config, and defines what every stage shares.
import os
from pathlib import Path

from snakemake.utils import validate

from aucacc.datasets.fetch import raw_file_name


validate(config, "../schemas/config.schema.yaml")

DATASETS = list(config["datasets"])
SEED = int(config["seed"])
RESULTS = "results"
CACHE = config.get("cache", "resources/raw")
# Every stage appends its final outputs here; `rule all` asks for them.
ALL_TARGETS = []


def mirror_dir():
    """Raw-data mirror: AUCACC_MIRROR overrides the config key `mirror`."""
    return os.environ.get("AUCACC_MIRROR") or config.get("mirror")


def published(name):
    """Path of a published table (CSV) under the config key `published`."""
    return str(Path(config.get("published", "config/published")) / f"{name}.csv")


def raw_path(wildcards):
    """Cached raw file of a data set (input of `clean`, output of `fetch`)."""
    src = config["datasets"][wildcards.dataset]["source"]
    return f"{CACHE}/{wildcards.dataset}/{raw_file_name(wildcards.dataset, src)}"
