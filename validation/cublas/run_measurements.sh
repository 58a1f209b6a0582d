#!/usr/bin/env bash
# The whole GPU measurement set on one GPU machine (see README.md):
#   1. builds lutsim_cublas_bench and lutsim_microbench alone (validation/cublas
#      and validation/microbench are CMake projects of their own, so the GPU
#      machine needs CUDA and CMake, not the project's Debian libraries),
#      Release, in build-cuda/ and build-microbench/, side by side;
#   2. writes what the machine is (machine.txt: nvidia-smi queries with clocks,
#      driver, CUDA, cuBLAS, cuDNN and torch versions; nvidia-smi-q.txt);
#   3. runs the sets named in SETS, in that order (default: all, GEMMs first):
#      bitblas   the BitBLAS set (13 N,K x 11 M)                 -> bitblas.csv
#      prefill   every distinct GEMM of lutsim's traces of OPT-175B, BLOOM-176B
#                and Llama-2-70B (tp 1) at batch 1 x 2048 tokens
#                (linear and attention GEMMs)                      -> prefill.csv
#      decode    their linear GEMMs at batches 1, 2, 4, ..., 1024 after 2048
#                cached tokens                                     -> decode.csv
#                (both with the framework fusion, qkv_proj and ffn_gate_up,
#                and the checkpoint one, q/k/v and gate/up apart; the traces
#                come from TRACES_DIR, written beforehand on a development
#                machine by validation/cublas/export_traces.sh, or are
#                exported here when a built lutsim CLI is found: LUTSIM,
#                default build/cli/lutsim)
#                GEMMs in fp16, bf16, int8 and (compute capability >= 8.9)
#                fp8_e4m3, each timed queued behind a GPU-side spin and
#                unqueued (see README.md)
#      unaligned the shape list validation/cublas/shapes/unaligned.csv: aligned
#                GEMMs beside the same ones with M, N or K off a multiple of
#                8/16 elements                                    -> unaligned.csv
#      tiny      the shape list validation/cublas/shapes/tiny.csv: 12 of the
#                smallest GEMMs, the fixed cost of a library GEMM -> tiny.csv
#      random    the shape list validation/cublas/shapes/random.csv: 96 random
#                GEMMs (fixed seed), a held-out set                -> random.csv
#                (both lists written by validation/cublas/make_shape_sets.py)
#      attention validation/attention/time_sdpa.py (fused attention through
#                PyTorch), when python3 has torch -> attention/sdpa_*.csv;
#                skipped with the reason otherwise
#      microbench lutsim_microbench                               -> microbench.csv
#   4. appends the clocks seen at the end to machine.txt.
#
# Usage: validation/cublas/run_measurements.sh [OUT_DIR]
#   OUT_DIR defaults to validation/cublas/results/<gpu>-<date>.
#   SETS (env): which sets, in which order (default
#     "bitblas prefill decode attention microbench").
#   BUILD_DIR / MICROBENCH_BUILD_DIR (env) override the build folders;
#   CUDA_ARCHITECTURES (env) sets CMAKE_CUDA_ARCHITECTURES for the cuBLAS bench
#     (default: its CMakeLists' 80;89;90; "90" builds faster on an H100);
#   BENCH_ARGS (env) adds options to every lutsim_cublas_bench run (e.g.
#     BENCH_ARGS="--reps 100"); ATTENTION_ARGS (env) to time_sdpa.py (default
#     --decode-sweep); TRACES_DIR (env, default validation/cublas/traces) holds
#     exported traces; PYTHON (env, default python3); MICROBENCH_TIMEOUT and
#     ATTENTION_TIMEOUT (env, seconds, default 300 and 900) stop a hung program.
# Reads clocks only; never changes GPU settings.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${BUILD_DIR:-$ROOT/build-cuda}
MB_BUILD=${MICROBENCH_BUILD_DIR:-$ROOT/build-microbench}
SETS=${SETS:-bitblas prefill decode attention microbench}
PYTHON=${PYTHON:-python3}

for s in $SETS; do
  case $s in
    bitblas | prefill | decode | unaligned | tiny | random | attention | microbench) ;;
    *)
      echo "run_measurements.sh: unknown set '$s' in SETS (bitblas prefill decode unaligned tiny random attention microbench)" >&2
      exit 2
      ;;
  esac
