#include "sim/systemc/subcore/instruction_semantics.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/lut/lut_mpgemm.hpp"
#include "core/lut/lut_table.hpp"
#include "core/lut/mac_dot_reference.hpp"
#include "core/numerics/fp16.hpp"
#include "core/numerics/fp8.hpp"

namespace lutsim::systemc {
namespace {

using lmma::Instruction;

template <class T>
T read_le(std::span<const std::uint8_t> bytes, std::int64_t offset) {
  T v;
  std::memcpy(&v, bytes.data() + offset, sizeof(T));
  return v;
}
template <class T>
void write_le(std::span<std::uint8_t> bytes, std::int64_t offset, T v) {
  std::memcpy(bytes.data() + offset, &v, sizeof(T));
}

unsigned weight_code(std::span<const std::uint8_t> bytes, std::int64_t i, int bits) {
  unsigned code = 0;
  for (int b = 0; b < bits; ++b) {
    const std::int64_t bit = i * bits + b;
    code |= ((bytes[static_cast<std::size_t>(bit / 8)] >> (bit % 8)) & 1u) << b;
  }
  return code;
}

// Table t of a T operand (layout of docs/lmma.md).
}  // namespace

LutTable load_table(std::span<const std::uint8_t> bytes, std::int64_t t, const LutGemmConfig& cfg) {
  const std::int64_t entries = cfg.geometry.table_entries();
  LutTable table;
  table.entries.resize(static_cast<std::size_t>(entries));
  if (cfg.table_format == TableEntryFormat::kInt8Quantized) {
    const std::int64_t base = t * (entries + 2);
    for (std::int64_t e = 0; e < entries; ++e) {
      table.entries[static_cast<std::size_t>(e)] =
          static_cast<std::int8_t>(bytes[static_cast<std::size_t>(base + e)]);
    }
    table.scale = Fp16::from_bits(read_le<std::uint16_t>(bytes, base + entries)).to_double();
    return table;
  }
  const DataType type = table_entry_dtype(cfg.table_format);
  for (std::int64_t e = 0; e < entries; ++e) {
    table.entries[static_cast<std::size_t>(e)] = load_element(bytes, t * entries + e, type);
  }
  return table;
}

void store_table(std::span<std::uint8_t> bytes, std::int64_t t, const LutTable& table,
                 const LutGemmConfig& cfg) {
  const auto entries = static_cast<std::int64_t>(table.entries.size());
  if (cfg.table_format == TableEntryFormat::kInt8Quantized) {
    const std::int64_t base = t * (entries + 2);
    for (std::int64_t e = 0; e < entries; ++e) {
      bytes[static_cast<std::size_t>(base + e)] = static_cast<std::uint8_t>(
          static_cast<std::int8_t>(table.entries[static_cast<std::size_t>(e)]));
    }
    write_le<std::uint16_t>(bytes, base + entries, Fp16::from_double(table.scale).bits());
    return;
  }
  const DataType type = table_entry_dtype(cfg.table_format);
  for (std::int64_t e = 0; e < entries; ++e) {
    store_element(bytes, t * entries + e, type, table.entries[static_cast<std::size_t>(e)]);
  }
}

namespace {

void execute_lutpre(const DecodedInstruction& in, RegisterFile& rf) {
  const LutGemmConfig& cfg = in.datapath;
  const lmma::MatrixShape& s = in.source->shape;
  const int k = cfg.geometry.k;
  const auto a = rf.fragment(in.reads[0]);
  const auto t = rf.fragment(in.writes[0]);
  std::vector<double> x(static_cast<std::size_t>(k));
  for (int m = 0; m < s.m; ++m) {
    for (int g = 0; g < s.k / k; ++g) {
      for (int i = 0; i < k; ++i) {
        x[static_cast<std::size_t>(i)] =
            load_element(a, static_cast<std::int64_t>(m) * s.k + g * k + i, cfg.activation);
      }
      store_table(t, static_cast<std::int64_t>(m) * (s.k / k) + g, precompute_table(x, cfg), cfg);
    }
  }
}

void execute_lmma(const DecodedInstruction& in, RegisterFile& rf) {
  const LutGemmConfig& cfg = in.datapath;
  const lmma::MatrixShape& s = in.source->shape;
  const int k = cfg.geometry.k;
  const int groups = s.k / k;
  const auto t = rf.fragment(in.reads[0]);
  const auto w = rf.fragment(in.reads[1]);
  const auto c = rf.fragment(in.reads[2]);
  std::vector<LutTable> tables;
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(s.m) * groups; ++i) {
    tables.push_back(load_table(t, i, cfg));
  }
  std::vector<double> acc(static_cast<std::size_t>(s.m) * s.n);
  for (std::size_t i = 0; i < acc.size(); ++i)
    acc[i] = load_element(c, static_cast<std::int64_t>(i), cfg.accumulator);
  std::vector<unsigned> idx(static_cast<std::size_t>(cfg.weight_bits));
  for (int n = 0; n < s.n; ++n) {
    for (int g = 0; g < groups; ++g) {
      std::fill(idx.begin(), idx.end(), 0u);
      for (int i = 0; i < k; ++i) {
        const unsigned code =
            weight_code(w, static_cast<std::int64_t>(n) * s.k + g * k + i, cfg.weight_bits);
        for (int j = 0; j < cfg.weight_bits; ++j)
          idx[static_cast<std::size_t>(j)] |= ((code >> j) & 1u) << i;
      }
      for (int m = 0; m < s.m; ++m) {
        double& a = acc[static_cast<std::size_t>(m) * s.n + n];
        a = lut_accumulate_group(a, tables[static_cast<std::size_t>(m) * groups + g], idx, cfg);
      }
    }
  }
  const auto d = rf.fragment(in.writes[0]);
  for (std::size_t i = 0; i < acc.size(); ++i)
    store_element(d, static_cast<std::int64_t>(i), cfg.accumulator, acc[i]);
}

template <class Elem, class Load, class Step>
void mma_rows(const lmma::MatrixShape& s, Load load, Step step) {
  std::vector<Elem> a(static_cast<std::size_t>(s.k));
  std::vector<Elem> b(static_cast<std::size_t>(s.k));
  for (int m = 0; m < s.m; ++m) {
    for (int n = 0; n < s.n; ++n) {
      for (int i = 0; i < s.k; ++i) {
        a[static_cast<std::size_t>(i)] = load(0, static_cast<std::int64_t>(m) * s.k + i);
        b[static_cast<std::size_t>(i)] = load(1, static_cast<std::int64_t>(n) * s.k + i);
      }
      step(static_cast<std::int64_t>(m) * s.n + n, a, b);
    }
  }
}

void execute_mma(const DecodedInstruction& in, RegisterFile& rf) {
  const lmma::MatrixShape& s = in.source->shape;
  const auto& types = std::get<lmma::MmaTypes>(in.source->types);
  const std::span<const std::uint8_t> ops[2] = {rf.fragment(in.reads[0]), rf.fragment(in.reads[1])};
  const auto c = rf.fragment(in.reads[2]);
  const auto d = rf.fragment(in.writes[0]);
  std::vector<std::uint8_t> out(d.size());  // D may alias C
  if (types.a == DataType::kFp16) {
    mma_rows<Fp16>(
        s,
        [&](int op, std::int64_t i) {
          return Fp16::from_bits(read_le<std::uint16_t>(ops[op], 2 * i));
        },
        [&](std::int64_t o, const std::vector<Fp16>& a, const std::vector<Fp16>& b) {
          const Fp16 acc = Fp16::from_bits(read_le<std::uint16_t>(c, 2 * o));
          write_le<std::uint16_t>(out, 2 * o, mac_dot_fp16_step(acc, a, b).bits());
        });
  } else {
    mma_rows<std::int8_t>(
        s,
        [&](int op, std::int64_t i) {
          return static_cast<std::int8_t>(ops[op][static_cast<std::size_t>(i)]);
        },
        [&](std::int64_t o, const std::vector<std::int8_t>& a, const std::vector<std::int8_t>& b) {
          write_le<std::int32_t>(out, 4 * o,
                                 mac_dot_int8_step(read_le<std::int32_t>(c, 4 * o), a, b));
        });
  }
  std::copy(out.begin(), out.end(), d.begin());
}

void execute_memory(const DecodedInstruction& in, std::span<const std::int64_t> addresses,
                    RegisterFile& rf, SharedMemory& smem) {
  const int w = in.access_bytes;
  check_lane_addresses(addresses, w, smem.size());
  const auto frag = rf.fragment(in.store ? in.reads[0] : in.writes[0]);
  for (std::size_t lane = 0; lane < addresses.size(); ++lane) {
    const auto mem = smem.at(addresses[lane], w);
    const auto reg = frag.subspan(lane * static_cast<std::size_t>(w), static_cast<std::size_t>(w));
    if (in.store) {
      std::copy(reg.begin(), reg.end(), mem.begin());
    } else {
      std::copy(mem.begin(), mem.end(), reg.begin());
    }
  }
}

}  // namespace

