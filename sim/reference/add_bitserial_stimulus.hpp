#pragma once
// The index stream of the ADD baseline's bit-serial unit (add_bitserial_unit,
// add_bitserial_unit_pipe), shared by its Verilator bench and its SystemC
// tests, and the golden register model both check it against: dot products
// of 1..4 groups x W_BIT planes; per group K activations (FP16: normal at
// random scales, any encoding, subnormals, cancellation, specials, huge;
// INT8: uniform, extremes, small) and K random weight codes (5% one code for
// all K). Raw encodings, as on the ports.

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"
#include "sim/reference/tile_pipeline.hpp"
#include "sim/reference/tile_reference.hpp"

namespace lutsim::cycle_ref {

// The port values of one cycle of the unit (valid low: a bubble).
struct AddBitserialIn {
  bool valid = false;
  bool first = false;
  bool last = false;
  std::vector<std::uint32_t> x;  // the group's K activations (FP16 bits or INT8)
  unsigned idx = 0;              // the weight plane's K bits, bit i meets x_i
};

// One configuration of the unit.
struct AddBitserialShape {
  int k = 4;
  int w_bit = 2;
  bool integer = false;  // INT8 activations and INT32 accumulator, else FP16 both
  bool symmetric = true;

  // The golden datapath (lut_mpgemm's canonical accumulation): the plane sum
  // is the full table's entry T[idx] of the form (kSymmetricFull digits +-1,
  // kUnsignedFull digits {0, 1}).
  LutGemmConfig golden_config() const {
    LutGemmConfig lut;
    lut.geometry.k = k;
    lut.weight_bits = w_bit;
    lut.geometry.table_form = symmetric ? TableForm::kSymmetricFull : TableForm::kUnsignedFull;
    lut.activation = integer ? DataType::kInt8 : DataType::kFp16;
    lut.table_format = integer ? TableEntryFormat::kInteger : TableEntryFormat::kFp16;
    lut.accumulator = integer ? DataType::kInt32 : DataType::kFp16;
    lut.validate();
    return lut;
  }
  // The value of an activation encoding.
  double activation_value(std::uint32_t bits) const {
    return integer ? static_cast<double>(static_cast<std::int8_t>(bits & 0xFFu))
                   : Fp16::from_bits(static_cast<std::uint16_t>(bits)).to_double();
  }
};

// A vector of the stream with what the stream knows of it: its plane and its
// group's table (precompute_table of the golden datapath).
struct AddBitserialStep {
  AddBitserialIn in;
  int plane = 0;
  LutTable table;
};

class AddBitserialStimulus {
 public:
  AddBitserialStimulus(const AddBitserialShape& shape, std::uint64_t seed)
      : shape_(shape), lut_(shape.golden_config()), rng_(seed) {}

  // The next index of the stream (valid; in_first on a dot product's first
  // index, in_last on its last).
  AddBitserialStep next() {
    AddBitserialStep s;
    s.in.valid = true;
    if (groups_left_ == 0) {
      groups_left_ = 1 + static_cast<int>(rng_() % 4);
      new_group();
      s.in.first = true;
    } else if (plane_ == shape_.w_bit) {
      new_group();
    }
    s.plane = plane_;
    s.table = table_;
    s.in.x = x_;
    for (int i = 0; i < shape_.k; ++i) s.in.idx |= ((codes_[i] >> plane_) & 1u) << i;
    if (++plane_ == shape_.w_bit && --groups_left_ == 0) s.in.last = true;
    ++vectors_;
    return s;
  }

  // A reset dropped the dot product in progress: the next index starts one.
  void restart() { groups_left_ = 0; }

  const AddBitserialShape& shape() const { return shape_; }
  std::uint64_t vectors() const { return vectors_; }
  // The stream's generator, for junk on ignored inputs.
  std::mt19937_64& rng() { return rng_; }

