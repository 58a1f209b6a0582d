# Regenerates git_revision.cpp on every build (only rewriting it when the
# revision changes), so every result records the revision that produced it.
set(LUTSIM_GIT_REVISION_CPP ${CMAKE_BINARY_DIR}/generated/git_revision.cpp)
add_custom_target(lutsim_git_revision_gen
  COMMAND ${CMAKE_COMMAND}
          -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
          -DOUTPUT=${LUTSIM_GIT_REVISION_CPP}
          -P ${PROJECT_SOURCE_DIR}/cmake/write_git_revision.cmake
  BYPRODUCTS ${LUTSIM_GIT_REVISION_CPP}
  COMMENT "Recording git revision")
add_library(lutsim_git_revision STATIC ${LUTSIM_GIT_REVISION_CPP})
target_include_directories(lutsim_git_revision PUBLIC ${PROJECT_SOURCE_DIR})
add_dependencies(lutsim_git_revision lutsim_git_revision_gen)
