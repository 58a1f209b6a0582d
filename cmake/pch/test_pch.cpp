// The donor of the test executables' precompiled header (tests/CMakeLists.txt,
// LUTSIM_PRECOMPILED_HEADERS): CMake compiles the header with this target's
// options, and every test executable reuses it. Nothing to define here.
