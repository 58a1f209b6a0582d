#!/usr/bin/env bash
# Runs the committed studies the notebooks read, then executes every notebook
# headless (Debian's jupyter-nbconvert with the python3 kernel of
# /usr/bin/python3), as CI does. Writes into OUT: the studies' result folders,
# figures/*.png and each executed notebook.
#   usage: notebooks/run_notebooks.sh LUTSIM OUT
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 LUTSIM OUT" >&2
  exit 2
fi
lutsim=$(realpath "$1")
out=$(realpath -m "$2")
cd "$(dirname "$0")/.."
jupyter=/usr/bin/jupyter
if [ ! -x "$jupyter" ] || ! "$jupyter" nbconvert --version >/dev/null 2>&1; then
  echo "$0: $jupyter nbconvert not found (scripts/install_deps.sh installs jupyter-nbconvert)" >&2
  exit 1
fi
mkdir -p "$out"
run() {
  echo "run_notebooks: lutsim $*" >&2
  "$lutsim" "$@" >"$out/$(echo "$1" | tr -c 'a-z' '_').log" 2>&1 || {
    cat "$out/$(echo "$1" | tr -c 'a-z' '_').log" >&2
    exit 1
  }
}
# A fresh store each time: the figures come from this revision's model.
rm -rf "$out/design_point_shape_bits" "$out/llama2_7b_linears_roofline" "$out/compare"
run sweep configs/sweeps/design_point_shape_bits.yaml -o "$out/design_point_shape_bits"
run sweep configs/sweeps/llama2_7b_linears_roofline.yaml -o "$out/llama2_7b_linears_roofline"
run compare -o "$out/compare"
for nb in notebooks/*.ipynb; do
  echo "run_notebooks: executing $nb" >&2
  LUTSIM_RESULTS="$out" LUTSIM_FIGURES="$out/figures" "$jupyter" nbconvert --to notebook \
    --execute --ExecutePreprocessor.timeout=300 --output-dir "$out" "$nb"
done
echo "run_notebooks: figures in $out/figures" >&2
