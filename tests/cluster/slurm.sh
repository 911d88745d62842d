#!/usr/bin/env bash
# A real single-node SLURM cluster, started and stopped by this script (tests/cluster/cluster.sh),
# runs the workflow on the committed test configuration (.test) through `--profile profiles/slurm`;
# the outputs must be byte-identical to a local run of the same targets.
#
#   bash tests/cluster/slurm.sh [LOCAL_RESULTS]
#
# LOCAL_RESULTS: a results/ folder of a finished local run of .test (default: run one here).
# Needs root; see cluster.sh for what it installs and how the daemons are started and stopped.
NAME=slurm.sh
source "$(dirname "$0")/cluster.sh"

phase "cluster start"
cluster_start
phase "reference run"
reference_results "${1:-}" LOCAL
phase "run of .test through --profile profiles/slurm"
RUN=$WORK/run
prepare_run "$RUN"
(cd "$RUN" && "$SM" --profile profiles/slurm --directory .test --slurm-logdir "$WORK/slurm-logs" \
    > "$WORK/run.log" 2>&1) || { log "the SLURM run failed:"; tail -n 60 "$WORK/run.log"; exit 1; }
log "$(grep -c 'has been submitted with SLURM jobid' "$WORK/run.log") jobs submitted to SLURM; $(tail -n 1 "$WORK/run.log")"
phase "comparison"
compare_outputs "$LOCAL" "$RUN/.test/results"
phase ""
log "done"
