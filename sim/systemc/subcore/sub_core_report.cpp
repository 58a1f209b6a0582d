#include "sim/systemc/subcore/sub_core_report.hpp"

#include <string>

namespace lutsim::systemc {
namespace {

struct Counted {
  const char* name;
  const char* unit;
  const char* description;
  std::uint64_t SubCoreActions::*count;
};

constexpr Counted kActions[] = {
    {"lut_index_vectors", "1", "LUT array index vectors", &SubCoreActions::lut_index_vectors},
    {"lut_lookups", "1", "table lookup-accumulates (one lookup and one add each)",
     &SubCoreActions::lut_lookups},
    {"mma_macs", "1", "MMA multiply-accumulates", &SubCoreActions::mma_macs},
    {"precompute_adds", "1", "lutpre additions on the CUDA cores",
     &SubCoreActions::precompute_adds},
    {"register_reads", "warp registers", "128-byte warp registers read",
     &SubCoreActions::register_reads},
    {"register_writes", "warp registers", "128-byte warp registers written",
     &SubCoreActions::register_writes},
    {"smem_read_bytes", "bytes", "shared-memory bytes loaded", &SubCoreActions::smem_read_bytes},
    {"smem_write_bytes", "bytes", "shared-memory bytes stored", &SubCoreActions::smem_write_bytes},
    {"smem_wavefronts", "1", "128-byte shared-memory cycles", &SubCoreActions::smem_wavefronts},
};

constexpr Unit kReportedUnits[] = {Unit::kLut, Unit::kMma, Unit::kCuda, Unit::kLsu};
constexpr StallReason kReasons[] = {StallReason::kDependency, StallReason::kRegisterPorts,
                                    StallReason::kSmemBanks, StallReason::kStructural,
                                    StallReason::kBarrier};

std::int64_t count(std::uint64_t v) {
  return static_cast<std::int64_t>(v);
}

}  // namespace

ResultTable sub_core_table(const SubCoreResult& r) {
  std::vector<ResultTable::Column> columns{
      {"cycles", "cycles", "first issue to the last result written"},
      {"instructions", "1", "warp instructions issued"},
      {"ipc", "instr/cycle", "instructions per cycle"}};
  std::vector<ResultTable::Cell> row{count(r.cycles), count(r.instructions), r.ipc};
  for (Unit u : kReportedUnits) {
    columns.push_back({"utilization_" + std::string(to_string(u)), "1", "busy cycles / cycles"});
    row.emplace_back(r.utilization(u));
  }
  for (StallReason why : kReasons) {
    columns.push_back({"stall_" + std::string(to_string(why)) + "_cycles", "cycles",
                       "cycles without issue, the head instruction waiting for this"});
    row.emplace_back(count(r.stalls(why)));
  }
  columns.push_back({"drain_cycles", "cycles", "after the last issue, waiting for results"});
  row.emplace_back(count(r.drain_cycles));
  for (const Counted& c : kActions) {
    columns.push_back({c.name, c.unit, c.description});
    row.emplace_back(count(r.actions.*c.count));
  }
  ResultTable t(std::move(columns));
  t.add_row(std::move(row));
  return t;
}

}  // namespace lutsim::systemc
