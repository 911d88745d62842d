# Sourced by tests/cluster/slurm.sh (slurm_faults.sh is slurm.sh --faults), not run: a real one-node SLURM
# cluster on this machine, started and stopped by the sourcing script, and the byte comparison of
# two results/ folders.
#
#   NAME=<script name>; source tests/cluster/cluster.sh
#   cluster_start                    # installs what is missing, writes slurm.conf, starts the daemons
#   prepare_run DIR                  # a copy of the workflow and .test in DIR (no results)
#   reference_results [LOCAL] VAR    # a finished local run of .test (run one when LOCAL is empty)
#   compare_outputs REF RUN [--subset]
#
# Needs root and apt (Debian's slurm-wlm and munge are installed when missing) and the venv of
# the repository ($VENV, default .venv, with the `cluster` extra: snakemake-executor-plugin-slurm).
# Daemons run without systemd and are stopped by the PIDs recorded at start (slurmd by its current
# PID, after a restart too); jobs still in the cluster and background Snakemake processes started
# by the script (BG_PIDS) are ended first. /etc/slurm/slurm.conf is written at start (the job-step
# plugin clears SLURM_CONF inside jobs) and the previous one, if any, put back at the end.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
REPO=$PWD
VENV=${VENV:-$REPO/.venv}
SM=$VENV/bin/snakemake
WORK=$(mktemp -d /tmp/aucacc-slurm.XXXXXX)
CONF=/etc/slurm/slurm.conf
MUNGED_PID="" SLURMCTLD_PID="" SLURMD_PID=""
BG_PIDS=()
START=$SECONDS
PHASE="" PHASE_START=$SECONDS
# slurmctld declares the node DOWN when slurmd has not answered for this long (slurm.sh
# lowers it to keep its slurmd fault short).
SLURMD_TIMEOUT=${SLURMD_TIMEOUT:-60}
# The CPUs the node declares (slurm.sh declares twice this machine's: see there); slurmd takes the
# configured count over the hardware's (SlurmdParameters=config_overrides).
NODE_CPUS=${NODE_CPUS:-$(nproc)}

log() { echo "[$NAME $((SECONDS - START)) s] $*"; }

# phase NAME: closes the current phase (printing its time) and opens the next one.
phase() {
    [ -n "$PHASE" ] && log "phase '$PHASE' took $((SECONDS - PHASE_START)) s"
    PHASE=$1 PHASE_START=$SECONDS
    [ -n "$PHASE" ] && log "== $PHASE"
    return 0
}

# wait_until SECONDS WHAT COMMAND...: polls COMMAND every 0.5 s; fails naming WHAT after SECONDS.
wait_until() {
    local limit=$1 what=$2 t0=$SECONDS
    shift 2
    until "$@"; do
        if [ $((SECONDS - t0)) -ge "$limit" ]; then log "timed out after $limit s waiting for $what"; return 1; fi
        sleep 0.5
    done
}

_stop_pid() {  # _stop_pid PID SIGNAL: signal one process and wait (5 s) until it is gone
    [ -n "$1" ] || return 0
    kill "-$2" "$1" 2>/dev/null || return 0
    for _ in $(seq 50); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
}

# _descendants PID: every process started under PID, children first (the daemons left it when they started)
_descendants() { local c; for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do echo "$c"; _descendants "$c"; done; }

