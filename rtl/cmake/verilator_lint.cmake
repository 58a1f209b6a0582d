# Runs `verilator --lint-only -Wall` on one top module for each parameter set.
# Invoked by CTest as: cmake -DVERILATOR=<bin> -DTOP=<module>
#   -DSOURCES=<a.sv,b.sv> -DPARAM_SETS=<"-GK=2 -GW_BIT=1"|"..."> -P verilator_lint.cmake
# PARAM_SETS separates sets with '|'; an empty set lints the defaults.
if(NOT VERILATOR OR NOT TOP OR NOT SOURCES)
  message(FATAL_ERROR "verilator_lint.cmake: VERILATOR, TOP and SOURCES are required")
endif()
if(NOT DEFINED PARAM_SETS OR PARAM_SETS STREQUAL "")
  set(PARAM_SETS "-")
endif()
string(REPLACE "," ";" sources "${SOURCES}")
string(REPLACE "|" ";" sets "${PARAM_SETS}")
set(failed 0)
foreach(set IN LISTS sets)
  set(params "")
  if(NOT set STREQUAL "-")
    separate_arguments(params UNIX_COMMAND "${set}")
  endif()
  execute_process(
    COMMAND ${VERILATOR} --lint-only -Wall --top-module ${TOP} ${params} ${sources}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc EQUAL 0 AND out STREQUAL "")
    message(STATUS "lint clean: ${TOP} ${set}")
  else()
    message(STATUS "lint FAILED: ${TOP} ${set}\n${out}")
    set(failed 1)
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "verilator --lint-only -Wall reported warnings for ${TOP}")
endif()
