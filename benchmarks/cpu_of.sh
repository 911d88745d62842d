#!/usr/bin/env bash
# The CPU seconds of a command and of every process it starts, daemons included (the SLURM part's slurmd, its jobs'
# Snakemake processes), besides its wall seconds: it runs in a cgroup of its own (needs root; cgroup v1's cpuacct or
# cgroup v2). On a shared machine CPU seconds are the comparable number, wall seconds are not.
#
#   sudo bash benchmarks/cpu_of.sh NAME COMMAND...    # e.g. NAME=slurm, bash tests/cluster/slurm.sh .test/results
#
# Prints "cpu_of NAME: wall W s, CPU C s" when COMMAND ends and exits with its status.
set -uo pipefail
name=$1; shift
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
    cg=/sys/fs/cgroup/cpu_of.$name.$$; mkdir "$cg"
    usage() { awk '/^usage_usec/ {printf "%.1f", $2 / 1e6}' "$cg/cpu.stat"; }
else
    cg=/sys/fs/cgroup/cpuacct/cpu_of.$name.$$; mkdir "$cg"
    usage() { awk '{printf "%.1f", $1 / 1e9}' "$cg/cpuacct.usage"; }
fi
t0=$(date +%s.%N)
( echo "$BASHPID" > "$cg/cgroup.procs"; exec "$@" ); rc=$?
echo "cpu_of $name: wall $(echo "$(date +%s.%N) - $t0" | bc | xargs printf '%.0f') s, CPU $(usage) s (exit $rc)"
# the group is removed once empty (a daemon left running keeps it)
rmdir "$cg" 2>/dev/null || true
exit "$rc"
