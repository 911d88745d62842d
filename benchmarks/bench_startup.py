"""Benchmark: the start-up cost of a workflow job (Python, Snakemake's script preamble, imports), and its share of a study.

Every rule runs a script in a fresh Python process, so each job pays its interpreter start and its imports before
any work; on a cluster every SLURM job (a group job of several, or one job) also starts Snakemake again, which
parses the workflow. This measures, as CPU seconds (user + system, of child processes; median of ``--repeat``
runs), with a baseline in the same run:

1. Each script in ``workflow/scripts``: Snakemake's script preamble (``import snakemake.script``) and the script's
   top-level imports; before issue 36 (baseline): the same, plus ``aucacc.learners.encoding`` (scikit-learn, SciPy)
   wherever ``aucacc.learners`` is imported, as that package did then.
2. The workflow's parse (``snakemake --list-rules`` on ``.test``, the parse only): in a job process
   (``--mode remote``: the config's check without the learners') and in the main process (``--mode default``: every
   learner's module imported and checked), which is what every job process did before issue 36.
3. A trivial job (a rule whose script only imports ``aucacc.provenance`` and writes one line) through Snakemake:
   the overhead every job pays, from its ``benchmark:`` file (issue 13's target: under 0.7 s).
4. The start-up share of a study's CPU: the ``.test`` workflow run once from scratch in a copy (``--cores 2``; its
   total CPU, every process) against its jobs' start-up (job counts of its dry run × each rule's script start-up,
   part 1); and the uci36 study (``snakemake --cores 2 study_uci36 --configfile config/uci36.yaml``, job counts of a
   dry run with ``--forceall``), estimated: its start-up from those counts, its work (``--uci36-work``) from its
   last measured run (benchmarks/README.md). On SLURM add the parse (part 2) per SLURM job.

Usage::

    python benchmarks/bench_startup.py [--repeat 3] [--no-run]
    python benchmarks/bench_startup.py --uci36-only   # part 1 for the uci36 scripts and part 4 for uci36 only

Targets: a trivial job's overhead under 0.7 s (issue 13); start-up at most 10 % of a study's CPU (issue 36).
"""

from __future__ import annotations

import argparse
import ast
import math
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "workflow" / "scripts"
RULES = ROOT / "workflow" / "rules"
SNAKEMAKE = Path(sys.executable).with_name("snakemake")
#: Every script job's Python runs Snakemake's script preamble first.
PREAMBLE = "import snakemake.script\n"
#: Before issue 36, importing aucacc.learners (and so aucacc.config) loaded its encoding module, and with it
#: scikit-learn and SciPy, in every job that imported either: the baseline adds that import where they are loaded.
BEFORE_36 = "\nimport sys\nif 'aucacc.learners' in sys.modules:\n    import aucacc.learners.encoding\n"
#: The uci36 study's own work, CPU s without its jobs' start-up: its last measured run, 1,149 s of CPU for 346 jobs
#: (benchmarks/README.md, "The uci36 study"), less their start-up then, 355-420 s (issue 36: ~1.1 s per job).
UCI36_WORK = 1149 - 390
#: The uci36 study alone (docs/uci36.md).
UCI36 = ["study_uci36", "--configfile", "config/uci36.yaml"]

#: A cross-validation job's start-up, part by part (each a superset of the one before): the interpreter, NumPy,
#: Snakemake's script preamble, pandas (which loads pyarrow), scikit-learn's base classes (which load SciPy,
#: scipy.stats among them), the rest of cv_fold.py's imports, and the module of the learner it builds.
CV_JOB_PARTS = [("python", "pass"),
                ("+ numpy", "import numpy"),
                ("+ snakemake.script (the preamble)", "import numpy\nimport snakemake.script"),
                ("+ pandas (and pyarrow)", "import numpy\nimport snakemake.script\nimport pandas"),
                ("+ sklearn.base (scipy, scipy.stats)",
                 "import numpy\nimport snakemake.script\nimport pandas\nimport sklearn.base"),
                ("+ the rest of cv_fold.py's imports", None),
                ("+ a learner's module (aucacc.learners.c45)", None)]


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
    return command_cpu([sys.executable, "-c", code], repeat)


def command_cpu(cmd: list[str], repeat: int = 1, cwd: Path = ROOT) -> float:
    """Median CPU seconds (user + sys, the command and every process it waited for) of ``cmd`` over ``repeat``
    runs; its output is discarded."""
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=True, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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


