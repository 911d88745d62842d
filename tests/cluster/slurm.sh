#!/usr/bin/env bash
# A real single-node SLURM cluster, started once and stopped by this script (tests/cluster/cluster.sh), runs
# the workflow on the committed test configuration (.test) through `--profile profiles/slurm`:
#   1. calm: every target; the outputs must be byte-identical to a local run's;
#   2. faults (tests/cluster/faults.sh): scancel, slurmd killed, a second Snakemake and SIGKILL, each
#      resumed to outputs byte-identical to the local run's (scancel and SIGKILL beside the calm run).
#
#   bash tests/cluster/slurm.sh [--calm | --faults] [LOCAL_RESULTS]
#
# --calm / --faults: only that part. LOCAL_RESULTS: a results/ folder of a finished local run of .test
# (default: run one here). Needs root; see cluster.sh for what it installs and how the daemons are started
# and stopped. Each phase prints its time.
NAME=slurm.sh
SLURMD_TIMEOUT=20   # the slurmd fault's outage lasts until the node is declared DOWN: about 2 x this
# Most of a SLURM job of this small workflow is waiting: for Snakemake to start inside it, for the next status
# check. So the node declares two CPUs per core (two group jobs of `cores: 2` at once on a 2-core machine), and
# Snakemake checks the jobs' status every 3 s instead of the profile's 10 (it adds 10 s after each check that
# finds nothing finished, and starts again at 3 after one that does). Neither changes what a job computes:
# the outputs are compared byte for byte with a local run's.
NODE_CPUS=$((2 * $(nproc)))
# --quiet host replaces the workflow profile's `quiet: [rules]` (profiles/default, loaded beside profiles/slurm):
# the fault checks read the jobs' details and errors from Snakemake's output.
SM_SLURM=(--profile profiles/slurm --directory .test --slurm-init-seconds-before-status-checks 3 --quiet host)
MODE=all
case "${1:-}" in --calm|--faults) MODE=${1#--}; shift;; esac
source "$(dirname "$0")/cluster.sh"
source "$(dirname "$0")/faults.sh"

# calm_start: every target of .test through the profile, in its own folder, in the background (CALM_PID);
# calm_finish waits for it and compares its outputs with LOCAL's.
CALM_PID=""
calm_start() {
    log "calm run of .test through --profile profiles/slurm: started"
    prepare_run "$WORK/run"
    (cd "$WORK/run" && exec "$SM" "${SM_SLURM[@]}" --slurm-logdir "$WORK/slurm-logs" > "$WORK/run.log" 2>&1) &
    CALM_PID=$!
    BG_PIDS+=("$CALM_PID")
}
calm_finish() {
    phase "calm run of .test through --profile profiles/slurm"
    local rc=0
    wait "$CALM_PID" || rc=$?
    [ "$rc" -eq 0 ] || { log "the SLURM run failed (exit $rc):"; tail -n 60 "$WORK/run.log"; exit 1; }
    log "$(grep -c 'has been submitted with SLURM jobid' "$WORK/run.log") SLURM jobs submitted for" \
        "$(grep -oP '^\s*total\s+\K\d+' "$WORK/run.log" | head -n 1) jobs of the workflow; $(tail -n 1 "$WORK/run.log")"
    phase "comparison of the calm run"
    compare_outputs "$LOCAL" "$WORK/run/.test/results"
}

phase "cluster start"
cluster_start
phase "reference run"
reference_results "${1:-}" LOCAL
T0=$SECONDS
case $MODE in
    calm) calm_start; calm_finish;;
    faults) fault_runs;;
    # faults 1 (scancel, one job of its own run in its own folder) and 3 (a second Snakemake and SIGKILL, in a copy of
    # the local run's folder, once that run has ended) beside the calm run: the node has room for them (NODE_CPUS);
    # then fault 2 (slurmd killed) alone on the cluster
    all) calm_start; fault_scancel; fault_sigkill; calm_finish;;
esac
T1=$SECONDS
[ "$MODE" != all ] || fault_slurmd
T2=$SECONDS
phase ""
# one line per part, read by .ci/run: "calm" is the calm run with faults 1 and 3 beside it, "faults" fault 2
[ "$MODE" = faults ] || log "time of SLURM calm: $((T1 - T0)) s"
if [ "$MODE" = faults ]; then log "time of SLURM faults: $((T1 - T0)) s"
elif [ "$MODE" = all ]; then log "time of SLURM faults: $((T2 - T1)) s"; fi
log "done ($MODE): $((SECONDS - START)) s"
