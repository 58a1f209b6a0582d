#!/usr/bin/env bash
# run_fuzzer.sh FUZZER SEED_DIR WORK_DIR [libFuzzer flags...]
# Runs one lutsim fuzz target from the committed seeds. New inputs go to
# WORK_DIR (emptied first), never into the committed SEED_DIR; a finding is
# saved in WORK_DIR as crash-*/timeout-*/oom-* and the exit status is non-zero.
set -euo pipefail
fuzzer=$1 seeds=$2 work=$3
shift 3
rm -rf "$work"
mkdir -p "$work"
cd "$work"
exec "$fuzzer" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
  -artifact_prefix="$work/" "$@" "$work" "$seeds"
