#include "sim/systemc/subcore/sub_core.hpp"

#include <algorithm>
#include <string>

#include "compiler/program/program_printer.hpp"
#include "sim/systemc/subcore/instruction_semantics.hpp"

namespace lutsim::systemc {
namespace {

std::size_t unit_index(Unit u) {
  return static_cast<std::size_t>(u);
}

std::uint64_t register_count(const std::vector<RegisterRange>& ranges) {
  std::uint64_t n = 0;
  for (const RegisterRange& r : ranges) n += static_cast<std::uint64_t>(r.count);
  return n;
}

}  // namespace

std::string_view to_string(StallReason r) {
  switch (r) {
    case StallReason::kDependency:
      return "dependency";
    case StallReason::kRegisterPorts:
      return "register_ports";
    case StallReason::kSmemBanks:
      return "smem_banks";
    case StallReason::kStructural:
      return "structural";
    case StallReason::kBarrier:
      return "barrier";
  }
  return "?";
}

std::string_view to_string(Unit u) {
  switch (u) {
    case Unit::kLut:
      return "lut_tensor_core";
    case Unit::kMma:
      return "mma_tensor_core";
    case Unit::kCuda:
      return "cuda_cores";
    case Unit::kLsu:
      return "load_store";
    case Unit::kNone:
      return "none";
  }
  return "?";
}

SubCore::SubCore(const SubCoreConfig& config, lmma::Program program, Mode mode)
    : config_(config),
      mode_(mode),
      source_(std::move(program)),
      program_(decode_program(source_, config)),
      registers_(program_.registers_per_class),
      smem_(config.smem_bytes) {
  for (int n : program_.registers_per_class) {
    written_at_.emplace_back(static_cast<std::size_t>(n), 0);
    read_until_.emplace_back(static_cast<std::size_t>(n), 0);
  }
  addresses_.reserve(kWarpLanes);
  advance_to_instruction();
}

std::uint64_t& SubCore::written_at(const RegisterRange& r, int i) {
  return written_at_[static_cast<std::size_t>(r.cls)][static_cast<std::size_t>(r.first + i)];
}
std::uint64_t& SubCore::read_until(const RegisterRange& r, int i) {
  return read_until_[static_cast<std::size_t>(r.cls)][static_cast<std::size_t>(r.first + i)];
}
std::uint64_t SubCore::written_at(const RegisterRange& r, int i) const {
  return written_at_[static_cast<std::size_t>(r.cls)][static_cast<std::size_t>(r.first + i)];
}
std::uint64_t SubCore::read_until(const RegisterRange& r, int i) const {
  return read_until_[static_cast<std::size_t>(r.cls)][static_cast<std::size_t>(r.first + i)];
}

void SubCore::advance_to_instruction() {
  while (pc_ < program_.steps.size()) {
    const ProgramStep& s = program_.steps[pc_];
    if (s.kind == ProgramStep::kInstruction) return;
    if (s.kind == ProgramStep::kBegin) {
      loops_.push_back({static_cast<int>(pc_) + 1, s.count, 0});
      ++pc_;
      continue;
    }
    LoopFrame& f = loops_.back();
    if (--f.remaining > 0) {
      ++f.counter;
      pc_ = static_cast<std::size_t>(f.body);
    } else {
      loops_.pop_back();
      ++pc_;
    }
  }
}

std::optional<StallReason> SubCore::blocked(const DecodedInstruction& d) const {
  const std::uint64_t t = cycle_;
  if (d.source->opcode == lmma::Opcode::kBarSync) {
    if (all_done_at_ > t) return StallReason::kBarrier;
    return std::nullopt;
  }
  for (const RegisterRange& r : d.reads) {
    for (int i = 0; i < r.count; ++i) {
      if (written_at(r, i) > t) return StallReason::kDependency;
    }
  }
  for (const RegisterRange& r : d.writes) {
    for (int i = 0; i < r.count; ++i) {
      if (written_at(r, i) > t || read_until(r, i) > t) return StallReason::kDependency;
    }
  }
  if (d.read_cycles > 0 && ports_free_at_ > t) return StallReason::kRegisterPorts;
  const std::uint64_t start = t + static_cast<std::uint64_t>(d.read_cycles);
  if (unit_free_at_[unit_index(d.unit)] > start) {
    const bool conflicts = d.unit == Unit::kLsu && lsu_conflict_free_at_ <= start;
    return conflicts ? StallReason::kSmemBanks : StallReason::kStructural;
  }
  return std::nullopt;
}

void SubCore::evaluate_addresses(const DecodedInstruction& d) {
  addresses_.assign(static_cast<std::size_t>(d.active_lanes), 0);
  for (const AddressSlotTerm& term : d.address) {
    for (int lane = 0; lane < d.active_lanes; ++lane) {
      const std::int64_t value = term.slot == kConstantSlot ? 1
                                 : term.slot == kLaneSlot
                                     ? lane
                                     : loops_[static_cast<std::size_t>(term.slot)].counter;
      addresses_[static_cast<std::size_t>(lane)] += term.coefficient * value;
    }
  }
}

void SubCore::issue(const DecodedInstruction& d) {
  const std::uint64_t t = cycle_;
  SubCoreActions& a = result_.actions;
  ++a.instructions;
  last_issue_ = t;
  if (d.source->opcode == lmma::Opcode::kBarSync) return;
  const std::uint64_t start = t + static_cast<std::uint64_t>(d.read_cycles);
  if (d.read_cycles > 0) {
    ports_free_at_ = start;
    for (const RegisterRange& r : d.reads) {
      for (int i = 0; i < r.count; ++i) read_until(r, i) = std::max(read_until(r, i), start);
    }
  }
  std::uint64_t occupancy = static_cast<std::uint64_t>(d.occupancy);
  std::uint64_t latency = static_cast<std::uint64_t>(d.latency);
  if (d.unit == Unit::kLsu) {
    evaluate_addresses(d);
    try {
      check_lane_addresses(addresses_, d.access_bytes, smem_.size());
    } catch (const SharedMemoryFault& e) {
      throw SharedMemoryFault("line " + std::to_string(d.source->line) + ": " +
                              lmma::print_instruction(*d.source) + ": " + e.what());
    }
    const auto wavefronts = static_cast<std::uint64_t>(smem_wavefronts(addresses_, d.access_bytes));
    const int lanes_per_phase = kWavefrontBytes / d.access_bytes;
    const auto phases =
        static_cast<std::uint64_t>((d.active_lanes + lanes_per_phase - 1) / lanes_per_phase);
    occupancy = wavefronts;
    latency = static_cast<std::uint64_t>(config_.spec.smem_latency_cycles) + wavefronts - 1;
    lsu_conflict_free_at_ = start + phases;
    a.smem_wavefronts += wavefronts;
    const auto bytes =
        static_cast<std::uint64_t>(d.access_bytes) * static_cast<std::uint64_t>(d.active_lanes);
    (d.store ? a.smem_write_bytes : a.smem_read_bytes) += bytes;
  }
  unit_free_at_[unit_index(d.unit)] = start + occupancy;
  if (record_states_ && occupancy > 0)
    occupied_[unit_index(d.unit)].emplace_back(start, start + occupancy);
  result_.unit_busy_cycles[unit_index(d.unit)] += occupancy;
  std::uint64_t done_at = start + latency;
  if (!d.writes.empty()) {
    const std::uint64_t writeback = std::max(done_at, write_ports_free_at_);
    done_at = writeback + static_cast<std::uint64_t>(d.write_cycles);
    write_ports_free_at_ = done_at;
    for (const RegisterRange& r : d.writes) {
      for (int i = 0; i < r.count; ++i) written_at(r, i) = done_at;
    }
  }
  all_done_at_ = std::max(all_done_at_, done_at);
  a.lut_index_vectors += static_cast<std::uint64_t>(d.index_vectors);
  a.lut_lookups += static_cast<std::uint64_t>(d.lookups);
  a.mma_macs += static_cast<std::uint64_t>(d.macs);
  a.precompute_adds += static_cast<std::uint64_t>(d.cuda_ops);
  a.register_reads += register_count(d.reads);
  a.register_writes += register_count(d.writes);
  if (mode_ == Mode::kTimingAndValues) execute(d, addresses_, registers_, smem_);
}

void SubCore::clock() {
  int issued = 0, stall = -1, line = 0;
  while (issued < config_.spec.issue_width_instr_per_cycle && pc_ < program_.steps.size()) {
    const DecodedInstruction& d =
        program_.instructions[static_cast<std::size_t>(program_.steps[pc_].instruction)];
    if (const auto reason = blocked(d)) {
      if (issued == 0) {
        ++result_.stall_cycles[static_cast<std::size_t>(*reason)];
        stall = static_cast<int>(*reason);
      }
      break;
    }
    if (issued == 0) line = d.source->line;
    issue(d);
    ++issued;
    ++pc_;
    advance_to_instruction();
  }
  if (issued == 0 && pc_ >= program_.steps.size() && !done()) ++result_.drain_cycles;
  if (record_states_) record_state(issued, stall, line);
  ++cycle_;
}

void SubCore::record_state(int issued, int stall, int line) {
  state_.issued = issued;
  state_.stall = stall;
  state_.line = line;
  for (std::size_t u = 0; u < occupied_.size(); ++u) {
    auto& intervals = occupied_[u];
    while (!intervals.empty() && intervals.front().second <= cycle_) intervals.pop_front();
    state_.busy[u] = !intervals.empty() && intervals.front().first <= cycle_;
  }
}

bool SubCore::done() const {
  return pc_ >= program_.steps.size() && cycle_ >= all_done_at_ &&
         (result_.actions.instructions == 0 || cycle_ > last_issue_);
}

const SubCoreResult& SubCore::run(const Progress& progress) {
  if (!progress) {
    while (!done()) clock();
    return result();
  }
  const std::uint64_t total = dynamic_instructions(program_);
  while (!done()) {
    clock();
    if (cycle_ % kCyclesPerReport == 0) progress(result_.actions.instructions, total);
  }
  if (cycle_ >= kCyclesPerReport) progress(result_.actions.instructions, total);
  return result();
}

const SubCoreResult& SubCore::result() {
  result_.cycles = std::max(all_done_at_, result_.actions.instructions == 0 ? 0 : last_issue_ + 1);
  result_.instructions = result_.actions.instructions;
  result_.ipc =
      result_.cycles == 0 ? 0.0 : static_cast<double>(result_.instructions) / result_.cycles;
  return result_;
}

}  // namespace lutsim::systemc
