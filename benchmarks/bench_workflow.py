"""Benchmark: the whole reproduction with ``--cores 1`` and ``--cores 2``, and what more workers would give.

Each run starts from a fresh copy of the workflow (Snakefile, workflow/, config/, data/) in a
scratch folder with an empty ``results/`` and cache, one after the other in this one process.
Printed for each run: wall time, CPU time (user + system of every job, from the kernel's
accounting of Snakemake and its children) and the per-stage breakdown from the rules'
``benchmark:`` files (``results/benchmarks/<rule>/<wildcards>.tsv``: jobs, wall and CPU seconds
summed per rule). Then, from the per-job wall times of the first run (``--cores 1`` by default:
one job at a time, so the least disturbed) and the real job DAG (``snakemake --dag``), the critical path (the
longest chain of dependent jobs) and the makespan of a list scheduler (a free worker takes the
ready job with the longest remaining path; the per-job Snakemake overhead outside the jobs'
own benchmark is left out) with 4, 16 and 64 workers, and the job that ends the 64-worker
schedule.

Usage::

    python benchmarks/bench_workflow.py                      # both runs, full configuration
    python benchmarks/bench_workflow.py --cores 2 --keep /tmp/run   # one run, keep its results
    python benchmarks/bench_workflow.py --from-results /tmp/run/cores1   # only the analysis
    python benchmarks/bench_workflow.py --from-results CLONE -- --configfile config/uci36.yaml   # a study's run

Target (issue 13): the full reproduction with ``--cores 2`` in at most 5 minutes of wall time
on the 2-core reference machine, idle.
"""

from __future__ import annotations

import argparse
import heapq
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COPY = ["Snakefile", "workflow", "config", "data"]


