#pragma once
// The registers a pipelined lut_array (PIPE_STAGES, docs/rtl.md) adds around
// the unpipelined datapath, as the cycle models see them: stage 2 delays what
// the datapath samples (an input register on every port, whose valid bit a
// reset clears; table writes pass it and are applied even in a reset cycle,
// as the table registers have no reset); stage 1 delays what the outputs show
// (the lookup register in front of the accumulators and the out_valid
// register after the sequencer). A reset flushes the outputs in flight: after
// it they show the reset state, as the RTL's cleared valid bits make them.

#include <algorithm>
#include <deque>
#include <utility>

namespace lutsim::cycle_ref {

// Edges of delay on each side of the unpipelined datapath.
struct PipeSplit {
  int input_stages = 0;   // stage 2: the input register
  int output_stages = 0;  // stage 1: the lookup register

  static PipeSplit of(int pipe_stages) {
    return {.input_stages = pipe_stages >= 2 ? 1 : 0, .output_stages = pipe_stages >= 1 ? 1 : 0};
  }
};

// A chain of `depth` registers holding values of T.
template <class T>
class DelayLine {
 public:
  DelayLine(int depth, const T& initial) : slots_(static_cast<std::size_t>(depth), initial) {}

  // One edge: `value` enters, the value that entered `depth` edges ago leaves
  // (depth 0: `value` itself).
  T shift(T value) {
    if (slots_.empty()) return value;
    slots_.push_back(std::move(value));
    T out = std::move(slots_.front());
    slots_.pop_front();
    return out;
  }
  // Every register set to `value` (a reset).
  void fill(const T& value) { std::fill(slots_.begin(), slots_.end(), value); }

 private:
  std::deque<T> slots_;
};

// The two delays around a tile's datapath: In is what the datapath samples
// per edge, Out what the tile shows after it.
template <class In, class Out>
class TilePipeline {
 public:
  TilePipeline(int pipe_stages, const In& bubble, const Out& reset_outputs)
      : input_(PipeSplit::of(pipe_stages).input_stages, bubble),
        output_(PipeSplit::of(pipe_stages).output_stages, reset_outputs),
        shown_(reset_outputs) {}

  // `in` enters the input register (the caller clears its valid bit in a
  // reset cycle); returns what the datapath samples at this edge.
  In enter(In in) { return input_.shift(std::move(in)); }
  // The datapath's outputs after this edge enter the output registers, which
  // a reset first sets to them (the reset state); returns what the tile shows.
  const Out& leave(bool reset, Out out) {
    if (reset) output_.fill(out);
    shown_ = output_.shift(std::move(out));
    return shown_;
  }
  const Out& shown() const { return shown_; }

 private:
  DelayLine<In> input_;
  DelayLine<Out> output_;
  Out shown_;
};

}  // namespace lutsim::cycle_ref
