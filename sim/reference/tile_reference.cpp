#include "sim/reference/tile_reference.hpp"

#include <algorithm>
#include <cmath>

#include "core/numerics/fp16.hpp"

namespace lutsim::cycle_ref {

std::uint32_t lookup_accumulate(std::uint32_t acc, bool restart, const LutTable& table,
                                unsigned idx, int plane, const LutGemmConfig& cfg) {
  const double term = std::ldexp(table_lookup(table, idx, cfg), plane);
  if (cfg.accumulator == DataType::kInt32) {
    const std::int64_t base = restart ? 0 : static_cast<std::int32_t>(acc);
    return static_cast<std::uint32_t>(base + static_cast<std::int64_t>(term));
  }
  const double base = restart ? 0.0 : fp16_value(acc);
  return fp16_round(base + term).bits();
}

TileReference::TileReference(TileShape shape)
    : shape_(shape),
      rows_(shape.geometry.m),
      acc_(static_cast<std::size_t>(shape.geometry.m * shape.geometry.n), 0u),
      group_sum_(acc_.size(), 0.0),
      pipeline_(shape.pipe_stages, TileCycle{}, Outputs{acc_, false, {}}) {}

void TileReference::clock(const TileCycle& cycle) {
  TileCycle entering = cycle;
  if (cycle.reset) {  // the input register's valid bit clears
    entering.in.valid = false;
    entering.result_due.reset();
  }
  step(cycle.reset, pipeline_.enter(std::move(entering)));
  pipeline_.leave(cycle.reset, {acc_, out_valid_, result_due_});
}

void TileReference::step(bool reset, const TileCycle& seen) {
  const CycleInputs& in = seen.in;
  out_valid_ = false;
  result_due_.reset();
  if (reset) {
    std::fill(acc_.begin(), acc_.end(), 0u);
    step_ = 0;
  } else if (in.valid) {
    if (in.first) step_ = 0;
    accumulate_vector(shape_, step_, in.first, in.idx, rows_, acc_, group_sum_);
    step_ += shape_.groups_per_pass();
    out_valid_ = in.last;
    result_due_ = seen.result_due;
  }
  for (const TableLoad& l : seen.loads) load(l);
}

void TileReference::load(const TableLoad& l) {
  const auto row = static_cast<std::size_t>(l.row);
  rows_.tables[row] = l.tables;
  rows_.cfg[row] = l.cfg;
}

namespace {

void accumulate_quantized(const TileShape& shape, int step, bool first,
                          const std::vector<unsigned>& idx, const RowTables& rows,
                          std::vector<std::uint32_t>& acc, std::vector<double>& group_sum) {
  const int plane = step % shape.w_bit;
  const int n_count = shape.geometry.n;
  for (int m = 0; m < shape.geometry.m; ++m) {
    const LutTable& table = rows.tables[static_cast<std::size_t>(m)][0];
    const auto& cfg = rows.cfg[static_cast<std::size_t>(m)];
    for (int n = 0; n < n_count; ++n) {
      const auto i = static_cast<std::size_t>(m * n_count + n);
      if (first) acc[i] = 0u;
      if (plane == 0) group_sum[i] = 0.0;
      group_sum[i] += std::ldexp(table_lookup(table, idx[static_cast<std::size_t>(n)], cfg), plane);
      if (plane == shape.w_bit - 1) {
        const double dequantized = fp16_round(table.scale * group_sum[i]).to_double();
        acc[i] = fp16_round(fp16_value(acc[i]) + dequantized).bits();
      }
    }
  }
}

void accumulate_tables(const TileShape& shape, int step, bool first,
                       const std::vector<unsigned>& idx, const RowTables& rows,
                       std::vector<std::uint32_t>& acc) {
  const int per_pass = shape.groups_per_pass();
  const int k = shape.geometry.k;
  const int n_count = shape.geometry.n;
  for (int q = 0; q < per_pass; ++q) {  // the cycle's canonical steps, in order
    const int s = step + q;
    const int plane = s % shape.w_bit;
    const auto local_group = static_cast<std::size_t>((s / shape.w_bit) % per_pass);
    const bool restart = first && q == 0;
    for (int m = 0; m < shape.geometry.m; ++m) {
      const auto& table = rows.tables[static_cast<std::size_t>(m)][local_group];
      const auto& cfg = rows.cfg[static_cast<std::size_t>(m)];
      for (int n = 0; n < n_count; ++n) {
        auto& a = acc[static_cast<std::size_t>(m * n_count + n)];
        const unsigned i = (idx[static_cast<std::size_t>(n)] >> (q * k)) & ((1u << k) - 1u);
        a = lookup_accumulate(a, restart, table, i, plane, cfg);
      }
    }
  }
}

}  // namespace

void accumulate_vector(const TileShape& shape, int step, bool first,
                       const std::vector<unsigned>& idx, const RowTables& rows,
                       std::vector<std::uint32_t>& acc, std::vector<double>& group_sum) {
  if (shape.quantized) {
    accumulate_quantized(shape, step, first, idx, rows, acc, group_sum);
  } else {
    accumulate_tables(shape, step, first, idx, rows, acc);
  }
  // A narrower integer accumulator keeps the low bits: congruent modulo 2^width with the
  // INT32 sum, so accumulating onto them and keeping the low bits again stays exact.
  for (std::uint32_t& a : acc) a = shape.acc_register(a);
}

}  // namespace lutsim::cycle_ref
