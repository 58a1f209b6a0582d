#pragma once
// What every Verilator bench shares: its command line, the Verilated model
// with its context and clock, and the pass/fail report.

#include <verilated.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lutsim::rtl_bench {

// The command line every RTL bench takes after its positional arguments:
// [--vectors N] [--seed S].
struct BenchArgs {
  std::uint64_t vectors = 100000;
  std::uint64_t seed = 1;
};

// Parses argv from index `first` on over `defaults`; prints `usage` (one
// line) and returns nullopt on anything else (the caller exits with status 2).
inline std::optional<BenchArgs> parse_bench_args(int argc, char** argv, std::string_view usage,
                                                 BenchArgs defaults = {}, int first = 1) {
  BenchArgs a = defaults;
  for (int i = first; i < argc; i += 2) {
    const std::string_view flag = argv[i];
    if (i + 1 >= argc || (flag != "--vectors" && flag != "--seed")) {
      std::fprintf(stderr, "usage: %s\n", std::string(usage).c_str());
      return std::nullopt;
    }
    (flag == "--vectors" ? a.vectors : a.seed) = std::strtoull(argv[i + 1], nullptr, 10);
  }
  return a;
}

// A Verilated design with its own context. A clocked design (ports `clk`
// and `rst`) starts in reset; its registers start random when
// `random_registers` (seeded): it must not read state before writing it.
template <class Model>
class VerilatedDut {
 public:
  static constexpr bool kClocked = requires(Model & m) {
    m.clk;
    m.rst;
  };

  explicit VerilatedDut(std::uint64_t seed = 1, bool random_registers = false)
      : ctx_(std::make_unique<VerilatedContext>()) {
    if (random_registers) {
      ctx_->randReset(2);
      ctx_->randSeed(static_cast<int>(seed & 0x7FFFFFFF));
    }
    model_ = std::make_unique<Model>(ctx_.get(), "dut");
    if constexpr (kClocked) {
      model_->clk = 0;
      model_->rst = 1;
    }
    model_->eval();
  }
  ~VerilatedDut() { model_->final(); }
  VerilatedDut(const VerilatedDut&) = delete;
  VerilatedDut& operator=(const VerilatedDut&) = delete;

  Model& operator*() { return *model_; }
  Model* operator->() { return model_.get(); }
  // Rising edges so far.
  std::uint64_t cycles() const { return cycles_; }

  // Combinational designs: settles the outputs.
  void eval() { model_->eval(); }
  // Rising edge: samples the inputs driven since the last edge.
  void rise() {
    model_->clk = 1;
    model_->eval();
    ctx_->timeInc(1);
    ++cycles_;
  }
  void fall() {
    model_->clk = 0;
    model_->eval();
    ctx_->timeInc(1);
  }
  void tick() {
    rise();
    fall();
  }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Model> model_;
  std::uint64_t cycles_ = 0;
};

// Prints mismatch reports (one per line).
inline void print_reports(const std::vector<std::string>& reports) {
  for (const std::string& r : reports) std::printf("%s\n", r.c_str());
}

// The bench's exit status: 0 only if it passed; says which on stdout.
inline int finish(std::string_view bench, bool pass) {
  std::printf("%s: %s\n", std::string(bench).c_str(), pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}

}  // namespace lutsim::rtl_bench