def rule_scripts() -> dict[str, str]:
    """Each rule's script (``workflow/rules/*.smk``: ``rule <name>:`` ... ``script:`` then its path), by rule name;
    rules without one (targets such as ``all``) are not listed."""
    out, rule = {}, None
    for smk in sorted(RULES.glob("*.smk")):
        lines = smk.read_text().splitlines()
        for i, line in enumerate(lines):
            if m := re.match(r"\s*rule (\w+):", line):
                rule = m.group(1)
            elif line.strip() == "script:" and rule is not None:
                out[rule] = Path(re.search(r'"([^"]+)"', lines[i + 1]).group(1)).name
    return out


def job_counts(cwd: Path, *args: str) -> dict[str, int]:
    """Jobs per rule of ``snakemake -n --forceall --cores 2 <args>`` in ``cwd`` (its "Job stats" table)."""
    out = subprocess.run([str(SNAKEMAKE), "-n", "--forceall", "--cores", "2", *args], cwd=cwd, check=True,
                         capture_output=True, text=True)
    text = out.stdout + out.stderr
    table = text[text.index("Job stats:"):]
    counts = {}
    for line in table.splitlines()[3:]:
        name, _, n = line.rpartition(" ")
        if not name.strip() or name.strip() == "total":
            break
        counts[name.strip()] = int(n)
    return counts


def startup_of(counts: dict[str, int], scripts: dict[str, str], cost: dict[str, float]) -> float:
    """CPU s of the jobs' start-up: each job of a rule with a script pays that script's start-up (``cost``)."""
    return sum(n * cost[scripts[rule]] for rule, n in counts.items() if rule in scripts)


def workflow_copy(dest: Path) -> Path:
    """The workflow and the ``.test`` configuration copied into ``dest`` (no results), for a run from scratch."""
    for name in ("Snakefile", "workflow", "config", "data", "profiles"):
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy2)(ROOT / name, dest / name)
    shutil.copytree(ROOT / ".test", dest / ".test",
                    ignore=lambda d, names: [n for n in names if Path(d) == ROOT / ".test"
                                             and n in ("results", "resources", ".snakemake")])
    return dest


def share(startup: float, total: float) -> str:
    return f"{startup:7.1f} s of {total:7.1f} s = {100 * startup / total:4.1f} %"


def parts_2_and_3(args) -> dict[str, float]:
    """Part 2 (the workflow's parse, CPU s by ``--mode``, returned) and part 3 (a trivial job), printed."""
    parse = {mode: command_cpu([str(SNAKEMAKE), "--list-rules", "--directory", ".test", "--mode", mode],
                               args.repeat) for mode in ("remote", "default")}
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "Snakefile").write_text('rule a:\n    output: "x"\n    shell: "touch x"\n')
        floor = command_cpu([str(SNAKEMAKE), "--list-rules", "--mode", "remote"], args.repeat, cwd=Path(tmp))
    print(f"\n2. the workflow's parse (snakemake --list-rules, .test): job process {parse['remote']:.2f} s now "
          f"(before #36 it checked every learner, as the main process does: {parse['default']:.2f} s); "
          f"Snakemake's own, a one-rule workflow's: {floor:.2f} s")

    rows = trivial_job(args.repeat)
    print(f"\n3. trivial job through snakemake (benchmark: file), {len(rows)} jobs: median wall "
          f"{statistics.median(r[0] for r in rows):.3f} s, median CPU {statistics.median(r[1] for r in rows):.3f} s")

    return parse


def _cv_job_parts() -> None:
    """Fill the last two parts of :data:`CV_JOB_PARTS` from cv_fold.py's imports."""
    block = PREAMBLE + import_block(SCRIPTS / "cv_fold.py") + "import sklearn.base\n"
    CV_JOB_PARTS[5] = (CV_JOB_PARTS[5][0], block)
    CV_JOB_PARTS[6] = (CV_JOB_PARTS[6][0], block + "import aucacc.learners.c45\n")


