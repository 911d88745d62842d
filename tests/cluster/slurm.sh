#!/usr/bin/env bash
# A real single-node SLURM cluster, started and stopped by this script, runs the workflow on the
# committed test configuration (.test) through `--profile profiles/slurm`; the outputs must be
# byte-identical to a local run of the same targets.
#
#   bash tests/cluster/slurm.sh [LOCAL_RESULTS]
#
# LOCAL_RESULTS: a results/ folder of a finished local run of .test (default: run one here).
# Needs root and apt (Debian's slurm-wlm and munge are installed when missing) and the venv of
# the repository (.venv, with the `cluster` extra: snakemake-executor-plugin-slurm).
# Daemons run without systemd and are stopped by the PIDs recorded at start; /etc/slurm/slurm.conf
# is written at start (the job-step plugin clears SLURM_CONF inside jobs) and the previous one,
# if any, put back at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$PWD
SM=$REPO/.venv/bin/snakemake
WORK=$(mktemp -d /tmp/aucacc-slurm.XXXXXX)
CONF=/etc/slurm/slurm.conf
PIDS=()
START=$SECONDS

log() { echo "[slurm.sh $((SECONDS - START)) s] $*"; }

cleanup() {
    local rc=$?
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
    if [ -f "$WORK/slurm.conf.orig" ]; then mv "$WORK/slurm.conf.orig" "$CONF"; else rm -f "$CONF"; fi
    if [ "$rc" -ne 0 ]; then
        log "FAILED (exit $rc); daemon logs:"
        tail -n 20 "$WORK"/*.log 2>/dev/null || true
    fi
    rm -rf "$WORK"
    exit "$rc"
}
trap cleanup EXIT

if [ "$(id -u)" -ne 0 ]; then echo "slurm.sh needs root (it installs and starts slurmctld, slurmd, munged)"; exit 1; fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    log "installing slurm-wlm and munge (apt)"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null
fi
"$REPO/.venv/bin/python" -c "import snakemake_executor_plugin_slurm" 2>/dev/null \
    || "$REPO/.venv/bin/pip" install -q -e "$REPO[cluster]"

HOST=$(hostname -s)
CPUS=$(nproc)
MEM_MB=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))
mkdir -p "$WORK/state" "$WORK/spool" /etc/slurm /run/munge /var/log/munge /var/lib/munge
[ -f "$CONF" ] && cp -p "$CONF" "$WORK/slurm.conf.orig"
# MinJobAge: finished jobs stay visible to squeue (the profile's status command) long enough,
# at least 3 x slurm-init-seconds-before-status-checks.
cat > "$CONF" <<CONF
ClusterName=aucacc-test
SlurmctldHost=$HOST
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
SlurmdTimeout=60
NodeName=$HOST CPUs=$CPUS RealMemory=$MEM_MB State=UNKNOWN
PartitionName=main Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF

log "starting munged, slurmctld, slurmd on $HOST ($CPUS CPUs, $MEM_MB MB)"
[ -s /etc/munge/munge.key ] || { dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null; }
chown munge:munge /etc/munge/munge.key /run/munge /var/log/munge /var/lib/munge
chmod 0400 /etc/munge/munge.key
runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/aucacc-test.pid
PIDS+=("$(cat /run/munge/aucacc-test.pid)")
slurmctld
for _ in $(seq 100); do [ -s "$WORK/slurmctld.pid" ] && break; sleep 0.1; done
PIDS+=("$(cat "$WORK/slurmctld.pid")")
slurmd
for _ in $(seq 100); do [ -s "$WORK/slurmd.pid" ] && break; sleep 0.1; done
PIDS+=("$(cat "$WORK/slurmd.pid")")
for _ in $(seq 100); do sinfo -h -o %t 2>/dev/null | grep -q idle && break; sleep 0.2; done
sinfo -h -o "%P %t %c %m" | grep -q idle || { log "the node did not become idle"; sinfo; exit 1; }
log "cluster idle: $(sinfo -h -o '%P %t CPUs=%c mem=%m')"

# The run: a copy of the workflow and the test configuration, through the slurm profile.
RUN=$WORK/run
mkdir -p "$RUN"
cp -r "$REPO/Snakefile" "$REPO/workflow" "$REPO/config" "$REPO/profiles" "$REPO/.test" "$RUN/"
rm -rf "$RUN/.test/results" "$RUN/.test/resources" "$RUN/.test/.snakemake"
LOCAL=${1:-}
if [ -z "$LOCAL" ]; then
    log "local run of .test (--cores $CPUS) for the comparison"
    cp -r "$RUN/.test" "$WORK/local"
    cp -r "$REPO/Snakefile" "$REPO/workflow" "$REPO/config" "$WORK/"
    (cd "$WORK" && "$SM" --snakefile Snakefile --directory local --cores "$CPUS" --quiet progress)
    LOCAL=$WORK/local/results
fi
log "run of .test through --profile profiles/slurm"
(cd "$RUN" && "$SM" --profile profiles/slurm --directory .test --slurm-logdir "$WORK/slurm-logs" \
    > "$WORK/run.log" 2>&1) || { log "the SLURM run failed:"; tail -n 60 "$WORK/run.log"; exit 1; }
log "$(grep -c 'has been submitted with SLURM jobid' "$WORK/run.log") jobs submitted to SLURM; $(tail -n 1 "$WORK/run.log")"

# Byte identity of every output, except files that hold times or run-specific paths (provenance
# sidecars, per-fold records with fit seconds, logs, benchmarks, the report's HTML). Files that
# embed a provenance record (data/*.json, REPORT.md, the report's front page) are compared with
# that record's creation time (an ISO timestamp) blanked; everything else byte for byte.
"$REPO/.venv/bin/python" - "$LOCAL" "$RUN/.test/results" <<'PY'
import re, sys
from pathlib import Path

a, b = Path(sys.argv[1]), Path(sys.argv[2])
skip = re.compile(r"(\.provenance\.json$|\.html$|^(logs|benchmarks)/|^(scores|cv_folds)/.*\.json$)")
stamp = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00")
files = lambda root: sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()
                            and not skip.search(str(p.relative_to(root))))
fa, fb = files(a), files(b)
if fa != fb:
    sys.exit(f"the two runs wrote different files: only local {sorted(set(fa) - set(fb))}, "
             f"only SLURM {sorted(set(fb) - set(fa))}")
same = [f for f in fa if (a / f).read_bytes() == (b / f).read_bytes()]
stamped = [f for f in fa if f not in same
           and stamp.sub(b"<time>", (a / f).read_bytes()) == stamp.sub(b"<time>", (b / f).read_bytes())]
differ = sorted(set(fa) - set(same) - set(stamped))
if not fa or differ:
    sys.exit(f"{len(differ)} of {len(fa)} outputs differ between the local and the SLURM run: {differ}")
print(f"OK: {len(fa)} outputs identical between the local run and the SLURM run: {len(same)} byte for "
      f"byte, {len(stamped)} once their provenance creation time is blanked ({', '.join(stamped)})")
PY
log "done"