double load_element(std::span<const std::uint8_t> bytes, std::int64_t i, DataType type) {
  switch (type) {
    case DataType::kFp16:
      return Fp16::from_bits(read_le<std::uint16_t>(bytes, 2 * i)).to_double();
    case DataType::kFp32:
      return read_le<float>(bytes, 4 * i);
    case DataType::kInt32:
      return read_le<std::int32_t>(bytes, 4 * i);
    case DataType::kInt16:
      return read_le<std::int16_t>(bytes, 2 * i);
    case DataType::kInt8:
      return static_cast<std::int8_t>(bytes[static_cast<std::size_t>(i)]);
    case DataType::kFp8E4M3:
      return fp8_decode(Fp8Format::kE4M3, bytes[static_cast<std::size_t>(i)]);
    case DataType::kFp8E5M2:
      return fp8_decode(Fp8Format::kE5M2, bytes[static_cast<std::size_t>(i)]);
    case DataType::kBf16:
      break;
  }
  throw DataTypeError("no operand codec for " + std::string(to_string(type)));
}

void store_element(std::span<std::uint8_t> bytes, std::int64_t i, DataType type, double value) {
  switch (type) {
    case DataType::kFp16:
      return write_le<std::uint16_t>(bytes, 2 * i, Fp16::from_double(value).bits());
    case DataType::kFp32:
      return write_le<float>(bytes, 4 * i, static_cast<float>(value));
    case DataType::kInt32:
      return write_le<std::int32_t>(bytes, 4 * i, static_cast<std::int32_t>(value));
    case DataType::kInt16:
      if (value != std::trunc(value) || value < INT16_MIN || value > INT16_MAX) {
        throw std::out_of_range("an int16 operand element cannot hold " + std::to_string(value));
      }
      return write_le<std::int16_t>(bytes, 2 * i, static_cast<std::int16_t>(value));
    case DataType::kInt8:
      bytes[static_cast<std::size_t>(i)] =
          static_cast<std::uint8_t>(static_cast<std::int8_t>(value));
      return;
    case DataType::kFp8E4M3:
    case DataType::kFp8E5M2: {
      const auto f = type == DataType::kFp8E4M3 ? Fp8Format::kE4M3 : Fp8Format::kE5M2;
      bytes[static_cast<std::size_t>(i)] = fp8_encode(f, value, Fp8Overflow::kToSpecial);
      return;
    }
    case DataType::kBf16:
      break;
  }
  throw DataTypeError("no operand codec for " + std::string(to_string(type)));
}

void store_weight_code(std::span<std::uint8_t> bytes, std::int64_t i, int bits, unsigned code) {
  for (int b = 0; b < bits; ++b) {
    const std::int64_t bit = i * bits + b;
    auto& byte = bytes[static_cast<std::size_t>(bit / 8)];
    byte =
        static_cast<std::uint8_t>((byte & ~(1u << (bit % 8))) | (((code >> b) & 1u) << (bit % 8)));
  }
}

void execute(const DecodedInstruction& in, std::span<const std::int64_t> lane_addresses,
             RegisterFile& registers, SharedMemory& smem) {
  switch (in.unit) {
    case Unit::kLut:
      return execute_lmma(in, registers);
    case Unit::kMma:
      return execute_mma(in, registers);
    case Unit::kCuda:
      return execute_lutpre(in, registers);
    case Unit::kLsu:
      return execute_memory(in, lane_addresses, registers, smem);
    case Unit::kNone:
      return;
  }
}

}  // namespace lutsim::systemc
