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

# Build type for sanitizer builds: -O0, because in CI the build dominates the
# sanitizer stage (measured in fresh clones on 2 cores: 303 s at -O0 against
# 385 s at -O1, whose tests ran 64 s instead of 89 s), line tables for the
# reports' stack traces, assertions kept. project() leaves an empty cache entry
# for the flags of a custom CMAKE_BUILD_TYPE, which a plain set(CACHE) does not
# replace (the build had no line tables until this was found): an empty entry
# is filled; a user's own flags stay.
foreach(lang CXX C)
  if(NOT CMAKE_${lang}_FLAGS_SANITIZE)
    if(CMAKE_${lang}_COMPILER_ID STREQUAL "GNU")
      set(line_tables -g1)
    else()
      set(line_tables -gline-tables-only)
    endif()
    set(CMAKE_${lang}_FLAGS_SANITIZE "-O0 ${line_tables}" CACHE STRING
        "${lang} flags of the Sanitize build type" FORCE)
  endif()
endforeach()

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
