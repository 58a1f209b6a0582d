# Sanitizer and fuzzing builds (see fuzz/README.md). Off by default.
#   LUTSIM_SANITIZE=ON  AddressSanitizer + UndefinedBehaviorSanitizer on every target,
#                       any report fatal (the fast unit tests run this way in CI).
#   LUTSIM_FUZZ=ON      also builds fuzz/: one libFuzzer target per input reader.
#                       Needs clang (libFuzzer); implies LUTSIM_SANITIZE.
option(LUTSIM_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(LUTSIM_FUZZ "Build the libFuzzer targets in fuzz/ (clang only; implies LUTSIM_SANITIZE)" OFF)

if(LUTSIM_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "LUTSIM_FUZZ needs clang (libFuzzer); configure with "
                        "-DCMAKE_CXX_COMPILER=clang++, not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  set(LUTSIM_SANITIZE ON)
  # Coverage instrumentation everywhere; only the fuzz executables link libFuzzer's main.
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link>)
endif()

# Build type for sanitizer builds: optimized enough to run the tests quickly,
# line tables for the reports' stack traces, assertions kept.
set(CMAKE_CXX_FLAGS_SANITIZE "-O1 -gline-tables-only" CACHE STRING "C++ flags of the Sanitize build type")
set(CMAKE_C_FLAGS_SANITIZE "-O1 -gline-tables-only" CACHE STRING "C flags of the Sanitize build type")

if(LUTSIM_SANITIZE)
  set(lutsim_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=all)
  foreach(flag IN LISTS lutsim_sanitizers ITEMS -fno-omit-frame-pointer)
    add_compile_options($<$<COMPILE_LANGUAGE:CXX>:${flag}>)
  endforeach()
  add_link_options(${lutsim_sanitizers})
endif()

if(LUTSIM_SANITIZE)
  # The fast unit tests that run sanitized in CI (`./dev.sh test`), by CTest
  # label (their Catch cases tagged [exhaustive] left out, tests/CMakeLists.txt),
  # and the fuzz tests (label fuzz): lutsim_sanitized builds them
  # (tests/CMakeLists.txt, fuzz/CMakeLists.txt), lutsim_sanitized_check runs them
  # (in parallel with CTEST_PARALLEL_LEVEL set).
  set(LUTSIM_SANITIZED_LABELS config io numerics workloads compiler sim studies CACHE STRING
      "CTest labels whose tests a sanitizer build runs")
  add_custom_target(lutsim_sanitized)
  set(labels ${LUTSIM_SANITIZED_LABELS})
  if(LUTSIM_FUZZ)
    list(APPEND labels fuzz)
  endif()
  list(JOIN labels "|" label_regex)
  add_custom_target(lutsim_sanitized_check
                    COMMAND ${CMAKE_CTEST_COMMAND} --output-on-failure -L "^(${label_regex})$"
                    WORKING_DIRECTORY ${PROJECT_BINARY_DIR} USES_TERMINAL VERBATIM)
  add_dependencies(lutsim_sanitized_check lutsim_sanitized)
endif()
