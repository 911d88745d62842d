"""Benchmark: cross-validation as one job per (data set, learner) against one job per data set for several learners.

Until commit ddd28c2 the main table's learners ran in one ``cross_validate_main`` job per data set (one start-up,
one whole-data discretization for all of them); since, each (protocol, data set, learner) is its own
``cross_validate`` job, so that a changed, added or removed learner re-runs its own jobs only (issue 37). This
measures what the per-learner jobs cost in start-ups: for each of two revisions (``git archive`` of the
repository into a scratch folder, its own ``src`` on ``PYTHONPATH``), on the test configuration (``.test``), it
makes the folds and cut points first, then times ``snakemake --cores 1`` making the fold metrics of NB, C4.4 and
C4.5 under ``whole_data`` on ``.test``'s four data sets (12 files: 4 jobs before, 12 after), ``--repeats`` times
(outputs removed in between). It prints the wall seconds, the CPU seconds of Snakemake and every job it ran (user +
system of the waited-for child processes), and the number and summed CPU seconds of the jobs' ``benchmark:`` files.

Usage::

    python benchmarks/bench_per_learner_jobs.py [--old e36310c] [--new HEAD] [--repeats 2]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATASETS = ["breast", "iris", "liver", "voting"]
LEARNERS = ["NB", "C4.4", "C4.5"]


def _snakemake(work: Path, *targets: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "AUCACC_MIRROR"}
    env["PYTHONPATH"] = str(work / "src")
    exe = Path(sys.executable).with_name("snakemake")
    subprocess.run([str(exe), "--cores", "1", "--nolock", "--directory", ".test", *targets], cwd=work, env=env,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def measure(rev: str, scratch: Path, repeats: int) -> list[tuple[float, float, int, float]]:
    """[(wall s, CPU s of Snakemake and its jobs, jobs, summed benchmark cpu_time s)] of each repeat at ``rev``."""
    work = scratch / rev
    work.mkdir()
    archive = subprocess.run(["git", "archive", rev], cwd=REPO, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(work)], input=archive, check=True)
    _snakemake(work, *[f"results/{kind}/{d}.{ext}" for d in DATASETS
                       for kind, ext in (("folds", "csv"), ("discretized", "json"))])
    targets = [f"results/metrics/whole_data/{d}/{lrn}.csv" for d in DATASETS for lrn in LEARNERS]
    res, rows = work / ".test" / "results", []
    for _ in range(repeats):
        for part in ("metrics", "scores", "benchmarks/cross_validate", "benchmarks/cross_validate_main"):
            shutil.rmtree(res / part, ignore_errors=True)
        before, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        _snakemake(work, *targets)
        wall, after = time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        bench = [f for f in (res / "benchmarks").rglob("*.tsv")
                 if f.relative_to(res / "benchmarks").parts[0].startswith("cross_validate")]
        job_cpu = sum(float(f.read_text().splitlines()[1].split("\t")[-1]) for f in bench)
        rows.append((wall, cpu, len(bench), job_cpu))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", default="e36310c", help="a revision with cross_validate_main (default e36310c)")
    ap.add_argument("--new", default="HEAD", help="a revision with one job per learner (default HEAD)")
    ap.add_argument("--repeats", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print("revision  repeat  wall_s  cpu_s  jobs  jobs_cpu_s")
        for rev in (args.old, args.new):
            for i, (wall, cpu, jobs, job_cpu) in enumerate(measure(rev, Path(tmp), args.repeats), start=1):
                print(f"{rev:8}  {i:6}  {wall:6.1f}  {cpu:5.1f}  {jobs:4}  {job_cpu:10.2f}")


if __name__ == "__main__":
    main()
