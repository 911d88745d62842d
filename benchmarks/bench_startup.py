"""Benchmark: the start-up cost of a workflow job (Python, Snakemake's script preamble, imports).

Every rule runs a script in a fresh Python process, so each of the workflow's ~350 jobs pays its
interpreter start and its imports before any work. For each script in ``workflow/scripts`` this
measures the CPU seconds (user + system, of a child process) of running the script's top-level
imports only, median of ``--repeat`` runs, and, in the same run, a baseline: the same imports
plus the modules the library imported eagerly before issue 13 (``scipy.stats``,
``sklearn.metrics``, ``sklearn.model_selection``), and the bare interpreter. It then runs a
trivial job (a rule whose script only imports ``aucacc.provenance`` and writes one line) through
Snakemake and reads its ``benchmark:`` file: that is the overhead every job pays.

Usage::

    python benchmarks/bench_startup.py [--repeat 5]

Target (issue 13): a trivial job's overhead under 0.7 s (CPU).
"""

from __future__ import annotations

import argparse
import ast
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "workflow" / "scripts"
EAGER_BEFORE = "import scipy.stats, sklearn.metrics, sklearn.model_selection\n"


def import_block(script: Path) -> str:
    """The script's top-level import statements (and its sys.path line), as source."""
    tree = ast.parse(script.read_text())
    src = script.read_text().splitlines()
    out = []
    for node in tree.body:
        text = "\n".join(src[node.lineno - 1:node.end_lineno])
        if isinstance(node, (ast.Import, ast.ImportFrom)) or "sys.path.insert" in text:
            out.append(text.replace("os.path.dirname(__file__)", repr(str(script.parent))))
    return "\n".join(out) + "\n"


def child_cpu(code: str, repeat: int) -> float:
    """Median CPU seconds (user + sys) of ``python -c code`` over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def trivial_job(repeat: int) -> list[tuple[float, float]]:
    """(wall s, cpu s) of a trivial Snakemake script job, from its benchmark: file."""
    snakemake = Path(sys.executable).with_name("snakemake")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "trivial.py").write_text(textwrap.dedent("""\
            from aucacc.provenance import atomic_write_text
            atomic_write_text(snakemake.output[0], "done\\n")
            """))
        (tmp / "Snakefile").write_text(textwrap.dedent("""\
            rule trivial:
                output: "out/{i}.txt"
                benchmark: "bench/{i}.tsv"
                threads: 1
                script: "trivial.py"
            """))
        targets = [f"out/{i}.txt" for i in range(repeat)]
        subprocess.run([str(snakemake), *targets, "--cores", "1"], cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rows = []
        for i in range(repeat):
            head, vals = (tmp / f"bench/{i}.tsv").read_text().splitlines()[:2]
            rec = dict(zip(head.split("\t"), vals.split("\t")))
            rows.append((float(rec["s"]), float(rec["cpu_time"])))
        return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    print(f"# bench_startup  python {sys.version.split()[0]}  cpus {os.cpu_count()}  "
          f"load {os.getloadavg()[0]:.1f}  (median CPU s of {args.repeat} runs)")
    bare = child_cpu("pass", args.repeat)
    preamble = child_cpu("import snakemake.script", args.repeat)
    print(f"bare interpreter {bare:.3f} s; Snakemake's script preamble (import snakemake.script) {preamble:.3f} s\n")
    print(f"{'script':28s} {'imports now':>12s} {'eager before':>13s} {'ratio':>6s}")
    for script in sorted(SCRIPTS.glob("*.py")):
        if script.name.startswith("_"):
            continue
        block = import_block(script)
        now = child_cpu(block, args.repeat)
        before = child_cpu(EAGER_BEFORE + block, args.repeat)
        print(f"{script.name:28s} {now:12.3f} {before:13.3f} {before / now:6.2f}", flush=True)
    rows = trivial_job(args.repeat)
    print(f"\ntrivial job through snakemake (benchmark: file), {len(rows)} jobs: median wall "
          f"{statistics.median(r[0] for r in rows):.3f} s, median CPU {statistics.median(r[1] for r in rows):.3f} s")


if __name__ == "__main__":
    main()
