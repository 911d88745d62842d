"""aucacc.exceptions: one module for every input error, one base, the old import paths kept."""

from __future__ import annotations

import ast
import inspect

import pytest

import aucacc.exceptions as exc
from aucacc.config import ConfigError, load_config
from aucacc.datasets import DataFormatError, FetchError, RecipeError, read_raw
from aucacc.report.claims import ClaimsError


def test_old_paths_are_the_same_classes():
    assert (ConfigError, ClaimsError, DataFormatError, FetchError, RecipeError) == (
        exc.ConfigError, exc.ClaimsError, exc.DataFormatError, exc.FetchError, exc.RecipeError)
    from aucacc.datasets.fetch import FetchError as f
    from aucacc.datasets.io import DataFormatError as d
    from aucacc.datasets.raw import DataFormatError as r
    from aucacc.datasets.recipes import RecipeError as p

    assert (f, d, r, p) == (exc.FetchError, exc.DataFormatError, exc.DataFormatError, exc.RecipeError)


def test_one_base_and_the_builtin_bases_kept():
    errors = [getattr(exc, n) for n in exc.__all__ if n != "AucaccError"]
    assert all(issubclass(e, exc.AucaccError) and issubclass(e, ValueError) for e in errors)
    # FetchError was a RuntimeError before it was an AucaccError: an `except RuntimeError` still catches it
    assert issubclass(exc.FetchError, RuntimeError)
    # every error class of the module is listed (a new one cannot be left out of __all__)
    assert {n for n, v in vars(exc).items() if inspect.isclass(v) and issubclass(v, Exception)} == set(exc.__all__)


def test_module_imports_nothing_from_aucacc():
    tree = ast.parse(inspect.getsource(exc))
    imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    imported += [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert imported == ["__future__"]


def test_raised_errors_are_caught_by_the_base(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("seed: [\n")
    with pytest.raises(exc.AucaccError, match="bad.yaml"):
        load_config(bad)
    data = tmp_path / "t.data"
    data.write_text("1,a\n1,a,b\n")
    with pytest.raises(exc.AucaccError, match="line 2"):
        read_raw(data, {"format": "uci_data", "columns": ["x", "class"], "class_column": "class", "numeric": []})
