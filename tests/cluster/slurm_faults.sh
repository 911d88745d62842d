#!/usr/bin/env bash
# The faults of tests/cluster/faults.sh alone, on their own cluster start: slurm.sh --faults.
# (CI runs `bash tests/cluster/slurm.sh`: the calm run, then these faults, on one cluster start.)
#
#   bash tests/cluster/slurm_faults.sh [LOCAL_RESULTS]
exec bash "$(dirname "$0")/slurm.sh" --faults "$@"
