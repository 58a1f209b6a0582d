#pragma once
// The shape of a LUT array, in the one vocabulary every layer uses: the
// hardware specs, the golden numerics, the PPA design points and the RTL
// benches. YAML keys keep their own spellings (array_k, group_size, K) and are
// read into these fields.

#include <cstdint>
#include <string>

namespace lutsim {

// How weights index the table.
enum class TableForm {
  // Conventional LUT: weight bits are digits {0, 1}; 2^k subset sums stored.
  kUnsignedFull,
  // Reinterpreted weights (odd integers, digits {-1, +1}); all 2^k entries.
  kSymmetricFull,
  // Reinterpreted weights, odd-symmetric table: 2^(k-1) entries stored and
  // one index bit selects negation (the LUT Tensor Core form).
  kSymmetricHalf,
};

// An M x N x K array pass: M tables (one per row, each built from k
// activations) broadcast along N columns, each column looking up one k-bit
// weight group per table. A LUT dot unit is the 1 x 1 case; the golden
// numerics read only k and the table form.
struct LutArrayGeometry {
  static constexpr int kMinK = 2;
  static constexpr int kMaxK = 6;

  int m = 1;  // tables per pass (rows)
  int n = 1;  // weight groups per pass (columns)
  int k = 4;  // the table group size: activations per table, index bits per lookup
  TableForm table_form = TableForm::kSymmetricHalf;

  // Weights reinterpreted as odd integers (digits +-1): either symmetric form.
  bool symmetric() const { return table_form != TableForm::kUnsignedFull; }
  // Entries stored per table: 2^(k-1) for the half form, 2^k otherwise.
  int table_entries() const;
  // Table lookups per pass (one per row and column).
  std::int64_t lookups_per_pass() const { return static_cast<std::int64_t>(m) * n; }
  // One-bit weight x activation products per pass (k per lookup).
  std::int64_t one_bit_macs_per_pass() const { return lookups_per_pass() * k; }
  // "M2N64K4".
  std::string shape_name() const;

  // Throws std::invalid_argument naming the first field out of range:
  // k in [kMinK, kMaxK], m and n >= 1.
  void validate() const;

  bool operator==(const LutArrayGeometry&) const = default;
};

}  // namespace lutsim