cleanup() {
    local rc=$?
    set +e
    for pid in "${BG_PIDS[@]}"; do _stop_pid "$pid" TERM; _stop_pid "$pid" KILL; done
    # a Snakemake in the foreground when this script was stopped (SIGTERM, e.g. from .ci/run) would outlive it
    for pid in $(_descendants $$); do kill -TERM "$pid" 2>/dev/null; done
    if [ -n "$SLURMCTLD_PID" ] && [ -n "$(squeue -h -o %i 2>/dev/null)" ]; then
        # The cluster is this script's own: whatever is still queued or running is the test's.
        scancel $(squeue -h -o %i) 2>/dev/null
        for _ in $(seq 50); do [ -z "$(squeue -h -t R,CG -o %i 2>/dev/null)" ] && break; sleep 0.2; done
    fi
    for pid in "$SLURMD_PID" "$SLURMCTLD_PID" "$MUNGED_PID"; do _stop_pid "$pid" TERM; done
    if [ -f "$WORK/slurm.conf.orig" ]; then mv "$WORK/slurm.conf.orig" "$CONF"; else rm -f "$CONF"; fi
    if [ "$rc" -ne 0 ]; then
        log "FAILED (exit $rc) in phase '$PHASE'; daemon logs:"
        tail -n 20 "$WORK/slurmctld.log" "$WORK/slurmd.log" 2>/dev/null
        log "failed jobs (Snakemake's report, the newest SLURM job logs):"
        grep -h -A10 "^Error in rule" "$WORK"/*.log "$WORK"/snakemake-logs/*.log 2>/dev/null | tail -n 60
        find "$WORK/slurm-logs" -name '*.log' -printf '%T@ %p\n' 2>/dev/null | sort -rn | head -n 3 | cut -d' ' -f2- \
            | xargs -r tail -n 25
    fi
    # AUCACC_SLURM_LOGS=DIR: keep Snakemake's output of every run (and the daemons' logs) there, e.g. to read
    # the time line of the jobs (benchmarks/README.md, "CI time")
    if [ -n "${AUCACC_SLURM_LOGS:-}" ]; then
        mkdir -p "$AUCACC_SLURM_LOGS" && cp -r "$WORK"/*.log "$WORK/snakemake-logs" "$AUCACC_SLURM_LOGS/" 2>/dev/null
    fi
    if [ "$rc" -ne 0 ] && [ -n "${KEEP_WORK:-}" ]; then log "kept $WORK (KEEP_WORK)"; else rm -rf "$WORK"; fi
    exit "$rc"
}
trap cleanup EXIT

# slurmd_start: starts slurmd and records its PID (also after a restart).
slurmd_start() {
    rm -f "$WORK/slurmd.pid"
    slurmd
    wait_until 10 "slurmd's PID file" test -s "$WORK/slurmd.pid"
    SLURMD_PID=$(cat "$WORK/slurmd.pid")
}

node_idle() { sinfo -h -o %t 2>/dev/null | grep -qx idle; }

cluster_start() {
    if [ "$(id -u)" -ne 0 ]; then echo "$NAME needs root (it installs and starts slurmctld, slurmd, munged)"; exit 1; fi
    if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
        log "installing slurm-wlm and munge (apt)"
        apt-get update -q >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null
    fi
    "$VENV/bin/python" -c "import snakemake_executor_plugin_slurm" 2>/dev/null \
        || "$VENV/bin/pip" install -q -e "$REPO[cluster]"

    local host cpus mem_mb
    host=$(hostname -s)
    cpus=$NODE_CPUS
    mem_mb=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))
    mkdir -p "$WORK/state" "$WORK/spool" /etc/slurm /run/munge /var/log/munge /var/lib/munge
    [ -f "$CONF" ] && cp -p "$CONF" "$WORK/slurm.conf.orig"
    # MinJobAge: finished jobs stay visible to squeue (the profile's status command) long enough,
    # at least 3 x slurm-init-seconds-before-status-checks.
    cat > "$CONF" <<CONF
ClusterName=aucacc-test
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
MpiDefault=none
ReturnToService=2
MinJobAge=300
SlurmdTimeout=$SLURMD_TIMEOUT
SlurmdParameters=config_overrides
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

    log "starting munged, slurmctld, slurmd on $host ($cpus CPUs declared, $(nproc) here; $mem_mb MB)"
    [ -s /etc/munge/munge.key ] || { dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null; }
    chown munge:munge /etc/munge/munge.key /run/munge /var/log/munge /var/lib/munge
    chmod 0400 /etc/munge/munge.key
    rm -f /run/munge/aucacc-test.pid
    runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/aucacc-test.pid
    MUNGED_PID=$(cat /run/munge/aucacc-test.pid)
    slurmctld
    wait_until 10 "slurmctld's PID file" test -s "$WORK/slurmctld.pid"
    SLURMCTLD_PID=$(cat "$WORK/slurmctld.pid")
    slurmd_start
    wait_until 20 "the node to become idle" node_idle || { sinfo; exit 1; }
    log "cluster idle: $(sinfo -h -o '%P %t CPUs=%c mem=%m')"
}

# prepare_run DIR: a copy of the workflow and the test configuration, without any results.
# (.test's results are left out, not copied and deleted: a local run may be writing them meanwhile, .ci/run)
# Times are kept (cp -a): Snakemake re-runs a script rule whose script is newer than its outputs, so a copy of a
# finished run's outputs beside a fresh copy of the workflow would have every job to do.
prepare_run() {
    mkdir -p "$1/.test"
    cp -a "$REPO/Snakefile" "$REPO/workflow" "$REPO/config" "$REPO/profiles" "$1/"
    find "$REPO/.test" -mindepth 1 -maxdepth 1 ! -name results ! -name resources ! -name .snakemake \
        -exec cp -a {} "$1/.test/" \;
}

# reference_results LOCAL VAR: sets VAR to LOCAL, or to a fresh local run of .test if LOCAL is empty.
reference_results() {
    if [ -n "$1" ]; then printf -v "$2" %s "$1"; return; fi
    log "local run of .test (--cores $(nproc)) for the comparison"
    prepare_run "$WORK/localrun"
    (cd "$WORK/localrun" && "$SM" --directory .test --cores "$(nproc)" --quiet progress)
    printf -v "$2" %s "$WORK/localrun/.test/results"
}

# wait_local: with AUCACC_LOCAL_DONE=FILE (.ci/run starts this script while its local run of .test, the reference, is
# still running), waits for FILE, which holds that run's exit status once it has ended; fails if the run failed.
wait_local() {
    if [ -n "${AUCACC_LOCAL_DONE:-}" ] && [ ! -s "$AUCACC_LOCAL_DONE" ]; then
        log "waiting for the local run of .test to end ($AUCACC_LOCAL_DONE)"
        wait_until 7200 "the local run of .test ($AUCACC_LOCAL_DONE)" test -s "$AUCACC_LOCAL_DONE"
    fi
    if [ -n "${AUCACC_LOCAL_DONE:-}" ] && [ "$(cat "$AUCACC_LOCAL_DONE")" != 0 ]; then
        log "the local run of .test failed (exit $(cat "$AUCACC_LOCAL_DONE")): nothing to compare with"; exit 1
    fi
}

# compare_outputs REF RUN [--subset]: byte identity of every output, except files that hold times
# or run-specific paths (provenance sidecars, per-fold records with fit seconds, logs, benchmarks,
# the report's HTML). Files that embed a provenance record (data/*.json, REPORT.md, the report's
# front page) are compared with that record's creation time (an ISO timestamp) blanked; everything
# else byte for byte. With --subset, RUN may lack files of REF (a run of some targets only).
# First waits for the local run (wait_local).
compare_outputs() {
    wait_local
    "$VENV/bin/python" - "$@" <<'PY'
import re, sys
from pathlib import Path

a, b = Path(sys.argv[1]), Path(sys.argv[2])
subset = sys.argv[3:] == ["--subset"]
# logs/ and benchmarks/ at any depth: a study's ROC stage writes them in its own folder (studies/<s>/logs/)
skip = re.compile(r"(\.provenance\.json$|\.html$|(^|/)(logs|benchmarks)/|^(scores|cv_folds)/.*\.json$)")
stamp = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00")
files = lambda root: sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()
                            and not skip.search(str(p.relative_to(root))))
fa, fb = files(a), files(b)
extra, missing = sorted(set(fb) - set(fa)), sorted(set(fa) - set(fb))
if extra or (missing and not subset):
    sys.exit(f"the two runs wrote different files: only local {missing}, only SLURM {extra}")
same = [f for f in fb if (a / f).read_bytes() == (b / f).read_bytes()]
stamped = [f for f in fb if f not in same
           and stamp.sub(b"<time>", (a / f).read_bytes()) == stamp.sub(b"<time>", (b / f).read_bytes())]
differ = sorted(set(fb) - set(same) - set(stamped))
if not fb or differ:
    sys.exit(f"{len(differ)} of {len(fb)} outputs differ between the local and the SLURM run: {differ}")
print(f"OK: {len(fb)} outputs{f' (of {len(fa)})' if subset else ''} identical between the local run and "
      f"the SLURM run: {len(same)} byte for byte, {len(stamped)} once their provenance creation time is "
      f"blanked ({', '.join(stamped) or 'none'})")
PY
}
