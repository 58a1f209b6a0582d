#!/usr/bin/env bash
# Writes the lutsim GEMM traces that run_measurements.sh times, on a machine
# where the lutsim CLI is built (the GPU machine need not build it):
#   OPT-175B, BLOOM-176B, Llama-2-70B (tp 1), with the framework fusion
#   (qkv_proj, ffn_gate_up) and the checkpoint one (q/k/v, gate/up apart):
#   prefill at batch 1 x 2048 tokens, decode at batches 1, 2, 4, ..., 1024
#   after 2048 cached tokens.
# Usage: validation/cublas/export_traces.sh [OUT_DIR]
#   OUT_DIR defaults to validation/cublas/traces (git-ignored); LUTSIM (env)
#   names the CLI, default build/cli/lutsim.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
OUT=${1:-$ROOT/validation/cublas/traces}
LUTSIM=${LUTSIM:-$ROOT/build/cli/lutsim}
if [[ ! -x $LUTSIM ]]; then
  echo "export_traces.sh: $LUTSIM not found: build lutsim first (./dev.sh build)" >&2
  exit 1
fi
mkdir -p "$OUT"
for model in OPT-175B BLOOM-176B Llama-2-70B; do
  stem=$(echo "$model" | tr 'A-Z.' 'a-z_')
  for fusion in framework checkpoint; do
    "$LUTSIM" trace --model "$model" --phase prefill --batch 1 --seq 2048 --fusion "$fusion" \
      -o "$OUT/${stem}_prefill_bs1_seq2048_${fusion}.csv"
    for b in 1 2 4 8 16 32 64 128 256 512 1024; do
      "$LUTSIM" trace --model "$model" --phase decode --batch "$b" --kv-len 2048 --fusion "$fusion" \
        -o "$OUT/${stem}_decode_bs${b}_kv2048_${fusion}.csv"
    done
  done
done
echo "export_traces.sh: $(ls "$OUT" | wc -l) traces in $OUT"
