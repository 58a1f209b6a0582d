#pragma once
// Traces of committed catalog models, for tests run from the repo root.

#include <cstdint>
#include <string>

#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

namespace lutsim::test {

// The decode trace of catalog model `model`: `batch` sequences over `kv_len`
// cached tokens, linears of `weight_bits` bits (FP16 activations, the LM head
// FP16), q/k/v and gate/up as `fusion` says.
inline GemmTrace decode_trace(const std::string& model, std::int64_t batch, std::int64_t kv_len,
                              int weight_bits, LinearFusion fusion = LinearFusion::kFramework) {
  TraceRequest req;
  req.phase = Phase::kDecode;
  req.batch = batch;
  req.kv_len = kv_len;
  req.weight_bits = weight_bits;
  req.fusion = fusion;
  return make_trace(ModelCatalog("configs").load(model), req);
}

}  // namespace lutsim::test
