# Precompiled headers (CMake target_precompile_headers), off by default.
#   LUTSIM_PRECOMPILED_HEADERS=ON  the test executables share one precompiled
#                                  header (tests/CMakeLists.txt).
# ./dev.sh turns it on for its builds (the Release build and the sanitizer
# build); a hand-made build leaves it off because ccache caches a compile that
# uses a precompiled header only with sloppiness=pch_defines,time_macros
# (and, for clang, -Xclang -fno-pch-timestamp), which a developer's ccache
# need not have.
option(LUTSIM_PRECOMPILED_HEADERS "Precompile the headers every test executable includes" OFF)
