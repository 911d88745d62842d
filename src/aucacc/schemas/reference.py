"""The config reference, generated from the config schema: every key with its type, default, allowed values
and description, as Markdown (``docs/config-reference.md``).

The schema is the one source: the reference is regenerated from it and a test compares the committed
file with :func:`config_reference`, so the two cannot drift. Regenerate with::

    python -m aucacc.schemas.reference docs/config-reference.md
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Iterator

import yaml

from aucacc.schemas import CONFIG_SCHEMA

#: The command that regenerates the committed reference (named by the test that compares them).
COMMAND = "python -m aucacc.schemas.reference docs/config-reference.md"

_HEADER = """# Configuration reference

<!-- Generated from src/aucacc/schemas/config.schema.yaml; do not edit. Regenerate with:
     {command} -->

Every key of the config, generated from the schema `src/aucacc/schemas/config.schema.yaml` (package data
`aucacc/schemas/config.schema.yaml`), which both Snakemake and `aucacc.config.load_config` validate a config
against. The default is the schema's: `aucacc.config.validate_config` fills it in where a config leaves the key
out (also inside sections the config leaves out). `<name>` stands for a name of your choice. The user guide
explains the keys in context: [docs/README.md](README.md).

"""


def _flow(value: Any) -> str:
    """A value as compact YAML flow text (JSON is valid YAML), for a default or an enum."""
    return json.dumps(value, ensure_ascii=False)


def _resolve(node: dict, root: dict) -> dict:
    if "$ref" in node:
        return root["$defs"][node["$ref"].split("/")[-1]]
    return node


def _type(node: dict, root: dict) -> str:
    """The type of a schema node in words, e.g. ``integer >= 0``, ``list of (integer >= 1), no repeats, or null``."""
    node = _resolve(node, root)
    if "enum" in node:
        return "one of " + ", ".join(f"`{_flow(v)}`" for v in node["enum"])
    if "oneOf" in node:
        return " or ".join(_type(n, root) for n in node["oneOf"])
    types = node.get("type", [])
    types = [types] if isinstance(types, str) else list(types)
    words = []
    for t in types:
        if t == "array":
            item = _type(node["items"], root) if "items" in node else ""
            words.append(f"list of ({item})" if " " in item else f"list of {item}" if item else "list")
        elif t == "object":
            words.append("mapping")
        elif t != "null":
            words.append(t)
    marks = [f"{sign} {_flow(node[k])}" for k, sign in (("minimum", ">="), ("exclusiveMinimum", ">"),
                                                       ("maximum", "<="), ("exclusiveMaximum", "<"),
                                                       ("multipleOf", "multiple of")) if k in node]
    lo, hi = node.get("minItems"), node.get("maxItems")
    if lo is not None and lo == hi:
        marks.append(f"exactly {lo} items")
    else:
        marks += ([f"at least {lo} item" + "s" * (lo != 1)] if lo is not None else []) + \
                 ([f"at most {hi} items"] if hi is not None else [])
    if node.get("uniqueItems"):
        marks.append("no repeats")
    if "minProperties" in node:
        marks.append(f"at least {node['minProperties']} entr" + ("ies" if node["minProperties"] != 1 else "y"))
    if "pattern" in node:
        marks.append(f"matching `{node['pattern']}`")
    base = " or ".join(words) or "any"
    text = (f"{base} {marks[0]}" if marks and marks[0][0] in "<>m" else f"{base}, {marks[0]}" if marks else base) + \
        "".join(f", {m}" for m in marks[1:])
    return text + (" or null" if "null" in types else "")


def _rows(node: dict, root: dict, path: str, required: bool) -> Iterator[tuple[str, str, str, str]]:
    """``(key, type, default, description)`` of ``node`` and of every key below it, depth first."""
    node = _resolve(node, root)
    default = ("required" if required else
               f"`{_flow(node['default'])}`" if "default" in node else "")
    yield path, _type(node, root), default, " ".join(node.get("description", "").split())
    req = set(node.get("required", []))
    any_of = [r for alt in node.get("anyOf", []) for r in alt.get("required", [])]
    for name, child in node.get("properties", {}).items():
        row = list(_rows(child, root, f"{path}.{name}", name in req))
        if name in any_of:
            key, typ, dflt, desc = row[0]
            row[0] = (key, typ, dflt, f"(at least one of {', '.join(f'`{a}`' for a in any_of)} is required) {desc}"
                      .rstrip())
        yield from row
    # Keys a condition adds (the grid-searched SVM's grids, checked by the schema).
    cond, then = node.get("if", {}), node.get("then", {})
    for name, child in then.get("properties", {}).items():
        for sub, subchild in child.get("properties", {}).items():
            when = ", ".join(f"`{v}`" for v in cond.get("properties", {}).get("estimator", {}).get("enum", []))
            key, typ, dflt, desc = next(_rows(subchild, root, f"{path}.{name}.{sub}", False))
            yield key, typ, dflt, f"(with estimator {when}) {desc}".rstrip()
    names = node.get("propertyNames")
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and extra:
        item = _resolve(extra, root)
        if item.get("properties") or item.get("if") or (names or {}).get("description"):
            rows = list(_rows(extra, root, f"{path}.<name>", False))
            if names:
                key, typ, dflt, desc = rows[0]
                rule = names.get("description") or (f"a name matching `{names['pattern']}`" if "pattern" in names
                                                    else "")
                rows[0] = (key, typ, dflt, "; ".join(x for x in (desc, f"`<name>`: {rule}" if rule else "") if x))
            yield from rows


def _cell(text: str) -> str:
    """Text for a Markdown table cell: ``|`` escaped, and ``<`` outside code spans (else read as an HTML tag)."""
    parts = text.replace("|", "\\|").replace("\n", " ").split("`")
    return "`".join(p if i % 2 else p.replace("<", "&lt;") for i, p in enumerate(parts))


def config_reference(schema_path: Path = CONFIG_SCHEMA) -> str:
    """The config reference as Markdown, generated from the config schema.

    Parameters
    ----------
    schema_path : Path, optional
        The schema to document; default the package's ``config.schema.yaml``.

    Returns
    -------
    str
        One section per top-level key, each a table of the key and every key below it: type (with its
        bounds, allowed values and pattern), default (``required`` for a required key), description.
    """
    root = yaml.safe_load(Path(schema_path).read_text())
    out = [_HEADER.format(command=COMMAND)]
    required = set(root.get("required", []))
    sections = {name: list(_rows(node, root, name, name in required)) for name, node in root["properties"].items()}
    out.append("## Top-level keys\n\n| key | type | default | description |\n|---|---|---|---|\n")
    for name, rows in sections.items():
        _, typ, dflt, desc = rows[0]
        key = f"[`{name}`](#{name})" if len(rows) > 1 else f"`{name}`"
        out.append(f"| {key} | {_cell(typ)} | {_cell(dflt)} | {_cell(desc)} |\n")
    for name, rows in sections.items():
        if len(rows) > 1:
            out.append(f"\n## {name}\n\n| key | type | default | description |\n|---|---|---|---|\n")
            for key, typ, dflt, desc in rows[1:]:
                out.append(f"| `{key.replace('|', chr(92) + '|')}` | {_cell(typ)} | {_cell(dflt)} | {_cell(desc)} |\n")
    return "".join(out)


def config_keys(schema_path: Path = CONFIG_SCHEMA) -> list[str]:
    """Every config key the schema defines, dotted, as the reference lists them (``<name>`` for a name of yours).

    Parameters
    ----------
    schema_path : Path, optional
        The schema; default the package's ``config.schema.yaml``.

    Returns
    -------
    list of str
        The keys in the reference's order, e.g. ``seed``, ``protocol.n_folds``, ``studies.<name>.title``.
    """
    root = yaml.safe_load(Path(schema_path).read_text())
    required = set(root.get("required", []))
    return [row[0] for name, node in root["properties"].items() for row in _rows(node, root, name, name in required)]


def main(argv: list[str] | None = None) -> int:
    """Write the reference to the file named on the command line (or print it with no argument)."""
    args = sys.argv[1:] if argv is None else argv
    text = config_reference()
    if not args:
        sys.stdout.write(text)
        return 0
    Path(args[0]).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
