#pragma once
// One SM sub-core running one warp's LMMA program, cycle by cycle, without
// SystemC (sub_core_module.hpp is the shell): an in-order warp scheduler
// issuing up to issue_width instructions a cycle, a scoreboard (RAW, WAW and
// WAR on warp registers), the banked register file's read and write cycles,
// the LUT tensor core (lmma), the MMA tensor core (mma), the CUDA cores
// (lutpre) and the load/store unit with banked shared memory. Values are
// computed at issue, in program order, by instruction_semantics; the timing
// model decides when. docs/systemc.md, "The sub-core", states every rule.

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

#include "compiler/program/lmma_program.hpp"
#include "sim/systemc/subcore/decoded_program.hpp"
#include "sim/systemc/subcore/register_file.hpp"
#include "sim/systemc/subcore/shared_memory.hpp"

namespace lutsim::systemc {

// Why the scheduler issued nothing in a cycle (the instruction at the head).
enum class StallReason {
  kDependency,  // a source not yet written (RAW), a destination still to be written (WAW) or read
                // (WAR)
  kRegisterPorts,  // the register banks are still collecting an earlier instruction's sources
  kSmemBanks,      // the load/store unit is busy with an earlier access's conflict wavefronts
  kStructural,     // the unit is busy with earlier work (no conflicts involved)
  kBarrier,        // bar.sync waiting for every earlier instruction
};
inline constexpr int kStallReasons = 5;
std::string_view to_string(StallReason r);
std::string_view to_string(Unit u);

// What the sub-core did, for ppa/ to price (counts, no energy).
struct SubCoreActions {
  std::uint64_t instructions = 0;
  std::uint64_t lut_index_vectors = 0;  // LUT array index vectors
  std::uint64_t lut_lookups = 0;        // table lookup-accumulates (one lookup + one add each)
  std::uint64_t mma_macs = 0;           // MMA multiply-accumulates
  std::uint64_t precompute_adds = 0;    // lutpre additions on the CUDA cores
  std::uint64_t register_reads = 0;     // warp registers (128 bytes) read
  std::uint64_t register_writes = 0;    // warp registers written
  std::uint64_t smem_read_bytes = 0;
  std::uint64_t smem_write_bytes = 0;
  std::uint64_t smem_wavefronts = 0;  // 128-byte shared-memory cycles
};

struct SubCoreResult {
  std::uint64_t cycles = 0;  // first issue opportunity to the last result written
  std::uint64_t instructions = 0;
  double ipc = 0.0;
  std::array<std::uint64_t, kUnits> unit_busy_cycles{};     // by Unit
  std::array<std::uint64_t, kStallReasons> stall_cycles{};  // cycles with no issue, by reason
  std::uint64_t drain_cycles = 0;  // after the last issue, waiting for results
  SubCoreActions actions;

  std::uint64_t stalls(StallReason why) const {
    return stall_cycles[static_cast<std::size_t>(why)];
  }
  double utilization(Unit u) const {
    return cycles == 0
               ? 0.0
               : static_cast<double>(unit_busy_cycles[static_cast<std::size_t>(u)]) / cycles;
  }
};

// What one clock() did, for waveforms (sub_core_vcd.hpp): recorded only after
// SubCore::record_cycle_states().
struct CycleState {
  int issued = 0;  // instructions issued this cycle
  // The stall reason when nothing issued while an instruction was waiting, else -1.
  int stall = -1;
  int line = 0;                     // source line of the first instruction issued (0: none)
  std::array<bool, kUnits> busy{};  // by Unit: occupied this cycle
};

class SubCore {
 public:
  // Whether instructions compute their values (kTimingAndValues) or only
  // their timing and action counts (kTimingOnly: registers and shared memory
  // stay as they were; for throughput runs whose operand values do not matter).
  enum class Mode { kTimingAndValues, kTimingOnly };

  // Throws UnsupportedSubCore (from decode_program) for what it cannot run.
  SubCore(const SubCoreConfig& config, lmma::Program program, Mode mode = Mode::kTimingAndValues);
  // The decoded program points into the sub-core's own copy of the program:
  // moving keeps those pointers, copying would not.
  SubCore(SubCore&&) = default;
  SubCore(const SubCore&) = delete;
  SubCore& operator=(const SubCore&) = delete;

  // The state a program starts from: fill shared memory (and registers) first.
  SharedMemory& shared_memory() { return smem_; }
  RegisterFile& registers() { return registers_; }
  const RegisterFile& registers() const { return registers_; }
  const DecodedProgram& program() const { return program_; }

  // One clock cycle: issue what can issue. Throws SharedMemoryFault (with the
  // line) for a bad address.
  void clock();
  // Every instruction issued and every result written.
  bool done() const;
  // Clocks until done(); returns result(). `progress`, if given, is called
  // with the instructions issued and the program's total
  // (dynamic_instructions) every 2^20 cycles, and at the end of a run that
  // long (a short run reports nothing).
  using Progress = std::function<void(std::uint64_t issued, std::uint64_t total)>;
  static constexpr std::uint64_t kCyclesPerReport = std::uint64_t{1} << 20;
  const SubCoreResult& run(const Progress& progress = {});
  std::uint64_t cycle() const { return cycle_; }
  const SubCoreResult& result();

  // From now on every clock() records what it did in cycle_state().
  void record_cycle_states() { record_states_ = true; }
  const CycleState& cycle_state() const { return state_; }

 private:
  struct LoopFrame {
    int body = 0;  // first step of the body
    std::int64_t remaining = 0;
    std::int64_t counter = 0;
  };

  // Moves pc_ past repeat markers to the next instruction (or the end).
  void advance_to_instruction();
  // The head instruction issues now, or why not.
  std::optional<StallReason> blocked(const DecodedInstruction& d) const;
  void issue(const DecodedInstruction& d);
  void evaluate_addresses(const DecodedInstruction& d);
  // Scoreboard entries of register r.first + i.
  std::uint64_t& written_at(const RegisterRange& r, int i);
  std::uint64_t& read_until(const RegisterRange& r, int i);
  std::uint64_t written_at(const RegisterRange& r, int i) const;
  std::uint64_t read_until(const RegisterRange& r, int i) const;

  SubCoreConfig config_;
  Mode mode_;
  lmma::Program source_;
  DecodedProgram program_;
  RegisterFile registers_;
  SharedMemory smem_;

  std::size_t pc_ = 0;
  std::vector<LoopFrame> loops_;
  std::uint64_t cycle_ = 0;
  // Scoreboard, per class and register: the cycle its pending write lands
  // (readable from then) and the cycle its pending reads end.
  std::vector<std::vector<std::uint64_t>> written_at_;
  std::vector<std::vector<std::uint64_t>> read_until_;
  std::uint64_t ports_free_at_ = 0;        // register banks free to collect
  std::uint64_t write_ports_free_at_ = 0;  // register banks free to write back
  std::array<std::uint64_t, kUnits> unit_free_at_{};
  std::uint64_t lsu_conflict_free_at_ = 0;  // when the LSU would be free without conflicts
  std::uint64_t all_done_at_ = 0;           // the last result written
  std::uint64_t last_issue_ = 0;
  std::vector<std::int64_t> addresses_;  // the head memory instruction's lane addresses
  SubCoreResult result_;
  bool record_states_ = false;
  CycleState state_;
  // Per unit, the occupancy intervals [start, end) not yet over (recorded states only).
  std::array<std::deque<std::pair<std::uint64_t, std::uint64_t>>, kUnits> occupied_;
  void record_state(int issued, int stall, int line);
};

}  // namespace lutsim::systemc
