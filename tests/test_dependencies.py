"""One list of dependencies: pyproject.toml. The conda files and the provenance record follow it."""

from __future__ import annotations

import importlib.metadata
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


def _extra(name: str, extra: str) -> list[str]:
    """The names of the packages the installed distribution ``name`` requires for its extra ``extra``."""
    from packaging.requirements import Requirement

    reqs = [Requirement(r) for r in importlib.metadata.requires(name) or []]
    return [r.name for r in reqs if r.marker is not None and r.marker.evaluate({"extra": extra})]


def _as_conda(reqs: list[str]) -> list[str]:
    """pyproject requirements as a conda file spells them: conda has no extras, so ``x[e]>=1`` is ``x>=1`` followed
    by the packages of x's extra e (read from x's installed metadata)."""
    from packaging.requirements import Requirement

    out = []
    for req in reqs:
        r = Requirement(req)
        out += [f"{r.name}{r.specifier}", *(p for e in sorted(r.extras) for p in _extra(r.name, e))] if r.extras else [req]
    return out


def test_rule_environment_is_pyprojects_dependencies():
    conda, pip = _conda(REPO / "workflow" / "envs" / "aucacc.yaml")
    assert conda == _as_conda(PROJECT["dependencies"]) and pip == []


def test_development_environment_is_pyprojects_dependencies_and_test_extra():
    conda, pip = _conda(REPO / "environment.yml")
    assert sorted(conda + pip) == sorted(_as_conda(PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"]))


def _closure(requirements: list[str]) -> set[str]:
    """Every distribution the main install brings: ``requirements`` and, recursively, what each requires (its extras
    named in the requirement included), by the installed metadata; names normalized."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    seen, todo = set(), [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        key = (name, tuple(sorted(req.extras)))
        if key in seen:
            continue
        seen.add(key)
        for dep in importlib.metadata.requires(req.name) or []:
            d = Requirement(dep)
            if d.marker is None or any(d.marker.evaluate({"extra": e}) for e in req.extras or [""]):
                todo.append(d)
    return {name for name, _ in seen}


def test_the_main_install_brings_what_the_report_imports():
    """Issue 37: `snakemake --report` stopped with "Python package pygments must be installed" after the README's main
    install (`pip install -e .`, no extras), which did not bring it; the tests' install did. Every package
    Snakemake's report imports (snakemake/report/: jinja2 for the templates, docutils for the RST, pygments for
    the code of each rule) is in the main install's dependency closure (pyproject's dependencies, by the installed
    metadata); tests/workflow/test_own_study_report.py builds the report from a venv of the README's install."""
    closure = _closure(PROJECT["dependencies"])
    assert {"jinja2", "docutils", "pygments"} <= closure, sorted({"jinja2", "docutils", "pygments"} - closure)


def test_provenance_records_every_runtime_dependency():
    """The versions in every provenance record: aucacc and each of pyproject's dependencies (read from the
    installed distribution's metadata, so nothing is listed twice)."""
    want = ["aucacc"] + [_name(d) for d in PROJECT["dependencies"]]
    assert [n.lower() for n in _packages()] == want
    versions = package_versions()
    assert {"baycomp", "scikit-posthocs", "pyarrow"} <= set(versions)
    assert list(versions)[0] == "python"
