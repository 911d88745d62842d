"""A pytest plugin: the CPU seconds of every test (setup, call and teardown; the worker's own CPU plus that of the
child processes it waited for: Snakemake runs, Chromium), written as one JSON line per test, and a table per file.

On a shared machine wall seconds (``--durations``) grow with the load; CPU seconds do not, so they rank the tests.
A module fixture's CPU counts in the first test that asks for it, as its setup (``--durations`` does the same).

    PYTHONPATH=benchmarks AUCACC_CPU_PER_TEST=cpu.jsonl .venv/bin/pytest -p cpu_per_test ...
    python benchmarks/cpu_per_test.py cpu.jsonl [N]     # the N costliest files and tests (default 25)

Under pytest-xdist every worker appends to the same file (one ``write`` of one line per test).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict

import pytest

_OUT = os.environ.get("AUCACC_CPU_PER_TEST")


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cpu0, wall0 = _cpu(), time.monotonic()
    yield
    if _OUT:
        line = json.dumps({"test": item.nodeid, "cpu": round(_cpu() - cpu0, 3),
                           "wall": round(time.monotonic() - wall0, 3),
                           "worker": os.environ.get("PYTEST_XDIST_WORKER", "main")})
        with open(_OUT, "a") as out:
            out.write(line + "\n")


def main(path: str, n: int = 25) -> None:
    rows = [json.loads(line) for line in open(path)]
    per_file: dict = defaultdict(lambda: [0.0, 0.0, 0])
    for r in rows:
        f = per_file[r["test"].split("::")[0]]
        f[0] += r["cpu"]
        f[1] += r["wall"]
        f[2] += 1
    total_cpu, total_wall = sum(r["cpu"] for r in rows), sum(r["wall"] for r in rows)
    print(f"{len(rows)} tests, CPU {total_cpu:.0f} s, wall (summed over workers) {total_wall:.0f} s")
    print(f"\n{'file':60} {'tests':>5} {'CPU s':>7} {'share':>6} {'wall s':>7}")
    for name, (cpu, wall, k) in sorted(per_file.items(), key=lambda kv: -kv[1][0])[:n]:
        print(f"{name:60} {k:5d} {cpu:7.1f} {cpu / total_cpu:6.1%} {wall:7.1f}")
    print(f"\n{'test':100} {'CPU s':>7} {'wall s':>7}")
    for r in sorted(rows, key=lambda r: -r["cpu"])[:n]:
        print(f"{r['test'][:100]:100} {r['cpu']:7.1f} {r['wall']:7.1f}")


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:3]))