 private:
  void new_group() {
    const int dist = static_cast<int>(rng_() % (shape_.integer ? 3 : 6));
    x_.assign(static_cast<std::size_t>(shape_.k), 0u);
    std::vector<double> values(x_.size());
    for (std::size_t i = 0; i < x_.size(); ++i) {
      x_[i] =
          shape_.integer ? int8_activation(dist) : fp16_activation(dist, i == 0 ? rng_() : x_[0]);
      values[i] = shape_.activation_value(x_[i]);
    }
    const bool constant = rng_() % 20 == 0;
    const auto shared = static_cast<unsigned>(rng_() % (1u << shape_.w_bit));
    codes_.assign(x_.size(), 0u);
    for (unsigned& code : codes_)
      code = constant ? shared : static_cast<unsigned>(rng_() % (1u << shape_.w_bit));
    table_ = precompute_table(values, lut_);
    plane_ = 0;
  }

  std::uint32_t int8_activation(int dist) {
    const int v = dist == 0   ? static_cast<int>(rng_() % 256) - 128
                  : dist == 1 ? (rng_() % 2 ? 127 : -128)
                              : static_cast<int>(rng_() % 9) - 4;
    return static_cast<std::uint32_t>(v) & 0xFFu;
  }

  std::uint32_t fp16_activation(int dist, std::uint64_t x0) {
    static const std::vector<std::uint16_t> kSpecials = {0x0000, 0x8000, 0x0001, 0x83FF, 0x0400,
                                                         0x3C00, 0xBC00, 0x7BFF, 0xFBFF, 0x7C00,
                                                         0xFC00, 0x7E00, 0x7C01, 0x4000};
    const auto r = [&](std::uint64_t n) { return rng_() % n; };
    const auto with_exp = [&](int exp) {
      return static_cast<std::uint16_t>((rng_() & 0x8000u) | (exp << 10) | (rng_() & 0x3FFu));
    };
    switch (dist) {
      case 0: {
        std::normal_distribution<double> normal(0.0, std::ldexp(1.0, static_cast<int>(r(25)) - 16));
        return Fp16::from_double(normal(rng_)).bits();
      }
      case 1:
        return static_cast<std::uint16_t>(rng_());
      case 2:
        return with_exp(r(4) == 0 ? 1 : 0);
      case 3:  // cancellation: +-x0
        return static_cast<std::uint16_t>((x0 ^ (rng_() & 0x8000u)) & 0xFFFFu);
      case 4:
        return r(2) == 0 ? kSpecials[r(kSpecials.size())] : with_exp(10 + static_cast<int>(r(10)));
      default:
        return with_exp(24 + static_cast<int>(r(7)));
    }
  }

  AddBitserialShape shape_;
  LutGemmConfig lut_;
  std::mt19937_64 rng_;
  int groups_left_ = 0;  // groups left in the dot product, this one included
  int plane_ = 0;        // the next index's plane in the group
  std::vector<std::uint32_t> x_;
  std::vector<unsigned> codes_;
  LutTable table_;
  std::uint64_t vectors_ = 0;
};

// The golden register model of the unit, from the stream's own planes and
// tables (not a plane counter of its own): the index accepted PIPE_STAGES
// edges ago does acc <- lookup_accumulate(in_first ? +0 : acc, T, idx, plane)
// (lut_mpgemm's canonical accumulation), out_valid = its in_last; a reset
// clears acc and out_valid and flushes the indices in flight.
class AddBitserialGolden {
 public:
  AddBitserialGolden(const AddBitserialShape& shape, int pipe_stages)
      : lut_(shape.golden_config()), flight_(pipe_stages, AddBitserialStep{}) {}

  void clock(bool reset, const AddBitserialStep& step) {
    if (reset) {
      flight_.fill(AddBitserialStep{});
      acc_ = 0;
      out_valid_ = false;
      return;
    }
    const AddBitserialStep s = flight_.shift(step);
    out_valid_ = s.in.valid && s.in.last;
    if (s.in.valid) acc_ = lookup_accumulate(acc_, s.in.first, s.table, s.in.idx, s.plane, lut_);
  }
  std::uint32_t acc() const { return acc_; }
  bool out_valid() const { return out_valid_; }

 private:
  LutGemmConfig lut_;
  DelayLine<AddBitserialStep> flight_;
  std::uint32_t acc_ = 0;
  bool out_valid_ = false;
};

}  // namespace lutsim::cycle_ref
