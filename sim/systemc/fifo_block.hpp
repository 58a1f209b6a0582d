#pragma once
// The SystemC shell every cycle-level unit model shares: a clocked thread
// around a plain C++ core with a bounded FIFO of beats in and a bounded FIFO
// of results out, so a producer and a consumer can stall it. A unit's module
// derives from FifoBlock and says only how its core is reset and clocked.

#include <cstdint>
#include <optional>
#include <ostream>
#include <systemc>
#include <utility>
#include <vector>

namespace lutsim::systemc {

// What a block did at one clock edge.
struct BlockEdge {
  std::uint64_t cycle = 0;  // edges since the start, 1 for the first
  bool reset = false;
  int beats_taken = 0;   // beats read from `in` (a reset flushes every queued beat)
  bool stalled = false;  // a result waited for room in `out`, so no beat was taken
};

// A finished dot product: the accumulators (acc[m * N + n], raw bits) and the
// edge at which the unit's out_valid rose.
struct TileResult {
  std::vector<std::uint32_t> acc;
  std::uint64_t cycle = 0;
};

// sc_fifo prints its contents with this.
inline std::ostream& operator<<(std::ostream& os, const TileResult& result) {
  return os << "result(" << result.acc.size() << " accumulators, cycle " << result.cycle << ")";
}

// Every rising edge of clk:
// - rst high: the FIFO `in` is flushed, a held result dropped, the core reset;
// - a result held from an earlier edge is offered to `out` first; while it
//   waits the core is not clocked (back-pressure: no beat is taken, and a
//   pipelined core holds what is in flight, as a stall of its clock enable);
// - otherwise one beat is taken from `in` if there is one (else none is
//   presented) and the core clocked with it; a result it finishes at this
//   edge goes to `out` at this edge, or is held until `out` has room.
// With `in` never empty and `out` never full the block is cycle for cycle
// its core, and so the RTL the core models.
template <class Beat, class Result>
class FifoBlock : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<bool> rst;
  sc_core::sc_fifo_in<Beat> in;
  sc_core::sc_fifo_out<Result> out;

  const BlockEdge& last_edge() const { return edge_; }
  std::uint64_t stall_cycles() const { return stall_cycles_; }

 protected:
  explicit FifoBlock(const sc_core::sc_module_name& name)
      : sc_core::sc_module(name), clk("clk"), rst("rst"), in("in"), out("out") {
    SC_HAS_PROCESS(FifoBlock);
    SC_THREAD(run);
    sensitive << clk.pos();
    dont_initialize();
  }

  // A reset edge of the core.
  virtual void reset_core() = 0;
  // One edge of the core sampling `beat` (nullptr: none presented); the
  // result it finished at this edge (last_edge().cycle), if any.
  virtual std::optional<Result> clock_core(const Beat* beat) = 0;

 private:
  void run() {
    for (;;) {
      edge_ = {.cycle = edge_.cycle + 1, .reset = rst.read()};
      if (edge_.reset) {
        while (in->nb_read(beat_)) ++edge_.beats_taken;
        held_.reset();
        reset_core();
      } else {
        if (held_ && out->nb_write(*held_)) held_.reset();
        if (held_) {  // the core is not clocked: what is in flight stays
          edge_.stalled = true;
          ++stall_cycles_;
        } else {
          take_beat();
        }
      }
      wait();
    }
  }

  void take_beat() {
    const bool took = in->nb_read(beat_);
    edge_.beats_taken = took ? 1 : 0;
    std::optional<Result> result = clock_core(took ? &beat_ : nullptr);
    if (result && !out->nb_write(*result)) held_ = std::move(result);
  }

  Beat beat_;
  std::optional<Result> held_;
  BlockEdge edge_;
  std::uint64_t stall_cycles_ = 0;
};

}  // namespace lutsim::systemc
