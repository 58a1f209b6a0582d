# Precompiled headers (CMake target_precompile_headers), off by default.
#   LUTSIM_PRECOMPILED_HEADERS=ON  the test executables share one precompiled
#     header of Catch2, nlohmann/json and the standard headers the tests use
#     most (lutsim_test_pch, tests/CMakeLists.txt); with clang, the libraries
#     and tools outside tests/ and rtl/ share another, of nlohmann/json and the
#     standard headers (lutsim_library_pch, lutsim_precompile_library_headers).
#     Not the libraries with GCC: a GCC precompiled header of nlohmann/json and
#     the standard headers costs ~1.6 CPU s to load, more than a library
#     translation unit that does not use all of it spends parsing them (the
#     lutsim_io unity TU took 10.4 s with it against 8.8 s without); clang
#     loads only what a TU uses (lutsim_io 6.5 s against 11.5 s in the
#     sanitizer build).
# ./dev.sh turns it on for its builds (the Release build and the sanitizer
# build). A hand-made build leaves it off: ccache caches a compile that uses a
# precompiled header only with sloppiness=pch_defines,time_macros (for clang
# also -Xclang -fno-pch-timestamp), which a developer's ccache need not have
# (without it the compiles run uncached; the build is still right).
option(LUTSIM_PRECOMPILED_HEADERS "Precompile the headers the tests (and, with clang, the libraries) include" OFF)

# The targets defined in <dir> and the folders below it.
function(lutsim_targets_below out dir)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    lutsim_targets_below(below ${subdir})
    list(APPEND targets ${below})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# Called at the end of the top-level CMakeLists.txt, once every target exists.
# A reusing target may add include directories and macros, but its compile
# options must be the donor's (clang refuses a header compiled with others).
function(lutsim_precompile_library_headers)
  if(NOT LUTSIM_PRECOMPILED_HEADERS OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    return()
  endif()
  add_library(lutsim_library_pch OBJECT ${PROJECT_SOURCE_DIR}/cmake/pch/library_pch.cpp)
  target_link_libraries(lutsim_library_pch PRIVATE nlohmann_json::nlohmann_json)
  target_precompile_headers(lutsim_library_pch PRIVATE
    <nlohmann/json.hpp> <algorithm> <cmath> <cstdint> <filesystem> <fstream> <functional>
    <map> <memory> <optional> <sstream> <stdexcept> <string> <string_view> <unordered_map>
    <utility> <variant> <vector>)
  get_target_property(pch_options lutsim_library_pch COMPILE_OPTIONS)
  lutsim_targets_below(targets ${PROJECT_SOURCE_DIR})
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    get_target_property(dir ${target} SOURCE_DIR)
    get_target_property(options ${target} COMPILE_OPTIONS)
    file(RELATIVE_PATH dir ${PROJECT_SOURCE_DIR} ${dir})
    # Same options only (lutsim_git_revision, defined before cmake/Sanitizers.cmake
    # adds its options, has fewer).
    if(type MATCHES "^(STATIC_LIBRARY|EXECUTABLE)$" AND NOT dir MATCHES "^(tests|rtl)(/|$)"
       AND options STREQUAL pch_options)
      target_precompile_headers(${target} REUSE_FROM lutsim_library_pch)
    endif()
  endforeach()
endfunction()
