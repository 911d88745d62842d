"""The config reference (docs/config-reference.md) is generated from the config schema and committed as generated."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

from aucacc.schemas import CONFIG_SCHEMA
from aucacc.schemas.reference import COMMAND, config_reference, main

REPO = Path(__file__).resolve().parents[2]
COMMITTED = REPO / "docs" / "config-reference.md"


def test_committed_reference_is_the_generated_one():
    assert COMMITTED.read_text() == config_reference(), (
        f"docs/config-reference.md differs from what the schema generates: regenerate it with `{COMMAND}` "
        "(from the repository root) and commit it")


def _schema_keys(node: dict, root: dict, path: str):
    """Every dotted key of the schema (``<name>`` for a name of the user's), walked independently of the generator."""
    if "$ref" in node:
        node = root["$defs"][node["$ref"].rsplit("/", 1)[1]]
    for name, sub in node.get("properties", {}).items():
        yield f"{path}.{name}" if path else name
        yield from _schema_keys(sub, root, f"{path}.{name}" if path else name)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and (extra.get("properties") or "$ref" in extra):
        yield from _schema_keys(extra, root, f"{path}.<name>")


def test_every_schema_key_has_a_row():
    root = yaml.safe_load(CONFIG_SCHEMA.read_text())
    text = config_reference()
    keys = list(_schema_keys(root, root, ""))
    assert len(keys) > 100
    missing = [k for k in keys if f"| `{k}` |" not in text and f"| [`{k}`](#{k}) |" not in text]
    assert not missing, missing


def test_rows_carry_type_default_and_description():
    text = config_reference()
    assert "| `protocol.n_folds` | integer >= 2 | `10` |" in text
    assert "| `seed` | integer >= 0 | required | Master seed" in text
    assert "| `datasets.<name>.recipe.missing` | one of `\"drop_rows\"`, `\"keep\"` | `\"keep\"` | keep (default" in text
    assert "| `statistics.rope` | number >= 0 | `1.0` | region of practical equivalence" in text
    # a key one of several alternatives requires, and a key a condition adds
    assert "| `datasets.<name>.source.url` | string matching `^(https?\\|ftp)://` |  | (at least one of `file`, `url`, " \
        "`openml_id` is required)" in text
    assert "| `learners.<name>.params.C_grid` | list of (number > 0), at least 1 item |  | (with estimator " \
        "`aucacc.learners.svm.GridSearchSVM`" in text
    # '<' outside code would start an HTML tag in Markdown
    assert "c &lt;= 3" in text


def test_a_changed_schema_changes_the_reference(tmp_path):
    schema = yaml.safe_load(CONFIG_SCHEMA.read_text())
    schema["properties"]["protocol"]["properties"]["n_folds"]["default"] = 5
    schema["properties"]["protocol"]["properties"]["n_folds"]["description"] = "folds of the protocol"
    changed = tmp_path / "config.schema.yaml"
    changed.write_text(yaml.safe_dump(schema, sort_keys=False))
    text = config_reference(changed)
    assert "| `protocol.n_folds` | integer >= 2 | `5` | folds of the protocol |" in text
    assert text != COMMITTED.read_text()


def test_the_command_writes_the_reference(tmp_path):
    out = tmp_path / "ref.md"
    assert main([str(out)]) == 0 and out.read_text() == config_reference()
    assert COMMAND.split()[:3] == ["python", "-m", "aucacc.schemas.reference"]
    proc = subprocess.run([sys.executable, *COMMAND.split()[1:-1], str(tmp_path / "cli.md")], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "cli.md").read_text() == config_reference()
