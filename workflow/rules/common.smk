# Loads and validates the config, and defines what every stage shares.
import os
from pathlib import Path

from snakemake.utils import validate


validate(config, "../schemas/config.schema.yaml")

DATASETS = list(config["datasets"])
SEED = int(config["seed"])
RESULTS = "results"
# Every stage appends its final outputs here; `rule all` asks for them.
ALL_TARGETS = []


def mirror_dir():
    """Raw-data mirror: AUCACC_MIRROR overrides the config key `mirror`."""
    return os.environ.get("AUCACC_MIRROR") or config.get("mirror")


def published(name):
    """Path of a published table (CSV) under the config key `published`."""
    return str(Path(config.get("published", "config/published")) / f"{name}.csv")
