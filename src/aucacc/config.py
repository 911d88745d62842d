"""Loading and validating the workflow configuration outside Snakemake (tests, scripts, notebooks)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
SCHEMA = REPO_ROOT / "workflow" / "schemas" / "config.schema.yaml"
DEFAULT_CONFIG = REPO_ROOT / "config" / "config.yaml"


class ConfigError(ValueError):
    """The configuration does not fit the schema; the message names the offending key."""


def validate_config(config: dict[str, Any], schema_path: str | os.PathLike = SCHEMA) -> dict[str, Any]:
    """Validate ``config`` against the JSON schema, filling defaults; raise :class:`ConfigError`.

    The error message names the key path (e.g. ``datasets.breast.recipe``) and what is wrong.
    """
    import jsonschema

    schema = yaml.safe_load(Path(schema_path).read_text())
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(config), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        where = ".".join(str(p) for p in e.absolute_path) or "<top level>"
        raise ConfigError(f"config key '{where}': {e.message}")
    _fill_defaults(config, schema, schema)
    return config


def _fill_defaults(node: Any, schema: dict, root: dict) -> None:
    if "$ref" in schema:
        ref = schema["$ref"].split("/")[-1]
        schema = root["$defs"][ref]
    if not isinstance(node, dict):
        return
    for key, sub in schema.get("properties", {}).items():
        if key not in node and "default" in sub:
            node[key] = sub["default"]
        if key in node:
            _fill_defaults(node[key], sub, root)
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        for key, val in node.items():
            if key not in schema.get("properties", {}):
                _fill_defaults(val, extra, root)


def load_config(path: str | os.PathLike = DEFAULT_CONFIG) -> dict[str, Any]:
    """Read a YAML config file and validate it (see :func:`validate_config`)."""
    path = Path(path)
    try:
        config = yaml.safe_load(path.read_text())
    except FileNotFoundError:
        raise ConfigError(f"config file {path} not found") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"config file {path} is not valid YAML: {exc}") from None
    if not isinstance(config, dict):
        raise ConfigError(f"config file {path} must hold a mapping of keys")
    return validate_config(config)
