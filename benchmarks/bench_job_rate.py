"""Benchmark: the main Snakemake process's CPU under its job-rate limit (``--max-jobs-per-timespan``).

Snakemake's command line limits job starts to 100 per second by default (``100/1s``; its API sets no
limit). With a limit set, each scheduling pass starts a timer that wakes the scheduler again after the
timespan, and that pass starts the next timer: every pass not started by a timer (each finished job)
adds one more such chain, so after n finished jobs the main process runs n scheduling passes per
timespan until the run ends (Snakemake 9.27, ``JobScheduler._schedule_reevalutation``). The limit
cannot be switched off from the command line or a profile, only made coarser: a longer timespan wakes
the chains less often, but the process waits up to one timespan at exit for the last timers (they are
not daemon threads).

This runs a synthetic workflow of ``--jobs`` independent shell jobs of ``--sleep`` seconds each
(no CPU of their own) under each limit given, and prints the main process's own CPU seconds (user +
system, without its jobs'), its wall time and its most threads at once.

Usage::

    python benchmarks/bench_job_rate.py [--jobs 180] [--sleep 1] [--cores 2] [--limits 100/1s 1000/1s 10000/10s]

The workflow's profile (``profiles/default/config.yaml``) sets the limit this measures best.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

SNAKEFILE = """\
rule all:
    input: expand("out/{{i}}.txt", i=range({jobs}))

rule job:
    output: "out/{{i}}.txt"
    shell: "sleep {sleep}; touch {{output}}"
"""


def run(work: Path, cores: int, limit: str) -> tuple[float, float, int]:
    """(main-process CPU seconds, wall seconds, most threads) of one run from scratch under ``limit``."""
    shutil.rmtree(work / "out", ignore_errors=True)
    shutil.rmtree(work / ".snakemake", ignore_errors=True)
    exe = Path(sys.executable).with_name("snakemake")
    t0 = time.perf_counter()
    proc = subprocess.Popen([str(exe), "--cores", str(cores), "--quiet", "all", "--workflow-profile", "none",
                             "--max-jobs-per-timespan", limit], cwd=work,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ps = psutil.Process(proc.pid)
    cpu, threads = 0.0, 0
    while proc.poll() is None:
        try:
            t = ps.cpu_times()
            cpu = t.user + t.system  # the process's own, not its finished children's
            threads = max(threads, ps.num_threads())
        except psutil.NoSuchProcess:
            break
        time.sleep(0.2)
    if proc.returncode:
        raise SystemExit(f"snakemake failed under --max-jobs-per-timespan {limit} (exit {proc.returncode})")
    return cpu, time.perf_counter() - t0, threads


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=180)
    ap.add_argument("--sleep", type=float, default=1.0)
    ap.add_argument("--cores", type=int, default=2)
    ap.add_argument("--limits", nargs="+", default=["100/1s", "1000/1s", "10000/10s"])
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "Snakefile").write_text(SNAKEFILE.format(jobs=args.jobs, sleep=args.sleep))
        print(f"{args.jobs} jobs of {args.sleep} s on {args.cores} cores")
        print(f"{'limit':>12} {'main CPU s':>11} {'wall s':>8} {'threads':>8}")
        for limit in args.limits:
            cpu, wall, threads = run(work, args.cores, limit)
            print(f"{limit:>12} {cpu:>11.1f} {wall:>8.1f} {threads:>8}")


if __name__ == "__main__":
    main()
