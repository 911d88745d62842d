"""The documentation: the README is short and its Python example runs; every file, path and library name the
docs cite exists (README.md, docs/, benchmarks/README.md, config/README.md)."""

from __future__ import annotations

import importlib
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from aucacc.schemas.reference import config_keys

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
DOCS = sorted((REPO / "docs").glob("*.md"))
PAGES = [README, *DOCS, REPO / "benchmarks" / "README.md", REPO / "config" / "README.md"]
#: Top-level folders whose paths the docs cite as files of the repository (results/ and resources/ are outputs).
REPO_DIRS = ("src/", "tests/", "workflow/", "config/", "benchmarks/", "data/", "profiles/", "docs/", ".ci/", ".test/")


def _section(text: str, heading: str) -> str:
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_readme_is_at_most_8_kb():
    assert len(README.read_bytes()) <= 8192, "README.md is for a newcomer: move detail into docs/"


def test_readme_python_example_runs(test_run, tmp_path):
    """The README's Python API example, run as written after the quick check (the shared ``.test`` run): its own
    study (two learners, two data sets of 10 test folds) gives C/D/E counts over the 20 folds, and the workflow's
    study ``tiny``, loaded and analysed again, gives the workflow's ``auc_vs_accuracy`` table (equal frames), and
    every other table and figure of the study byte for byte (with the workflow's fixed string hashing)."""
    (code,) = re.findall(r"```python\n(.*?)```", _section(README.read_text(), "The Python API"), re.S)
    (tmp_path / ".test").symlink_to(test_run / ".test")  # the example reads .test/results and writes beside it
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, cwd=tmp_path,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    (pair,) = eval(proc.stdout.strip().splitlines()[-1], {"inf": math.inf, "nan": math.nan})
    assert pair["pair"] == "GNB vs LR" and pair["n"] == 20
    assert pair["R"] + pair["S"] + pair["P"] + pair["Q"] <= 20
    assert pair["C"] == pytest.approx(pair["R"] / (pair["R"] + pair["S"]))
    assert pair["D"] == (pair["P"] / pair["Q"] if pair["Q"] else math.inf)
    ours, theirs = tmp_path / "tiny_again", test_run / ".test" / "results" / "studies" / "tiny"
    pd.testing.assert_frame_equal(pd.read_csv(ours / "tables" / "auc_vs_accuracy.csv"),
                                  pd.read_csv(theirs / "tables" / "auc_vs_accuracy.csv"), check_exact=True)
    written = sorted(p.relative_to(ours) for p in ours.rglob("*") if p.is_file() and p.suffix != ".json")
    assert len(written) == 9 * 3 + 3 * 2, written  # 9 tables (csv, md, tex), 3 figures (png, pdf)
    differ = [str(p) for p in written if (ours / p).read_bytes() != (theirs / p).read_bytes()]
    assert not differ, f"the README's analysis of tiny differs from the workflow's: {differ}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_links_resolve(page):
    """Every relative Markdown link names an existing file."""
    text = page.read_text()
    targets = [t.split("#", 1)[0] for t in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in t]
    missing = [t for t in targets if t and not (page.parent / t).exists()]
    assert not missing, missing


def _code_spans(text: str) -> list[str]:
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.findall(r"`([^`\n]+)`", text)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_cited_repository_paths_exist(page):
    """A path of the repository in a code span (``src/aucacc/scores.py``, ``tests/workflow/``) exists."""
    missing = []
    for span in _code_spans(page.read_text()):
        for word in span.split():
            path = word.strip(".,;:()").split(":", 1)[0]
            if path.startswith(REPO_DIRS) and not re.search(r"[<>*{}…$\[]", path) and not (REPO / path).exists():
                missing.append(path)
    assert not missing, missing


def _resolves(name: str) -> bool:
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        try:
            for attr in parts[i:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return False
        return True
    return False


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_cited_library_names_exist(page):
    """A library name in a code span (``aucacc.counting.tally_pairs``, ``aucacc.config.load_config()``) imports."""
    names = {m for span in _code_spans(page.read_text()) for m in re.findall(r"\baucacc(?:\.[A-Za-z_]\w*)+", span)}
    missing = sorted(n for n in names if not _resolves(n))
    assert not missing, missing


def test_the_index_lists_every_page():
    index = (REPO / "docs" / "README.md").read_text()
    unlisted = [p.name for p in DOCS if p.name != "README.md" and f"]({p.name})" not in index]
    assert not unlisted, f"docs/README.md does not link {unlisted}"


def test_benchmark_scripts_named_exist():
    text = (REPO / "benchmarks" / "README.md").read_text()
    named = {w for span in _code_spans(text) for w in re.findall(r"\b(\w+\.py)\b", span)}
    missing = sorted(n for n in named if not (REPO / "benchmarks" / n).exists())
    assert not missing, missing


def _key_cells(text: str):
    """``(line, [code spans])`` of the key column of every Markdown table whose header has a ``key`` column, with the
    dotted key of the last heading that names one (``## `datasets.<name>.source`: …``) and the table's first key."""
    heading_key, key_col, table_base = None, None, None
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.startswith("#"):
            spans = re.findall(r"`([^`]+)`", line)
            heading_key = spans[0] if spans and "." in spans[0] else None
            continue
        if not line.startswith("|"):
            key_col, table_base = (None, None) if not line.strip() else (key_col, table_base)
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if key_col is None:
            key_col = cells.index("key") if "key" in cells else -1
            continue
        if key_col < 0 or set(line) <= set("|-: ") or key_col >= len(cells):
            continue
        spans = [s for s in re.findall(r"`([^`]+)`", cells[key_col]) if re.fullmatch(r"\.?[A-Za-z_<][\w.<>]*", s)]
        if spans:
            table_base = table_base or spans[0]
            yield lineno, spans, heading_key, table_base


@pytest.mark.parametrize("page", DOCS, ids=lambda p: p.name)
def test_config_keys_in_the_guide_exist(page):
    """A config key in the key column of a table of the guide (``protocol.n_folds``; ``.title`` under
    ``studies.<name>``; ``target`` under a ``datasets.<name>.recipe`` heading) is a key of the schema."""
    keys = set(config_keys())
    top = {k for k in keys if "." not in k}
    unknown = []
    for lineno, spans, heading_key, table_base in _key_cells(page.read_text()):
        first = spans[0]
        for span in spans:
            if span.startswith("."):
                base = table_base if span is first else first.rsplit(".", 1)[0]
                key = base + span
            elif "." in span or span in top:
                key = span
            else:
                key = f"{heading_key}.{span}" if heading_key else span
            if re.sub(r"\.<[a-z ]+>", ".<name>", key) not in keys:
                unknown.append((lineno, key))
    assert not unknown, f"keys the schema does not have (line, key): {unknown}"


def test_test_folders_are_the_library_packages():
    """docs/testing.md: "Tests of a library package sit in tests/<package>/", besides tests/workflow/ (whole-workflow
    runs) and tests/cluster/ (the SLURM run): every other folder of tests/ is named after a package of src/aucacc."""
    folders = {p.name for p in (REPO / "tests").iterdir()
               if p.is_dir() and not p.name.startswith(("_", "."))} - {"workflow", "cluster"}
    assert folders and all((REPO / "src" / "aucacc" / name / "__init__.py").is_file() for name in folders), folders