def run(work: Path, cores: int, extra: list[str]) -> tuple[float, float]:
    """Run the workflow in a fresh copy at ``work``; return (wall s, CPU s of all jobs)."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    for name in COPY:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, work / name, ignore=shutil.ignore_patterns("results", ".snakemake"))
        elif src.exists():
            shutil.copy(src, work / name)
    snakemake = Path(sys.executable).with_name("snakemake")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run([str(snakemake), "--cores", str(cores), "--quiet", "progress", *extra], cwd=work,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        print(proc.stdout[-5000:])
        raise SystemExit(f"snakemake --cores {cores} failed (exit {proc.returncode})")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def read_benchmarks(results: Path) -> dict[str, tuple[float, float]]:
    """``results/benchmarks/<rule>/….tsv`` (relative to the working folder) -> (wall s, CPU s, peak RSS MB)."""
    jobs = {}
    for f in sorted((results / "benchmarks").rglob("*.tsv")):
        head, vals = f.read_text().splitlines()[:2]
        rec = dict(zip(head.split("\t"), vals.split("\t")))
        cpu = float(rec.get("cpu_time") or "nan")
        rss = float(rec.get("max_rss") or "nan")
        jobs[str(f.relative_to(results.parent))] = (float(rec["s"]), cpu, rss)
    return jobs


def rule_of(bench: str) -> str:
    return Path(bench).relative_to("results/benchmarks").parts[0].removesuffix(".tsv")


def stage_table(jobs) -> None:
    per = defaultdict(lambda: [0, 0.0, 0.0, 0.0, 0.0])
    for bench, (wall, cpu, rss) in jobs.items():
        p = per[rule_of(bench)]
        p[0] += 1
        p[1] += wall
        p[2] += cpu
        p[3] = max(p[3], wall)
        p[4] = max(p[4], rss)
    total_w = sum(p[1] for p in per.values())
    total_c = sum(p[2] for p in per.values())
    print(f"  {'rule':28s} {'jobs':>5s} {'wall s':>9s} {'CPU s':>9s} {'CPU %':>6s} {'max job s':>9s} "
          f"{'CPU s/job':>9s} {'max RSS MB':>10s}")
    for rule, (n, w, c, mx, rss) in sorted(per.items(), key=lambda kv: -kv[1][2]):
        print(f"  {rule:28s} {n:5d} {w:9.1f} {c:9.1f} {100 * c / total_c:6.1f} {mx:9.1f} {c / n:9.2f} {rss:10.0f}")
    print(f"  {'total':28s} {len(jobs):5d} {total_w:9.1f} {total_c:9.1f}")


def job_dag(work: Path, extra: list[str]) -> tuple[dict[int, str], list[tuple[int, int]]]:
    """The full DAG from a forced dry run (``extra``: the run's snakemake arguments, e.g. ``--configfile``):
    jobs (id -> benchmark path or rule name) and edges (parent, child), a job being the parent of every
    job that reads one of its outputs."""
    snakemake = Path(sys.executable).with_name("snakemake")
    snakefile = work / "Snakefile" if (work / "Snakefile").exists() else ROOT / "Snakefile"
    out = subprocess.run([str(snakemake), "--snakefile", str(snakefile), "--directory", str(work), "-n",
                          "--forceall", *extra], cwd=snakefile.parent, check=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True).stdout
    jobs = []
    for block in re.split(r"^(?=(?:local)?rule \w+:)", out, flags=re.M):
        m = re.match(r"(?:local)?rule (\w+):", block)
        if not m:
            continue
        fields = dict(re.findall(r"^    (\w+): (.*)$", block, re.M))
        jobs.append({"id": int(fields["jobid"]), "name": fields.get("benchmark", m.group(1)),
                     "input": set(fields.get("input", "").split(", ")) - {""},
                     "output": set(fields.get("output", "").split(", ")) - {""}})
    producer = {f: j["id"] for j in jobs for f in j["output"]}
    nodes = {j["id"]: j["name"] for j in jobs}
    edges = sorted({(producer[f], j["id"]) for j in jobs for f in j["input"] if f in producer})
    return nodes, edges


def schedule(nodes, edges, dur, workers: int):
    """List scheduling (longest remaining path first); returns (makespan, last job, critical path)."""
    children, n_parents = defaultdict(list), defaultdict(int)
    for a, b in edges:
        children[a].append(b)
        n_parents[b] += 1
    # longest path from each job to the end (bottom level), by reverse topological order
    order, ready = [], [v for v in nodes if n_parents[v] == 0]
    indeg = dict(n_parents)
    while ready:
        v = ready.pop()
        order.append(v)
        for c in children[v]:
            indeg[c] -= 1
            if indeg[c] == 0:
                ready.append(c)
    bottom, nxt = {}, {}
    for v in reversed(order):
        best = max(children[v], key=lambda c: bottom[c], default=None)
        bottom[v] = dur[v] + (bottom[best] if best is not None else 0.0)
        nxt[v] = best
    start = max((v for v in nodes if n_parents[v] == 0), key=lambda v: bottom[v])
    path = [start]
    while nxt[path[-1]] is not None:
        path.append(nxt[path[-1]])
    # simulation
    indeg = dict(n_parents)
    queue = [(-bottom[v], v) for v in nodes if indeg.get(v, 0) == 0]
    heapq.heapify(queue)
    running, t, free, last = [], 0.0, workers, None
    finish = {}
    while queue or running:
        while queue and free:
            _, v = heapq.heappop(queue)
            heapq.heappush(running, (t + dur[v], v))
            free -= 1
        t, v = heapq.heappop(running)
        finish[v] = t
        if dur[v] > 0 or last is None:
            last = v  # the last job that does work (not the zero-time `all`)
        free += 1
        for c in children[v]:
            indeg[c] -= 1
            if indeg[c] == 0:
                heapq.heappush(queue, (-bottom[c], c))
    return t, last, path, bottom


def label(name: str) -> str:
    """A job's name for printing: rule and wildcard values from its benchmark path."""
    if not name.startswith("results/benchmarks/"):
        return name
    return " ".join(Path(name).relative_to("results/benchmarks").with_suffix("").parts)


def analyse(work: Path, extra: list[str]) -> None:
    jobs = read_benchmarks(work / "results")
    nodes, edges = job_dag(work, extra)
    dur, missing = {}, []
    for v, name in nodes.items():
        dur[v] = jobs.get(name, (0.0, 0.0))[0]
        if name not in jobs and name != "all":
            missing.append(name)
    if missing:
        print(f"  ({len(missing)} DAG jobs without a benchmark file, counted as 0 s: {missing[:3]} …)")
    total = sum(dur.values())
    print(f"  DAG: {len(nodes)} jobs, {len(edges)} edges, sum of job wall times {total:.1f} s")
    for w in (1, 2, 4, 16, 64):
        span, last, path, bottom = schedule(nodes, edges, dur, w)
        print(f"  list scheduling, {w:2d} workers: makespan {span:7.1f} s "
              f"(sum/w {total / w:7.1f} s); last job to finish: {label(nodes[last])}")
    print(f"  critical path {bottom[path[0]]:.1f} s:")
    for v in path:
        print(f"    {dur[v]:7.1f} s  {label(nodes[v])}")
    top = max(dur, key=dur.get)
    print(f"  longest single job: {dur[top]:.1f} s  {label(nodes[top])}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cores", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--keep", type=Path, default=None, help="folder for the runs (default: a temporary one, removed)")
    ap.add_argument("--from-results", type=Path, default=None,
                    help="only analyse a finished run in this folder (its results/benchmarks)")
    ap.add_argument("snakemake_args", nargs="*", help="passed to snakemake (e.g. --configfile …)")
    args = ap.parse_args(argv)
    print(f"# bench_workflow  python {sys.version.split()[0]}  cpus {os.cpu_count()}  "
          f"load average at start {os.getloadavg()[0]:.1f}")
    if args.from_results:
        analyse(args.from_results, args.snakemake_args)
        return
    base = args.keep or Path(tempfile.mkdtemp(prefix="aucacc-bench-"))
    walls = {}
    try:
        for cores in args.cores:
            work = base / f"cores{cores}"
            wall, cpu = run(work, cores, args.snakemake_args)
            walls[cores] = wall
            print(f"\n## --cores {cores}: wall {wall:.1f} s ({wall / 60:.2f} min), CPU {cpu:.1f} s "
                  f"(load average now {os.getloadavg()[0]:.1f})")
            stage_table(read_benchmarks(work / "results"))
            if cores == args.cores[0]:  # printed at once: a long second run may be cut short
                print(f"\n## critical path and simulated makespan (per-job wall times of this run)")
                analyse(work, args.snakemake_args)
        if 1 in walls and 2 in walls:
            print(f"\n--cores 1 / --cores 2 wall-time ratio: {walls[1] / walls[2]:.2f}")
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