_cv_job_parts()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-run", action="store_true", help="skip the .test run (part 4 then estimates uci36 only)")
    ap.add_argument("--uci36-only", action="store_true",
                    help="part 1 for the scripts of the uci36 study's rules only, no parts 2-3 and no .test run: its "
                         "start-up share alone, at a fraction of the CPU")
    ap.add_argument("--uci36-work", type=float, default=UCI36_WORK,
                    help=f"the uci36 study's CPU s without start-up (default {UCI36_WORK}: its last measured run)")
    args = ap.parse_args(argv)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    print(f"# bench_startup  python {sys.version.split()[0]}  cpus {os.cpu_count()}  "
          f"load {os.getloadavg()[0]:.1f}  (median CPU s of {args.repeat} runs)")
    bare = child_cpu("pass", args.repeat)
    preamble = child_cpu(PREAMBLE, args.repeat)
    print(f"bare interpreter {bare:.3f} s; Snakemake's script preamble (import snakemake.script) {preamble:.3f} s\n")

    scripts = rule_scripts()
    if args.uci36_only:
        args.no_run = True
        counts = job_counts(ROOT, *UCI36)
        wanted = {scripts[rule] for rule in counts if rule in scripts}
    else:
        wanted = None
    print("1. a script job's start-up: the preamble and the script's imports")
    print(f"{'script':28s} {'now':>7s} {'before #36':>11s}")
    now, before = {}, {}
    for script in sorted(SCRIPTS.glob("*.py")):
        if script.name.startswith("_") or (wanted is not None and script.name not in wanted):
            continue
        block = PREAMBLE + import_block(script)
        now[script.name] = child_cpu(block, args.repeat)
        # the baseline differs only where aucacc.learners is loaded (elsewhere it is the same code)
        probe = subprocess.run([sys.executable, "-c", block + "import sys; print('aucacc.learners' in sys.modules)"],
                               cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
        before[script.name] = (child_cpu(block + BEFORE_36, args.repeat) if probe[-1] == "True"
                               else now[script.name])
        print(f"{script.name:28s} {now[script.name]:7.3f} {before[script.name]:11.3f}", flush=True)

    print("\n   a cross-validation job's start-up by part (cumulative, then each part's own)")
    prev = 0.0
    for name, code in CV_JOB_PARTS:
        t = child_cpu(code, args.repeat)
        print(f"   {name:58s} {t:6.3f} s  (+{t - prev:6.3f})", flush=True)
        prev = t
    parse = None if args.uci36_only else parts_2_and_3(args)
    print("\n4. start-up share of a study's CPU (start-up = jobs per rule x its script's start-up, part 1)")
    with tempfile.TemporaryDirectory() as tmp:
        work = workflow_copy(Path(tmp))
        if not args.no_run:
            counts = job_counts(work, "--directory", ".test")
            total = command_cpu([str(SNAKEMAKE), "--cores", "2", "--directory", ".test"], cwd=work)
            s_now, s_before = startup_of(counts, scripts, now), startup_of(counts, scripts, before)
            print(f".test, {sum(counts.values())} jobs, run once (--cores 2), its CPU (every process) {total:.1f} s: "
                  f"start-up now {share(s_now, total)}; before #36 (same work) "
                  f"{share(s_before, total - s_now + s_before)}")
        counts = job_counts(work, *UCI36)
    jobs = sum(n for rule, n in counts.items() if rule in scripts)
    s_now, s_before = startup_of(counts, scripts, now), startup_of(counts, scripts, before)
    print(f"uci36 study (estimated), {jobs} script jobs ({', '.join(f'{r} {n}' for r, n in counts.items())}), "
          f"its work {args.uci36_work:.0f} s: start-up now {share(s_now, args.uci36_work + s_now)}; before #36 "
          f"{share(s_before, args.uci36_work + s_before)}")
    ten = args.uci36_work / 9
    heavy = statistics.median(now[scripts[r]] for r in ("cross_validate", "cv_fold"))
    print(f"  10 % of the study's CPU is {ten:.0f} s of start-up: about {math.floor(ten / heavy)} jobs at a "
          f"cross-validation job's {heavy:.2f} s (scikit-learn imported to build the learner)")
    # On SLURM every job process starts Snakemake again (srun snakemake per job, also inside a group job), which
    # parses the workflow (part 2); each SLURM submission adds one more, not counted here.
    if parse is None:
        return
    p_now, p_before = parse["remote"] * jobs, parse["default"] * jobs
    print(f"  on SLURM every job also parses the workflow, {parse['remote']:.2f} s now ({parse['default']:.2f} s "
          f"before #36): start-up now {share(s_now + p_now, args.uci36_work + s_now + p_now)}; before #36 "
          f"{share(s_before + p_before, args.uci36_work + s_before + p_before)} (submissions not counted)")


if __name__ == "__main__":
    main()
