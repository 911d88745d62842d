"""One list of dependencies: pyproject.toml. The conda files and the provenance record follow it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

from aucacc.provenance import _packages, package_versions

REPO = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
# Conda entries that are not Python requirements: the interpreter, pip itself, Java for Weka.
NOT_PYTHON = {"python", "pip", "openjdk"}


def _name(req: str) -> str:
    return re.match(r"[A-Za-z0-9._-]+", req).group(0).lower()


def _conda(path: Path) -> tuple[list[str], list[str]]:
    """(conda requirements, pip requirements) of a conda environment file, without the non-Python ones."""
    deps = yaml.safe_load(path.read_text())["dependencies"]
    conda = [d for d in deps if isinstance(d, str) and _name(d) not in NOT_PYTHON]
    pip = [p for d in deps if isinstance(d, dict) for p in d.get("pip", []) if not p.startswith("-e")]
    return conda, pip


def test_rule_environment_is_pyprojects_dependencies():
    conda, pip = _conda(REPO / "workflow" / "envs" / "aucacc.yaml")
    assert conda == PROJECT["dependencies"] and pip == []


def test_development_environment_is_pyprojects_dependencies_and_test_extra():
    conda, pip = _conda(REPO / "environment.yml")
    assert sorted(conda + pip) == sorted(PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"])


def test_provenance_records_every_runtime_dependency():
    """The versions in every provenance record: aucacc and each of pyproject's dependencies (read from the
    installed distribution's metadata, so nothing is listed twice)."""
    want = ["aucacc"] + [_name(d) for d in PROJECT["dependencies"]]
    assert [n.lower() for n in _packages()] == want
    versions = package_versions()
    assert {"baycomp", "scikit-posthocs", "pyarrow"} <= set(versions)
    assert list(versions)[0] == "python"
