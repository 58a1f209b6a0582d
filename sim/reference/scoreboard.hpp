#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lutsim::cycle_ref {

// Expected against observed values of one design under test: counts every
// comparison and every mismatch, and keeps a report line for the first few
// mismatches ("MISMATCH <name> cycle <c>: <what>: got 0x.. want 0x.."), which
// the bench prints. Values are raw bits.
class Scoreboard {
 public:
  explicit Scoreboard(std::string name, std::size_t reports_kept = 10);

  const std::string& name() const { return name_; }
  // Compares one value; true if it matched. `describe()` names the value
  // (called only for a mismatch, so the check costs no formatting).
  template <class Describe>
  bool check(std::uint64_t cycle, std::uint64_t got, std::uint64_t want, Describe&& describe) {
    ++checks_;
    if (got == want) return true;
    if (mismatches_++ < reports_kept_) record(cycle, describe(), got, want);
    return false;
  }
  bool check(std::uint64_t cycle, std::string_view what, std::uint64_t got, std::uint64_t want) {
    return check(cycle, got, want, [what] { return std::string(what); });
  }

  std::uint64_t checks() const { return checks_; }
  std::uint64_t mismatches() const { return mismatches_; }
  // Reports not yet taken, oldest first; taking them empties the list.
  std::vector<std::string> take_reports();

 private:
  void record(std::uint64_t cycle, const std::string& what, std::uint64_t got, std::uint64_t want);

  std::string name_;
  std::size_t reports_kept_;
  std::uint64_t checks_ = 0;
  std::uint64_t mismatches_ = 0;
  std::vector<std::string> reports_;
};

// How many expected FP16 values of each class a bench compared: evidence
// that the stimulus reached the corner cases.
struct Fp16Coverage {
  std::uint64_t nan = 0;
  std::uint64_t inf = 0;
  std::uint64_t subnormal = 0;
  std::uint64_t zero = 0;

  void count(std::uint16_t bits);
  Fp16Coverage& operator+=(const Fp16Coverage& other);
  // "12 NaN, 3 infinite, 40 subnormal, 7 zero".
  std::string text() const;
};

}  // namespace lutsim::cycle_ref