done
want() { [[ " $SETS " == *" $1 "* ]]; }

if ! command -v nvidia-smi >/dev/null 2>&1; then
  echo "run_measurements.sh: nvidia-smi not found: this needs a machine with an NVIDIA GPU and driver" >&2
  exit 3
fi
GPU=$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | head -n1 | tr -c 'A-Za-z0-9.\n-' '_')
OUT=${1:-$ROOT/validation/cublas/results/${GPU}-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$OUT"
START=$(date +%s)
elapsed() { echo "[$(($(date +%s) - START)) s]"; }

# Both CUDA projects at once (each is one translation unit).
ARCH_ARGS=()
[[ -n ${CUDA_ARCHITECTURES:-} ]] && ARCH_ARGS=(-DCMAKE_CUDA_ARCHITECTURES="$CUDA_ARCHITECTURES")
{
  cmake -S "$ROOT/validation/cublas" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release "${ARCH_ARGS[@]}" &&
    cmake --build "$BUILD" -j"$(nproc)" --target lutsim_cublas_bench
} > "$OUT/build-cublas.log" 2>&1 &
CUBLAS_BUILD=$!
MB_STATUS=0
if want microbench; then
  {
    cmake -S "$ROOT/validation/microbench" -B "$MB_BUILD" -DCMAKE_BUILD_TYPE=Release &&
      cmake --build "$MB_BUILD" -j"$(nproc)" --target lutsim_microbench
  } > "$OUT/build-microbench.log" 2>&1 || MB_STATUS=$?
fi
CB_STATUS=0
wait "$CUBLAS_BUILD" || CB_STATUS=$?
BENCH=$BUILD/lutsim_cublas_bench
MICROBENCH=$MB_BUILD/lutsim_microbench
if [[ $CB_STATUS -ne 0 || ! -x $BENCH ]]; then
  tail -n 20 "$OUT/build-cublas.log" >&2
  echo "run_measurements.sh: $BENCH was not built (no CUDA compiler found by CMake?)" >&2
  exit 1
fi
if want microbench && [[ $MB_STATUS -ne 0 || ! -x $MICROBENCH ]]; then
  tail -n 20 "$OUT/build-microbench.log" >&2
  echo "run_measurements.sh: $MICROBENCH was not built" >&2
  exit 1
fi
echo "$(elapsed) built $BENCH$(want microbench && echo " and $MICROBENCH")"

# What the machine is (read-only queries).
# A copy of the sources without .git (as carried to a GPU machine) says its
# revision in a file REVISION beside validation/.
if [[ -f $ROOT/REVISION ]]; then
  REVISION="$(cat "$ROOT/REVISION") (from $ROOT/REVISION)"
else
  REVISION=$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)
fi
SMI_FIELDS=name,pci.bus_id,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,clocks.applications.graphics,power.draw,power.limit,temperature.gpu,persistence_mode,compute_mode,mig.mode.current,ecc.mode.current
{
  date -u +"date: %Y-%m-%dT%H:%M:%SZ"
  echo "project revision: $REVISION"
  echo "sets: $SETS"
  echo "bench args: ${BENCH_ARGS:-(defaults)}; attention args: ${ATTENTION_ARGS:---decode-sweep}"
  echo "nvcc: $(nvcc --version 2>/dev/null | grep -o 'release [^,]*, V[0-9.]*' || echo 'not on PATH')"
  echo "cuBLAS libraries: $(ls "$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")"/../lib64/libcublasLt.so.* 2>/dev/null | xargs -n1 basename 2>/dev/null | tr '\n' ' ')"
  echo "python: $("$PYTHON" -c 'import sys, torch; print(sys.version.split()[0], "torch", torch.__version__, "CUDA", torch.version.cuda, "cuDNN", torch.backends.cudnn.version())' 2>/dev/null || echo 'no python3 with torch')"
  echo "at start:"
  nvidia-smi --query-gpu=$SMI_FIELDS --format=csv
} > "$OUT/machine.txt"
nvidia-smi -q > "$OUT/nvidia-smi-q.txt" 2>&1 || true
cat "$OUT/machine.txt"

