#!/usr/bin/env bash
# The whole cuBLAS measurement set on one GPU machine (see README.md):
#   1. builds lutsim_cublas_bench alone (validation/cublas is a CMake project of
#      its own, so the GPU machine needs CUDA and CMake, not the project's Debian
#      libraries), Release, in build-cuda/;
#   2. times the BitBLAS set (13 N,K x 11 M);
#   3. times every distinct GEMM of lutsim's traces of OPT-175B, BLOOM-176B and
#      Llama-2-70B (tp 1): prefill at batch 1 x 2048 tokens (linear and
#      attention GEMMs) and decode at batches 1, 2, 4, ..., 1024 after 2048
#      cached tokens (linear GEMMs), with the framework fusion (qkv_proj,
#      ffn_gate_up) and the checkpoint one (q/k/v and gate/up apart). The traces
#      come from TRACES_DIR (written beforehand on a development machine by
#      validation/cublas/export_traces.sh), or are exported here when a built
#      lutsim CLI is found (LUTSIM, default build/cli/lutsim);
#   4. in fp16, bf16, int8 and (compute capability >= 8.9) fp8_e4m3.
#
# Usage: validation/cublas/run_measurements.sh [OUT_DIR]
#   OUT_DIR defaults to validation/cublas/results/<gpu>-<date>.
#   BUILD_DIR (env) overrides the build folder; BENCH_ARGS (env) adds options
#   to every lutsim_cublas_bench run (e.g. BENCH_ARGS="--reps 100");
#   TRACES_DIR (env, default validation/cublas/traces) holds exported traces.
# Reads clocks only; never changes GPU settings.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${BUILD_DIR:-$ROOT/build-cuda}

if ! command -v nvidia-smi >/dev/null 2>&1; then
  echo "run_measurements.sh: nvidia-smi not found: this needs a machine with an NVIDIA GPU and driver" >&2
  exit 3
fi
GPU=$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | head -n1 | tr -c 'A-Za-z0-9.\n-' '_')
OUT=${1:-$ROOT/validation/cublas/results/${GPU}-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$OUT"

cmake -S "$ROOT/validation/cublas" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD" -j"$(nproc)" --target lutsim_cublas_bench
BENCH=$BUILD/lutsim_cublas_bench
if [[ ! -x $BENCH ]]; then
  echo "run_measurements.sh: $BENCH was not built (no CUDA compiler found by CMake?)" >&2
  exit 1
fi

# What the machine was (read-only queries).
{
  date -u +"date: %Y-%m-%dT%H:%M:%SZ"
  echo "git: $(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit,temperature.gpu,persistence_mode --format=csv
} > "$OUT/machine.txt"
nvidia-smi -q > "$OUT/nvidia-smi-q.txt" 2>&1 || true

read -r -a EXTRA <<< "${BENCH_ARGS:-}"

TRACES=${TRACES_DIR:-$ROOT/validation/cublas/traces}
if ! compgen -G "$TRACES/*_prefill_*.csv" >/dev/null; then
  if [[ -x ${LUTSIM:-$ROOT/build/cli/lutsim} ]]; then
    LUTSIM=${LUTSIM:-$ROOT/build/cli/lutsim} "$ROOT/validation/cublas/export_traces.sh" "$TRACES"
  else
    echo "run_measurements.sh: no traces in $TRACES and no lutsim CLI to export them:" \
         "run validation/cublas/export_traces.sh on a development machine first" >&2
    exit 1
  fi
fi
cp -r "$TRACES" "$OUT/traces"
PREFILL=()
DECODE=()
for f in "$OUT"/traces/*_prefill_*.csv; do PREFILL+=(--trace "$f"); done
for f in "$OUT"/traces/*_decode_*.csv; do DECODE+=(--trace "$f"); done

# The plans (no GPU needed): every (dtype, shape) each run will time.
"$BENCH" --bitblas --list "${EXTRA[@]}" > "$OUT/plan_bitblas.csv"
"$BENCH" "${PREFILL[@]}" --list "${EXTRA[@]}" > "$OUT/plan_prefill.csv"
"$BENCH" "${DECODE[@]}" --no-attention --list "${EXTRA[@]}" > "$OUT/plan_decode.csv"
wc -l "$OUT"/plan_*.csv

echo "== BitBLAS set -> $OUT/bitblas.csv"
"$BENCH" --bitblas -o "$OUT/bitblas.csv" "${EXTRA[@]}"

echo "== prefill GEMMs (linear and attention) -> $OUT/prefill.csv"
"$BENCH" "${PREFILL[@]}" -o "$OUT/prefill.csv" "${EXTRA[@]}"
echo "== decode linear GEMMs -> $OUT/decode.csv"
"$BENCH" "${DECODE[@]}" --no-attention -o "$OUT/decode.csv" "${EXTRA[@]}"
echo "done: $OUT"
