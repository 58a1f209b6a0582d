#!/usr/bin/env bash
# scripts/fuzz.sh [RUNS] [READER...]
# Builds the libFuzzer targets (clang, ASan + UBSan; build dir build-fuzz or
# $LUTSIM_FUZZ_BUILD_DIR) and runs each reader's target for RUNS inputs
# (default 1000000) from its committed seeds in fuzz/corpus/. Prints one line
# per reader: inputs run, seconds, findings (crash/timeout/oom files kept in
# the build dir's fuzz/work/<reader>/). Exits 1 if any reader has a finding.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000000}
shift || true
build_dir=${LUTSIM_FUZZ_BUILD_DIR:-build-fuzz}
readers=("$@")
if [ ${#readers[@]} -eq 0 ]; then
  readers=(hardware_yaml model_yaml study_yaml sweep_yaml trace_csv hf_config measurement_csv lmma_program
           pass_list_yaml results_store)
fi

cmake -S . -B "$build_dir" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=Sanitize -DLUTSIM_FUZZ=ON -DLUTSIM_BUILD_RTL=OFF >/dev/null
targets=()
for r in "${readers[@]}"; do targets+=("lutsim_fuzz_$r"); done
cmake --build "$build_dir" -j"$(nproc)" --target "${targets[@]}" >/dev/null

status=0
for r in "${readers[@]}"; do
  work="$build_dir/fuzz/work/$r"
  log="$build_dir/fuzz/$r.log"
  start=$(date +%s)
  if fuzz/run_fuzzer.sh "$PWD/$build_dir/fuzz/lutsim_fuzz_$r" "$PWD/fuzz/corpus/$r" "$PWD/$work" \
       -runs="$runs" >"$log" 2>&1; then
    result=ok
  else
    result="FINDING (see $log)"
    status=1
  fi
  done_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  findings=$(find "$work" -maxdepth 1 \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  echo "fuzz $r: ${done_runs:-?} inputs in $(( $(date +%s) - start )) s, $findings finding(s): $result"
done
exit $status