read -r -a EXTRA <<< "${BENCH_ARGS:-}"
PREFILL=()
DECODE=()
if want prefill || want decode; then
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
  rm -rf "$OUT/traces"
  cp -r "$TRACES" "$OUT/traces"
  for f in "$OUT"/traces/*_prefill_*.csv; do PREFILL+=(--trace "$f"); done
  for f in "$OUT"/traces/*_decode_*.csv; do DECODE+=(--trace "$f"); done
fi

# Runs one measurement program; a program that finds no usable GPU (status 3)
# stops the whole run, any other failure is remembered and the next set runs.
STATUS=0
measure() {
  local rc=0
  "$@" || rc=$?
  if [[ $rc -eq 3 ]]; then
    echo "run_measurements.sh: stopped: no usable CUDA GPU ($*: status 3)" >&2
    exit 3
  fi
  [[ $rc -eq 0 ]] || STATUS=$rc
}
for s in $SETS; do
  case $s in
    bitblas)
      "$BENCH" --bitblas --list "${EXTRA[@]}" > "$OUT/plan_bitblas.csv"
      echo "$(elapsed) == BitBLAS set ($(($(wc -l < "$OUT/plan_bitblas.csv") - 1)) rows planned) -> $OUT/bitblas.csv"
      measure "$BENCH" --bitblas -o "$OUT/bitblas.csv" "${EXTRA[@]}"
      ;;
    prefill)
      "$BENCH" "${PREFILL[@]}" --list "${EXTRA[@]}" > "$OUT/plan_prefill.csv"
      echo "$(elapsed) == prefill GEMMs, linear and attention ($(($(wc -l < "$OUT/plan_prefill.csv") - 1)) rows planned) -> $OUT/prefill.csv"
      measure "$BENCH" "${PREFILL[@]}" -o "$OUT/prefill.csv" "${EXTRA[@]}"
      ;;
    decode)
      "$BENCH" "${DECODE[@]}" --no-attention --list "${EXTRA[@]}" > "$OUT/plan_decode.csv"
      echo "$(elapsed) == decode linear GEMMs ($(($(wc -l < "$OUT/plan_decode.csv") - 1)) rows planned) -> $OUT/decode.csv"
      measure "$BENCH" "${DECODE[@]}" --no-attention -o "$OUT/decode.csv" "${EXTRA[@]}"
      ;;
    unaligned | tiny | random)
      LIST=$ROOT/validation/cublas/shapes/$s.csv
      "$BENCH" --shapes "$LIST" --list "${EXTRA[@]}" > "$OUT/plan_$s.csv"
      echo "$(elapsed) == $s shapes ($(($(wc -l < "$OUT/plan_$s.csv") - 1)) rows planned) -> $OUT/$s.csv"
      measure "$BENCH" --shapes "$LIST" -o "$OUT/$s.csv" "${EXTRA[@]}"
      ;;
    attention)
      if "$PYTHON" -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' >/dev/null 2>&1; then
        echo "$(elapsed) == fused attention (PyTorch SDPA) -> $OUT/attention/"
        read -r -a AARGS <<< "${ATTENTION_ARGS:---decode-sweep}"
        export PYTHONUNBUFFERED=1
        measure timeout "${ATTENTION_TIMEOUT:-900}" "$PYTHON" "$ROOT/validation/attention/time_sdpa.py" \
          --out-dir "$OUT/attention" "${AARGS[@]}"
      else
        echo "$(elapsed) == attention skipped: '$PYTHON' has no torch with CUDA (import torch failed or torch.cuda.is_available() is False)" >&2
      fi
      ;;
    microbench)
      echo "$(elapsed) == microbenchmarks -> $OUT/microbench.csv"
      measure timeout "${MICROBENCH_TIMEOUT:-300}" "$MICROBENCH" -o "$OUT/microbench.csv"
      ;;
  esac
done

{
  echo "at end ($(date -u +%Y-%m-%dT%H:%M:%SZ), exit status so far $STATUS):"
  nvidia-smi --query-gpu=$SMI_FIELDS --format=csv
} >> "$OUT/machine.txt"
echo "$(elapsed) done: $OUT (status $STATUS)"
exit "$STATUS"
