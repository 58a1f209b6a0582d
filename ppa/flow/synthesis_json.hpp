#pragma once
// SynthesisResult as JSON: the cache's result.json, and the synthesis part of
// the PPA reports. Paths are written relative to the work directory.

#include <filesystem>
#include <nlohmann/json.hpp>

#include "ppa/flow/synthesis.hpp"

namespace lutsim::ppa {

// Units are in the key names (area_um2, yosys_seconds).
nlohmann::json synthesis_to_json(const SynthesisResult& result);

// Reads what synthesis_to_json wrote; the netlist and work_dir become paths in
// `work_dir`. Throws nlohmann::json::exception on a missing or mistyped key.
SynthesisResult synthesis_from_json(const nlohmann::json& json,
                                    const std::filesystem::path& work_dir);

}  // namespace lutsim::ppa
