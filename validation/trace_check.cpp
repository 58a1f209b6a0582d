#include "validation/trace_check.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace lutsim {
namespace {

using Shape = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>;  // M N K count
using ShapesByName = std::map<std::string, std::vector<Shape>>;

ShapesByName linear_shapes(const GemmTrace& trace) {
  ShapesByName out;
  for (const TraceOp& op : trace.ops) {
    if (op.kind != OpKind::kLinear) continue;
    out[op.name].emplace_back(op.m, op.n, op.k, op.count);
  }
  for (auto& [name, shapes] : out) std::sort(shapes.begin(), shapes.end());
  return out;
}

std::string describe(const ShapesByName& shapes, const std::string& name) {
  const auto it = shapes.find(name);
  if (it == shapes.end()) return "(none)";
  std::string text;
  for (const auto& [m, n, k, count] : it->second) {
    if (!text.empty()) text += "; ";
    text += "M=" + std::to_string(m) + " N=" + std::to_string(n) + " K=" + std::to_string(k) +
            " count=" + std::to_string(count);
  }
  return text;
}

}  // namespace

std::string TraceComparison::report() const {
  if (differences.empty()) return "linear ops match\n";
  std::string text;
  for (const auto& d : differences) {
    text += d.name + ": expected " + d.expected + ", captured " + d.captured + "\n";
  }
  return text;
}

TraceComparison compare_linear_ops(const GemmTrace& expected, const GemmTrace& captured) {
  const ShapesByName want = linear_shapes(expected);
  const ShapesByName got = linear_shapes(captured);
  std::vector<std::string> names;
  for (const auto& [name, shapes] : want) names.push_back(name);
  for (const auto& [name, shapes] : got) {
    if (!want.count(name)) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  TraceComparison result;
  for (const std::string& name : names) {
    const auto w = want.find(name);
    const auto g = got.find(name);
    if (w != want.end() && g != got.end() && w->second == g->second) continue;
    result.differences.push_back({name, describe(want, name), describe(got, name)});
  }
  return result;
}

}  // namespace lutsim
