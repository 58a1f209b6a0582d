// The donor of the libraries' and tools' precompiled header
// (cmake/PrecompiledHeaders.cmake, LUTSIM_PRECOMPILED_HEADERS with clang): CMake
// compiles the header with this target's options, and every library and tool
// outside tests/ and rtl/ reuses it. Nothing to define here.
