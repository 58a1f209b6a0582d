#!/usr/bin/env bash
# lutsim developer entry point.
#   ./dev.sh run    install what is missing, build, run the main job
#   ./dev.sh test   install what is missing, build, run every test, then the
#                   fast tests and the fuzz targets under ASan + UBSan (clang)
#   ./dev.sh build  install what is missing, build
set -euo pipefail
cd "$(dirname "$0")"

build_dir=${LUTSIM_BUILD_DIR:-build}
jobs=$(nproc 2>/dev/null || echo 2)

install() { bash scripts/install_deps.sh; }

build() {
  # Optimized without debug info: the same code as RelWithDebInfo (-O2,
  # NDEBUG) at about 30% less compile CPU and far smaller binaries to link
  # (measured on four of the heaviest translation units). A hand-made build
  # keeps CMakeLists.txt's RelWithDebInfo default.
  # A unity build (CMake's batches of 8 sources of a target, tests and
  # Verilated models included): most of a translation unit's compile time here
  # is parsing the same headers (-fsyntax-only took 71-99% of the CPU time of
  # an -O2 compile of the five library and test sources measured), so batching
  # saves most of it. GCC's -Wsubobject-linkage, which it keeps quiet for a
  # class defined in the file being compiled, fires for such a class once its
  # file is included in a batch: off here.
  # Linked by gold (binutils, as GNU ld): it links an executable here in about
  # a third of ld's time (cli/lutsim: 0.24 against 0.66 s), and the build
  # links about a hundred.
  cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG -Wno-subobject-linkage" \
    -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_UNITY_BUILD=ON \
    -DCMAKE_EXE_LINKER_FLAGS="-fuse-ld=gold" -DLUTSIM_PRECOMPILED_HEADERS=ON >/dev/null
  cmake --build "$build_dir" -j"$jobs"
}

# The library, the fast unit tests (cmake/Sanitizers.cmake says which labels)
# and the fuzz targets (fuzz/README.md) built with clang, ASan and UBSan, and run.
sanitized_tests() {
  local dir=${LUTSIM_SAN_BUILD_DIR:-build-san}
  cmake -S . -B "$dir" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=Sanitize -DLUTSIM_FUZZ=ON -DLUTSIM_BUILD_RTL=OFF -DCMAKE_UNITY_BUILD=ON \
    -DLUTSIM_PRECOMPILED_HEADERS=ON >/dev/null
  CTEST_PARALLEL_LEVEL=$jobs cmake --build "$dir" -j"$jobs" --target lutsim_sanitized_check
}

case "${1:-}" in
  run)
    install
    build
    "$build_dir/cli/lutsim" compare
    ;;
  test)
    install
    build
    start=$(date +%s)
    ctest --test-dir "$build_dir" --output-on-failure -j"$jobs"
    echo "dev.sh: all tests ran in $(($(date +%s) - start)) s"
    start=$(date +%s)
    sanitized_tests
    echo "dev.sh: sanitizer build, sanitized tests and fuzzing ran in $(($(date +%s) - start)) s"
    ;;
  build)
    install
    build
    ;;
  *)
    echo "usage: ./dev.sh run|test|build" >&2
    exit 2
    ;;
esac
