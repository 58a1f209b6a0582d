#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

namespace lutsim::cli {

// Progress of a long run for people, on stderr: "  [done/total] unit". One
// updating line on a terminal (redrawn at most every 0.1 s), otherwise a
// line at most every 5 s; the last step (done == total) is always shown.
using ProgressPrinter =
    std::function<void(std::size_t done, std::size_t total, std::string_view unit)>;
ProgressPrinter progress_printer();

}  // namespace lutsim::cli
