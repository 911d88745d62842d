"""Cost of checking intermediate files against their provenance records (:func:`aucacc.provenance.verified`).

For every file under a ``results/`` folder that has a ``<file>.provenance.json`` record with a
``sha256`` (what the workflow's jobs read), times one :func:`verified` call (the best of 5), and
prints the largest files, the per-file maximum and the total over all of them, plus the start-up
check of the clean data (:func:`aucacc.datasets.store.check_clean_outputs`).

Usage::

    python benchmarks/bench_integrity.py [results] [config/config.yaml]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import yaml

from aucacc.datasets.store import check_clean_outputs
from aucacc.provenance import SIDECAR, verified


def _best(fn, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main(argv: list[str]) -> None:
    results = Path(argv[0] if argv else "results")
    # the config as data (no validation: its paths are relative to the results' folder, not this one)
    config = yaml.safe_load(Path(argv[1] if len(argv) > 1 else "config/config.yaml").read_text())
    config["lock_file"] = str(results.parent / (config.get("lock_file") or "resources/datasets.lock.json"))
    rows = []
    for side in results.rglob(f"*{SIDECAR}"):
        target = Path(str(side)[: -len(SIDECAR)])
        if target.is_file() and json.loads(side.read_text()).get("sha256"):
            rows.append((target.stat().st_size, _best(lambda: verified(target)), target))
    if not rows:
        sys.exit(f"no checked files under {results} (run the workflow first)")
    rows.sort(reverse=True)
    print(f"{'bytes':>10} {'ms':>8}  file")
    for size, sec, path in rows[:8]:
        print(f"{size:>10} {sec * 1e3:>8.2f}  {path}")
    total_b, total_s = sum(r[0] for r in rows), sum(r[1] for r in rows)
    print(f"{len(rows)} files, {total_b / 1e6:.1f} MB: total {total_s * 1e3:.0f} ms, "
          f"max {max(r[1] for r in rows) * 1e3:.2f} ms per file")
    print(f"start-up check of the clean data (check_clean_outputs): "
          f"{_best(lambda: check_clean_outputs(results, config)) * 1e3:.2f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
