"""The library's layers (docs/design.md; contracts in pyproject.toml [tool.importlinter]).

- The import-linter contracts hold: layers report > comparison > studies > experiments > formats and
  computation, the studies never import the report, no Snakemake import, no Matplotlib below the report,
  the studies independent, no cycle between sibling packages or modules at any depth.
- Every module of the library sits in one layer, except the package facades that only
  re-export their submodules (so a new module has to be placed).
- No function imports an aucacc module (a function-level import is how a cycle hides); lazy
  imports of heavy third-party libraries, kept for the jobs' start-up time, may stay.
"""

from __future__ import annotations

import ast
import logging
import tomllib
from pathlib import Path

import pytest

import aucacc

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src" / "aucacc"
PYPROJECT = REPO / "pyproject.toml"
#: Packages whose ``__init__`` gathers the public names of submodules in several layers; the
#: contract checks each submodule, and the chains through these facades.
FACADES = {"aucacc", "aucacc.auc_gap", "aucacc.datasets", "aucacc.evaluation", "aucacc.profit", "aucacc.report",
           "aucacc.roc", "aucacc.synthetic"}


def _modules() -> list[str]:
    out = []
    for p in sorted(SRC.rglob("*.py")):
        parts = list(p.relative_to(SRC.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append(".".join(parts))
    return out


def _contracts() -> list[dict]:
    return tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]["contracts"]


def _layers() -> list[list[str]]:
    (layers,) = [c["layers"] for c in _contracts() if c["type"] == "layers"]
    return [[m.strip().strip("()") for m in line.replace("|", ":").split(":")] for line in layers]


def test_the_import_contracts_hold():
    from importlinter.cli import lint_imports

    # grimp analyses the aucacc found on sys.path: it must be this repository's.
    if Path(aucacc.__file__).resolve().parent != SRC:
        pytest.fail(f"aucacc is imported from {Path(aucacc.__file__).parent}, not {SRC}: run the tests with this "
                    "checkout's code (editable install, or PYTHONPATH=src)")
    # lint_imports configures logging (logging.config.dictConfig), which disables every logger that
    # exists already, e.g. aucacc.datasets.fetch's: later tests reading its messages (caplog) saw none
    loggers = logging.Logger.manager.loggerDict.values()
    disabled = {lg: lg.disabled for lg in loggers if isinstance(lg, logging.Logger)}
    try:
        code = lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True)
    finally:
        for lg, was in disabled.items():
            lg.disabled = was
    assert code == 0, "an import breaks a contract of pyproject.toml [tool.importlinter] (report above)"


def test_every_module_is_in_one_layer():
    layers = _layers()
    placed: dict[str, int] = {}
    for k, line in enumerate(layers):
        for layer_module in line:
            for m in _modules():
                if m == layer_module or m.startswith(layer_module + "."):
                    assert m not in placed, f"{m} is in layers {placed[m]} and {k}"
                    placed[m] = k
    unplaced = [m for m in _modules() if m not in placed and m not in FACADES]
    assert not unplaced, (f"modules in no layer of pyproject.toml [tool.importlinter] 'layers': {unplaced}; "
                          "add each to the layer it belongs to (docs/design.md)")
    # A facade holds no code of its own beyond re-exports and names, so it needs no layer.
    assert not FACADES & set(placed), f"facades placed in a layer: {sorted(FACADES & set(placed))}"


def test_the_layers_contract_lists_existing_modules():
    missing = [m for line in _layers() for m in line if m not in _modules()]
    assert not missing, f"layers name modules that do not exist: {missing}"


def function_level_imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import of an aucacc module inside a function of ``path``."""
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Import):
                found += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "aucacc"]
            elif isinstance(node, ast.ImportFrom):
                if node.level or (node.module or "").split(".")[0] == "aucacc":
                    found.append((node.lineno, "." * node.level + (node.module or "")))
    return found


def test_no_function_imports_an_aucacc_module():
    found = {str(p.relative_to(REPO)): f for p in sorted(SRC.rglob("*.py")) if (f := function_level_imports(p))}
    assert not found, f"function-level imports of aucacc modules (move them to the module's top): {found}"


def test_the_scan_finds_a_function_level_import(tmp_path):
    """The scan above can fail: it finds absolute and relative imports in functions and methods, not
    module-level ones or third-party ones."""
    src = tmp_path / "m.py"
    src.write_text("import numpy\nfrom aucacc.scores import score_classes\n\n"
                   "def f():\n    import scipy.stats\n    from aucacc.roc import positive_class\n\n"
                   "class C:\n    def g(self):\n        from . import tables\n        import aucacc.counting\n")
    assert function_level_imports(src) == [(6, "aucacc.roc"), (10, "."), (11, "aucacc.counting")]
