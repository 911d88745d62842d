"""The schemas of the config and the claims file (package data), and the config schema's defaults.

Every default of the config is written once, in ``config.schema.yaml``; :func:`schema_default`
reads it for library code that takes a fragment of the config (a recipe, the fetch keys) and may
be called without :func:`aucacc.config.validate_config`. Light to import: YAML is read on first use.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

CONFIG_SCHEMA = Path(__file__).resolve().parent / "config.schema.yaml"


@lru_cache(maxsize=1)
def _config_schema() -> dict:
    import yaml  # on first use only: most jobs never need a default (their config is validated)

    return yaml.safe_load(CONFIG_SCHEMA.read_text())


def schema_default(key: str) -> Any:
    """The schema's ``default`` of config key ``key`` (dotted; ``*`` for a name), e.g. ``"statistics.rope"``
    or ``"datasets.*.recipe.missing"``. Returns a copy.

    Raises
    ------
    KeyError
        If the schema has no such key, or no default for it.
    """
    root = node = _config_schema()
    for part in key.split("."):
        if "$ref" in node:
            node = root["$defs"][node["$ref"].split("/")[-1]]
        node = node["additionalProperties"] if part == "*" else node["properties"][part]
    if "default" not in node:
        raise KeyError(f"config key {key!r} has no default in the schema")
    return copy.deepcopy(node["default"])


def value_or_default(mapping: Mapping[str, Any], name: str, key: str) -> Any:
    """``mapping[name]`` if present, else the schema's default of config key ``key`` (:func:`schema_default`)."""
    return mapping[name] if name in mapping else schema_default(key)
