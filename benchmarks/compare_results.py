"""Compare two ``results/`` trees output by output (byte identity of a refactoring).

Usage: ``python benchmarks/compare_results.py BEFORE/results AFTER/results``

Every file is compared byte for byte, except what legitimately changes from run to run:

* ``logs/`` and ``benchmarks/`` (timestamps, timings), ``*.provenance.json`` sidecars and Snakemake's
  ``.snakemake_timestamp`` marker in a folder output (the report's table pages) are skipped;
* JSON files are compared after dropping the keys ``provenance`` (creation time, versions, inputs) and
  ``fit_seconds`` (per-fold fit times of the cross-validation records) at any depth;
* the report's text files that embed the run's provenance (``REPORT.md``, ``report/*.html``, ``*.rst``)
  are compared with each ISO creation time (``2026-12-01T11:26:55+00:00``) blanked.

PNG and PDF figures are compared as bytes: ``aucacc.report.figures.save_figure`` removes the PNG
``Software`` and PDF ``CreationDate`` metadata, so a figure whose data did not change keeps its bytes.

Prints one line per differing, missing or extra file and a summary; exits 1 if anything differs.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

SKIP_DIRS = {"logs", "benchmarks"}
VOLATILE_KEYS = {"provenance", "fit_seconds"}
STAMPED = {".md", ".html", ".rst"}
STAMP = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00")


def _strip(obj):
    if isinstance(obj, dict):
        return {k: _strip(v) for k, v in obj.items() if k not in VOLATILE_KEYS}
    if isinstance(obj, list):
        return [_strip(v) for v in obj]
    return obj


def _files(root: Path) -> set[str]:
    out = set()
    for p in root.rglob("*"):
        rel = p.relative_to(root)
        if (p.is_file() and not (set(rel.parts[:-1]) & SKIP_DIRS) and not p.name.endswith(".provenance.json")
                and p.name != ".snakemake_timestamp"):
            out.add(rel.as_posix())
    return out


def same(a: Path, b: Path) -> bool:
    """Whether two output files agree (JSON without volatile keys, anything else byte for byte)."""
    if a.suffix == ".json":
        return _strip(json.loads(a.read_text())) == _strip(json.loads(b.read_text()))
    if a.suffix in STAMPED:
        return STAMP.sub(b"<time>", a.read_bytes()) == STAMP.sub(b"<time>", b.read_bytes())
    return a.read_bytes() == b.read_bytes()


def compare(before: Path, after: Path) -> tuple[int, list[str]]:
    """Number of files compared and the list of problems (differing / missing / extra)."""
    fa, fb = _files(before), _files(after)
    problems = [f"missing in after: {f}" for f in sorted(fa - fb)]
    problems += [f"extra in after:   {f}" for f in sorted(fb - fa)]
    both = sorted(fa & fb)
    problems += [f"differs:          {f}" for f in both if not same(before / f, after / f)]
    return len(both), problems


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    n, problems = compare(Path(sys.argv[1]), Path(sys.argv[2]))
    print("\n".join(problems))
    print(f"{n} files compared, {len(problems)} problems")
    sys.exit(1 if problems else 0)
