// lutsim_cublas_bench: times GEMMs with cuBLASLt on one GPU, the way
// frameworks call linear layers, and writes one CSV row per (dtype, shape).
// See validation/cublas/README.md for what is measured and how.
//
// Layout. A linear layer computes Y[M,N] = X[M,K] W[N,K]^T with X, W and Y
// row-major (torch.nn.functional.linear). cuBLAS is column-major, where a
// row-major [R,C] matrix is a column-major [C,R] one, so the call is
//   Y^T[N,M] = op(W) op(X) with transa = T (W, lda = K), transb = N (X, ldb = K),
//   cuBLAS m = N, n = M, k = K, ldc = N            (layout "linear_TN")
// which is also the only layout cuBLASLt runs INT8 and FP8 in. The attention
// value product O[M,N] = P[M,K] V[K,N] (all row-major) is
//   O^T[N,M] = V^T P^T with transa = N (V, lda = N), transb = N (P, ldb = K)
// (layout "attn_value_NN"); the attention score S = Q K^T is the linear
// layout with a batch. Batched ops (trace ops with batch > 1) use cuBLASLt's
// strided batch.
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "cuda_util.cuh"
#include "kernel_capture.cuh"

namespace {

using cuda_util::csv_field;
using cuda_util::die;
using cuda_util::Nvml;
using cuda_util::percentile;
using cuda_util::version_text;

const char* const kProg = "lutsim_cublas_bench";

// ---- errors ------------------------------------------------------------------

void check_cublas(cublasStatus_t s, const char* call, const char* file, int line) {
  if (s != CUBLAS_STATUS_SUCCESS) {
    die(std::string(call) + " failed: " + cublasLtGetStatusName(s) + " (" +
        cublasLtGetStatusString(s) + ", code " + std::to_string(static_cast<int>(s)) + ") at " +
        file + ":" + std::to_string(line));
  }
}

#define CUBLAS_CHECK(call) check_cublas((call), #call, __FILE__, __LINE__)

// ---- data types ----------------------------------------------------------------

enum class Dtype { kFp16, kBf16, kInt8, kFp8E4m3 };

struct DtypeInfo {
  Dtype dtype;
  const char* name;      // as lutsim's trace CSV spells it
  const char* out_name;  // the output (C/D) type
  cudaDataType_t in_type;
  cudaDataType_t out_type;
  cublasComputeType_t compute;
  cudaDataType_t scale_type;
  int in_bytes;
  int out_bytes;
  double out_rel_eps;  // unit roundoff of the output type (0: exact)
};

const DtypeInfo kDtypes[] = {
    {Dtype::kFp16, "fp16", "fp16", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, CUDA_R_32F, 2, 2,
     1.0 / 2048},
    {Dtype::kBf16, "bf16", "bf16", CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, CUDA_R_32F, 2, 2,
     1.0 / 256},
    {Dtype::kInt8, "int8", "int32", CUDA_R_8I, CUDA_R_32I, CUBLAS_COMPUTE_32I, CUDA_R_32I, 1, 4,
     0.0},
    {Dtype::kFp8E4m3, "fp8_e4m3", "fp16", CUDA_R_8F_E4M3, CUDA_R_16F, CUBLAS_COMPUTE_32F,
     CUDA_R_32F, 1, 2, 1.0 / 2048},
};

const DtypeInfo* find_dtype(const std::string& name) {
  for (const auto& d : kDtypes) {
    if (name == d.name || (name == "fp8" && d.dtype == Dtype::kFp8E4m3)) return &d;
  }
  return nullptr;
}

// ---- device kernels --------------------------------------------------------------

__host__ __device__ inline std::uint32_t hash32(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return static_cast<std::uint32_t>(x);
}

// Uniform in [-1, 1] without zero (magnitude >= 1/64) for floating types; for
// INT8, +-1..16 (never 0; K up to 2^23 stays inside INT32).
__global__ void fill_kernel(void* data, std::int64_t n, int dtype, std::uint64_t seed) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t i = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; i < n;
       i += stride) {
    const std::uint32_t h = hash32(seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(i));
    const float sign = (h & 1u) ? -1.0f : 1.0f;
    const float mag = 1.0f / 64 + (63.0f / 64) * static_cast<float>(h >> 8) / 16777216.0f;
    const float v = sign * mag;
    switch (static_cast<Dtype>(dtype)) {
      case Dtype::kFp16:
        static_cast<__half*>(data)[i] = __float2half(v);
        break;
      case Dtype::kBf16:
        static_cast<__nv_bfloat16*>(data)[i] = __float2bfloat16(v);
        break;
      case Dtype::kInt8:
        static_cast<std::int8_t*>(data)[i] =
            static_cast<std::int8_t>((h & 1u) ? -static_cast<int>(1 + ((h >> 8) % 16))
                                              : static_cast<int>(1 + ((h >> 8) % 16)));
        break;
      case Dtype::kFp8E4m3:
        static_cast<__nv_fp8_e4m3*>(data)[i] = __nv_fp8_e4m3(v);
        break;
    }
  }
}

__device__ inline double load_in(const void* p, std::int64_t i, int dtype) {
  switch (static_cast<Dtype>(dtype)) {
    case Dtype::kFp16:
      return __half2float(static_cast<const __half*>(p)[i]);
    case Dtype::kBf16:
      return __bfloat162float(static_cast<const __nv_bfloat16*>(p)[i]);
    case Dtype::kInt8:
      return static_cast<const std::int8_t*>(p)[i];
    case Dtype::kFp8E4m3:
      return static_cast<float>(static_cast<const __nv_fp8_e4m3*>(p)[i]);
  }
  return 0.0;
}

__device__ inline double load_out(const void* p, std::int64_t i, int dtype) {
  switch (static_cast<Dtype>(dtype)) {
    case Dtype::kFp16:
    case Dtype::kFp8E4m3:
      return __half2float(static_cast<const __half*>(p)[i]);
    case Dtype::kBf16:
      return __bfloat162float(static_cast<const __nv_bfloat16*>(p)[i]);
    case Dtype::kInt8:
      return static_cast<const std::int32_t*>(p)[i];
  }
  return 0.0;
}

// The simple reference: one thread per sampled output (b, i, j), a plain dot
// product in double over the same inputs. X is row-major [M,K]; W is row-major
// [N,K] ("linear") or [K,N] ("attn_value"); Y is row-major [M,N]; batches are
// contiguous. out[s] = {reference, cuBLAS value, sum |x w|}.
__global__ void reference_kernel(const void* x, const void* w, const void* y, int dtype,
                                 bool w_is_kn, std::int64_t m, std::int64_t n, std::int64_t k,
                                 const std::int64_t* samples, int count, double* out) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= count) return;
  const std::int64_t b = samples[3 * s], i = samples[3 * s + 1], j = samples[3 * s + 2];
  const std::int64_t xb = b * m * k, wb = b * n * k, yb = b * m * n;
  double acc = 0.0, abs_sum = 0.0;
  for (std::int64_t t = 0; t < k; ++t) {
    const double xv = load_in(x, xb + i * k + t, dtype);
    const double wv = load_in(w, wb + (w_is_kn ? t * n + j : j * k + t), dtype);
    acc += xv * wv;
    abs_sum += std::fabs(xv * wv);
  }
  out[3 * s] = acc;
  out[3 * s + 1] = load_out(y, yb + i * n + j, dtype);
  out[3 * s + 2] = abs_sum;
}

// ---- problems ------------------------------------------------------------------------

struct Problem {
  std::int64_t m = 0, n = 0, k = 0, batch = 1;
  bool attn_value = false;  // NN layout (O = P V)
  std::string label;
};

std::string layout_name(const Problem& p) {
  return p.attn_value ? "attn_value_NN" : "linear_TN";
}

// The BitBLAS set: 13 (N, K) weight shapes x 11 token counts M.
std::vector<Problem> bitblas_problems() {
  const std::vector<std::pair<std::int64_t, std::int64_t>> nk = {
      {43008, 14336}, {14336, 14336}, {57344, 14336}, {14336, 57344},  // BLOOM-176B
      {9216, 9216},   {36864, 9216},  {9216, 36864},                   // OPT-66B
      {22016, 8192},  {8192, 22016},                                   // LLaMA-65B
      {8192, 8192},   {28672, 8192},  {8192, 28672},                   // LLaMA-2-70B
      {16384, 16384}};
  const std::int64_t ms[] = {1, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
  std::vector<Problem> out;
  for (const auto& [n, k] : nk) {
    for (std::int64_t m : ms) {
      Problem p;
      p.m = m;
      p.n = n;
      p.k = k;
      p.label = "bitblas";
      out.push_back(p);
    }
  }
  return out;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  for (char c : s) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == sep && !quoted) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

std::int64_t parse_int(const std::string& text, const std::string& what) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0)
    die(what + ": expected an integer, got '" + text + "'", 2);
  return v;
}

// The GEMM ops of a lutsim trace CSV (workloads/trace_csv.hpp): linear ops as
// "linear", attention_score as batched "linear" (S = Q K^T), attention_value as
// batched "attn_value" (O = P V). count is ignored: each shape is timed once.
std::vector<Problem> trace_problems(const std::string& file, bool with_attention) {
  std::ifstream in(file);
  if (!in) die("--trace " + file + ": cannot open the file", 2);
  std::string line, model = "?", phase = "?";
  int line_no = 0;
  bool header = false;
  std::size_t columns = 10;  // 11 with the optional last column, inputs
  std::vector<Problem> out;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::string where = file + ":" + std::to_string(line_no);
    if (line_no == 1 && line != "# lutsim gemm trace v1") {
      die(where + ": not a lutsim trace CSV (expected '# lutsim gemm trace v1')", 2);
    }
    if (line.rfind("# model: ", 0) == 0) model = line.substr(9);
    if (line.rfind("# phase: ", 0) == 0) phase = line.substr(9);
    if (line.empty() || line[0] == '#') continue;
    if (!header) {
      if (line.rfind("name,kind,m [rows],n [cols],k [depth],batch [instances]", 0) != 0) {
        die(where + ": expected the trace header row", 2);
      }
      header = true;
      const std::string inputs = ",inputs";
      if (line.size() > inputs.size() &&
          line.compare(line.size() - inputs.size(), inputs.size(), inputs) == 0) {
        columns = 11;
      }
      continue;
    }
    const auto cells = split(line, ',');
    if (cells.size() != columns)
      die(where + ": expected " + std::to_string(columns) + " columns, got " +
              std::to_string(cells.size()),
          2);
    const std::string& kind = cells[1];
    Problem p;
    if (kind == "linear") {
    } else if (with_attention && kind == "attention_score") {
    } else if (with_attention && kind == "attention_value") {
      p.attn_value = true;
    } else {
      continue;
    }
    p.m = parse_int(cells[2], where + ": m");
    p.n = parse_int(cells[3], where + ": n");
    p.k = parse_int(cells[4], where + ": k");
    p.batch = parse_int(cells[5], where + ": batch");
    if (p.m < 1 || p.n < 1 || p.k < 1 || p.batch < 1) continue;
    p.label = model + " " + phase + " " + cells[0];
    out.push_back(p);
  }
  if (!header) die(file + ": no header row", 2);
  return out;
}

// A shape list (validation/cublas/shapes/*.csv): '#' comment lines, then the
// header "m,n,k,label" and one linear GEMM per row; the label says where the
// row came from (e.g. "unaligned K+1" or "random").
std::vector<Problem> shape_file_problems(const std::string& file) {
  std::ifstream in(file);
  if (!in) die("--shapes " + file + ": cannot open the file", 2);
  std::string line;
  int line_no = 0;
  bool header = false;
  std::vector<Problem> out;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const std::string where = file + ":" + std::to_string(line_no);
    if (!header) {
      if (line != "m,n,k,label") die(where + ": expected the header 'm,n,k,label'", 2);
      header = true;
      continue;
    }
    const auto cells = split(line, ',');
    if (cells.size() != 4)
      die(where + ": expected 4 columns (m,n,k,label), got " + std::to_string(cells.size()), 2);
    Problem p;
    p.m = parse_int(cells[0], where + ": m");
    p.n = parse_int(cells[1], where + ": n");
    p.k = parse_int(cells[2], where + ": k");
    if (p.m < 1 || p.n < 1 || p.k < 1) die(where + ": m, n and k must be >= 1", 2);
    p.label = cells[3];
    out.push_back(p);
  }
  if (!header) die(file + ": no header row 'm,n,k,label'", 2);
  if (out.empty()) die(file + ": no shapes after the header", 2);
  return out;
}

// ---- statistics ------------------------------------------------------------------------

// ---- options ------------------------------------------------------------------------------

struct Options {
  std::vector<std::string> dtypes;
  bool dtypes_given = false;
  bool bitblas = false;
  std::vector<std::string> traces;
  std::vector<Problem> shapes;
  bool attention = true;
  int reps = 50;
  int warmup = 10;
  double l2_factor = 4.0;
  int device = 0;
  std::string out;
  std::size_t workspace = 32u << 20;
  double max_mem_fraction = 0.8;
  int samples = 128;
  bool list = false;
  bool capture = true;  // capture one call per shape for the launches column
};

const char* const kHelp =
    R"(lutsim_cublas_bench: time GEMMs with cuBLASLt on one GPU and write a CSV row per
(dtype, shape): the GPU, its clocks and software versions, and the median, p10 and
p90 of the kernel time over the timed repetitions (queued behind a GPU-side spin;
the unqueued figures of the first method follow in extra columns at the end).

Usage: lutsim_cublas_bench [OPTIONS]   (at least one of --bitblas, --trace, --shape, --shapes)

Shapes:
  --bitblas              the BitBLAS set: (N,K) in {43008x14336, 14336x14336,
                         57344x14336, 14336x57344, 9216x9216, 36864x9216, 9216x36864,
                         22016x8192, 8192x22016, 8192x8192, 28672x8192, 8192x28672,
                         16384x16384} x M in {1,16,32,...,4096,8192}
  --trace FILE           the GEMM ops of a lutsim trace CSV (repeatable): linear ops,
                         and attention_score / attention_value ops as batched GEMMs;
                         each distinct shape once (op counts are not used)
  --no-attention         take only the linear ops of --trace files
  --shape M,N,K          one linear GEMM (repeatable)
  --shapes FILE          the linear GEMMs of a shape list (repeatable): '#' comments,
                         a header 'm,n,k,label', one row per shape (label kept in the
                         output), e.g. validation/cublas/shapes/unaligned.csv

Measurement:
  --dtypes LIST          comma-separated from fp16, bf16, int8, fp8_e4m3 (alias fp8);
                         default: all four, fp8_e4m3 only on compute capability >= 8.9
                         (requested explicitly on an older GPU: an error)
  --reps N               timed repetitions per shape, >= 20 (default 50)
  --warmup N             untimed runs before them, >= 1 (default 10)
  --l2-factor F          rotate among as many input/output buffer sets as make their
                         total >= F x the L2 size, F >= 1 (default 4); at least 2
                         and at most 256 sets, within 80% of the free memory
  --workspace-mib N      cuBLASLt workspace (default 32)
  --samples N            outputs checked against the reference kernel per shape (default 128)
  --device N             CUDA device (default 0)
  -o, --out FILE         write the CSV there (default: standard output)
  --no-launch-capture    leave the launches column empty: no call is captured into a
                         CUDA graph (for a driver or library where capture misbehaves)
  --list                 print the (dtype, shape) plan as CSV and exit; needs no GPU
                         (fp8_e4m3 is listed even where the GPU would skip it)
  -h, --help             this text

Layout: Y[M,N] = X[M,K] W[N,K]^T, row-major, as torch.nn.functional.linear; in
cuBLAS terms transa = T (W), transb = N (X), m = N, n = M, k = K, column-major Y^T.
Attention values O[M,N] = P[M,K] V[K,N]: transa = N, transb = N. FP16 and BF16 use
FP32 accumulation and FP16/BF16 outputs; INT8 INT32 accumulation and INT32 output;
FP8 E4M3 FP32 accumulation and FP16 output (scales 1). cuBLASLt's first heuristic
choice is timed, as a framework gets it. Shapes cuBLASLt cannot run for a type
(e.g. INT8/FP8 in the NN layout) are skipped with a note on standard error.

Timing: CUDA events around each launch on one stream, after the warm-up, two ways:
queued (median_us, p10_us, p90_us, tflops): a one-thread spin kernel holds the
stream until the host has enqueued all --reps launches with their events, then is
released through a flag in pinned host memory, so the launches run back to back
from the GPU's queue and no host launch latency is inside an event pair (the time
is the kernel's, with the GPU's own per-kernel cost); unqueued (unqueued_*_us): the
same launches enqueued as the host goes, the harness's first method, where a kernel
shorter than the host's launch time also counts the host's wait. host_enqueue_us
is the host time per queued launch; sm_clock_timed_mhz the SM clock (NVML) read
while the queued launches ran, sm_clock_mhz the one read after. Inputs are random
(never zero) and the buffer set changes every launch so that no operand is served
from L2. Every result is spot-checked against a simple reference GEMM
kernel (exact for INT8; within the output type's rounding otherwise) before timing
and again on the last timed set; a failed check is an error (exit status 4).

What ran: algo_* columns give the configuration of the algorithm cuBLASLt's
heuristic chose (ids of cublasLt.h's enums: tile, stages, split-K, reduction
scheme, swizzle, cluster shape), its waves count and workspace; launches lists
what one call launches, read by capturing one more call into a CUDA graph that
is never run: each kernel's name, grid, block, dynamic shared memory and cluster,
and any memset, separated by ' | ' (best effort: a call that cannot be captured
says so there and the shape is still timed; --no-launch-capture leaves it empty).

Exit status: 0 ok, 1 CUDA/cuBLAS error, 2 bad arguments, 3 no usable GPU, 4 a check failed.
)";

[[noreturn]] void usage_error(const std::string& message) {
  die(message + " (see --help)", 2);
}

Options parse_args(int argc, char** argv) {
  Options o;
  auto value = [&](int& i) -> std::string {
    if (i + 1 >= argc) usage_error(std::string(argv[i]) + " needs a value");
    return argv[++i];
  };
  auto int_value = [&](int& i, std::int64_t min) {
    const std::string name = argv[i];
    const std::int64_t v = parse_int(value(i), name);
    if (v < min) usage_error(name + " must be >= " + std::to_string(min));
    return v;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-h" || a == "--help") {
      std::fputs(kHelp, stdout);
      std::exit(0);
    } else if (a == "--bitblas") {
      o.bitblas = true;
    } else if (a == "--trace") {
      o.traces.push_back(value(i));
    } else if (a == "--no-attention") {
      o.attention = false;
    } else if (a == "--shape") {
      const std::string s = value(i);
      const auto parts = split(s, ',');
      if (parts.size() != 3) usage_error("--shape expects M,N,K, got '" + s + "'");
      Problem p;
      p.m = parse_int(parts[0], "--shape M");
      p.n = parse_int(parts[1], "--shape N");
      p.k = parse_int(parts[2], "--shape K");
      if (p.m < 1 || p.n < 1 || p.k < 1)
        usage_error("--shape values must be >= 1, got '" + s + "'");
      p.label = "shape";
      o.shapes.push_back(p);
    } else if (a == "--shapes") {
      const auto listed = shape_file_problems(value(i));
      o.shapes.insert(o.shapes.end(), listed.begin(), listed.end());
    } else if (a == "--dtypes") {
      o.dtypes = split(value(i), ',');
      o.dtypes_given = true;
      for (const auto& d : o.dtypes) {
        if (!find_dtype(d)) usage_error("unknown dtype '" + d + "' (fp16, bf16, int8, fp8_e4m3)");
      }
    } else if (a == "--reps") {
      o.reps = static_cast<int>(int_value(i, 20));
    } else if (a == "--warmup") {
      o.warmup = static_cast<int>(int_value(i, 1));
    } else if (a == "--l2-factor") {
      const std::string v = value(i);
      char* end = nullptr;
      o.l2_factor = std::strtod(v.c_str(), &end);
      if (v.empty() || *end != '\0' || !(o.l2_factor >= 1.0)) {
        usage_error("--l2-factor must be a number >= 1, got '" + v + "'");
      }
    } else if (a == "--workspace-mib") {
      o.workspace = static_cast<std::size_t>(int_value(i, 0)) << 20;
    } else if (a == "--samples") {
      o.samples = static_cast<int>(int_value(i, 1));
    } else if (a == "--device") {
      o.device = static_cast<int>(int_value(i, 0));
    } else if (a == "--no-launch-capture") {
      o.capture = false;
    } else if (a == "--list") {
      o.list = true;
    } else if (a == "-o" || a == "--out") {
      o.out = value(i);
    } else {
      usage_error("unknown argument '" + a + "'");
    }
  }
  if (!o.bitblas && o.traces.empty() && o.shapes.empty()) {
    usage_error("no shapes: give --bitblas, --trace FILE, --shape M,N,K or --shapes FILE");
  }
  if (!o.dtypes_given) o.dtypes = {"fp16", "bf16", "int8", "fp8_e4m3"};
  return o;
}

// ---- the device ----------------------------------------------------------------------------

struct DeviceInfo {
  std::string name;
  int sm_count = 0, cc_major = 0, cc_minor = 0;
  long sm_clock_max_mhz = -1, mem_clock_max_mhz = -1;
  long l2_bytes = 0;
  std::string driver, runtime, cublas;
};

DeviceInfo open_device(int device) {
  cuda_util::open_cuda_device(device);
  DeviceInfo d;
  cudaDeviceProp prop{};
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  d.name = prop.name;
  auto attr = [&](cudaDeviceAttr a) {
    int v = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&v, a, device));
    return v;
  };
  d.sm_count = attr(cudaDevAttrMultiProcessorCount);
  d.cc_major = attr(cudaDevAttrComputeCapabilityMajor);
  d.cc_minor = attr(cudaDevAttrComputeCapabilityMinor);
  d.sm_clock_max_mhz = attr(cudaDevAttrClockRate) / 1000;
  d.mem_clock_max_mhz = attr(cudaDevAttrMemoryClockRate) / 1000;
  d.l2_bytes = attr(cudaDevAttrL2CacheSize);
  int v = 0;
  CUDA_CHECK(cudaDriverGetVersion(&v));
  d.driver = version_text(v);
  CUDA_CHECK(cudaRuntimeGetVersion(&v));
  d.runtime = version_text(v);
  const std::size_t cb = cublasLtGetVersion();  // e.g. 130100 = 13.1.0
  d.cublas = std::to_string(cb / 10000) + "." + std::to_string((cb / 100) % 100) + "." +
             std::to_string(cb % 100);
  return d;
}

// ---- one measurement ----------------------------------------------------------------------

struct Buffers {
  std::vector<void*> x, w, y;
  ~Buffers() {
    for (auto* v : {&x, &w, &y}) {
      for (void* p : *v) cudaFree(p);
    }
  }
};

struct Result {
  bool ran = false;
  std::string skip_reason;
  std::vector<double> times_us;            // queued behind the spin kernel
  std::vector<double> unqueued_times_us;   // enqueued as the host goes (the old method)
  double host_enqueue_us = 0.0;  // host time per timed launch (matmul + 2 event records), queued
  long sm_clock_timed_mhz = -1;  // NVML SM clock read while the queued launches ran
  int sets = 0;
  double max_err_ratio = 0.0;  // max |got - ref| / tolerance over the samples
  bool check_ok = true;
  std::string check_message;
  std::string algo_columns;  // algo_config_text(): the heuristic's choice, comma-separated
  std::string launches;      // what one call launched (kernel_capture.cuh)
};

// The algorithm cuBLASLt's heuristic chose, as the CSV's algo_* columns: its
// configuration attributes (ids of cublasLt.h's enums: cublasLtMatmulTile_t,
// cublasLtMatmulStages_t, cublasLtReductionScheme_t, cublasLtClusterShape_t,
// ...), the heuristic's waves count and the workspace it needs. An attribute
// this cuBLASLt does not report is left empty.
const char* const kAlgoColumns =
    "algo_id,algo_tile_id,algo_stages_id,algo_splitk_num,algo_reduction_scheme,"
    "algo_cta_swizzling,algo_custom_option,algo_inner_shape_id,algo_cluster_shape_id,"
    "algo_waves_count,algo_workspace_bytes";

template <typename T>
std::string algo_attribute(const cublasLtMatmulAlgo_t& algo,
                           cublasLtMatmulAlgoConfigAttributes_t a) {
  T v{};
  std::size_t written = 0;
  if (cublasLtMatmulAlgoConfigGetAttribute(&algo, a, &v, sizeof v, &written) !=
          CUBLAS_STATUS_SUCCESS ||
      written != sizeof v) {
    return "";
  }
  return std::to_string(v);
}

std::string algo_config_text(const cublasLtMatmulHeuristicResult_t& h) {
  const cublasLtMatmulAlgo_t& a = h.algo;
  std::ostringstream out;
  out << algo_attribute<std::int32_t>(a, CUBLASLT_ALGO_CONFIG_ID) << ","
      << algo_attribute<std::uint32_t>(a, CUBLASLT_ALGO_CONFIG_TILE_ID) << ","
      << algo_attribute<std::uint32_t>(a, CUBLASLT_ALGO_CONFIG_STAGES_ID) << ","
      << algo_attribute<std::int32_t>(a, CUBLASLT_ALGO_CONFIG_SPLITK_NUM) << ","
      << algo_attribute<std::uint32_t>(a, CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME) << ","
      << algo_attribute<std::uint32_t>(a, CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING) << ","
      << algo_attribute<std::uint32_t>(a, CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION) << ","
      << algo_attribute<std::uint16_t>(a, CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID) << ","
      << algo_attribute<std::uint16_t>(a, CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID) << ","
      << h.wavesCount << "," << h.workspaceSize;
  return out.str();
}

class Bench {
 public:
  Bench(const Options& o, const DeviceInfo& d, const Nvml* nvml) : o_(o), d_(d), nvml_(nvml) {
    CUBLAS_CHECK(cublasLtCreate(&lt_));
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    if (o_.workspace) CUDA_CHECK(cudaMalloc(&workspace_, o_.workspace));
    events_.resize(2 * static_cast<std::size_t>(o_.reps));
    for (auto& e : events_) CUDA_CHECK(cudaEventCreate(&e));
  }
  ~Bench() {
    for (auto& e : events_) cudaEventDestroy(e);
    if (workspace_) cudaFree(workspace_);
    cudaStreamDestroy(stream_);
    cublasLtDestroy(lt_);
  }

  Result run(const Problem& p, const DtypeInfo& t) {
    Result r;
    // cuBLASLt descriptors: column-major view, see the top of the file.
    const std::int64_t m = p.n, n = p.m, k = p.k;  // cuBLAS m, n, k
    const cublasOperation_t transa = p.attn_value ? CUBLAS_OP_N : CUBLAS_OP_T;
    const cublasOperation_t transb = CUBLAS_OP_N;
    const std::int64_t lda = p.attn_value ? p.n : p.k, ldb = p.k, ldc = p.n;
    const std::int64_t a_rows = p.attn_value ? m : k, a_cols = p.attn_value ? k : m;

    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t la = nullptr, lb = nullptr, lc = nullptr;
    cublasLtMatmulPreference_t pref = nullptr;
    CUBLAS_CHECK(cublasLtMatmulDescCreate(&op, t.compute, t.scale_type));
    CUBLAS_CHECK(
        cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &transa, sizeof transa));
    CUBLAS_CHECK(
        cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &transb, sizeof transb));
    CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&la, t.in_type, a_rows, a_cols, lda));
    CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&lb, t.in_type, k, n, ldb));
    CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&lc, t.out_type, m, n, ldc));
    if (p.batch > 1) {
      const int batch = static_cast<int>(p.batch);
      const std::int64_t sa = p.n * p.k, sb = p.m * p.k, sc = p.m * p.n;
      for (auto [l, stride] : {std::pair{la, sa}, std::pair{lb, sb}, std::pair{lc, sc}}) {
        CUBLAS_CHECK(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch,
                                                      sizeof batch));
        CUBLAS_CHECK(cublasLtMatrixLayoutSetAttribute(
            l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof stride));
      }
    }
    CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&pref));
    CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(
        pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &o_.workspace, sizeof o_.workspace));
    cublasLtMatmulHeuristicResult_t heur{};
    int found = 0;
    const cublasStatus_t hs =
        cublasLtMatmulAlgoGetHeuristic(lt_, op, la, lb, lc, lc, pref, 1, &heur, &found);
    auto cleanup = [&] {
      cublasLtMatmulPreferenceDestroy(pref);
      cublasLtMatrixLayoutDestroy(lc);
      cublasLtMatrixLayoutDestroy(lb);
      cublasLtMatrixLayoutDestroy(la);
      cublasLtMatmulDescDestroy(op);
    };
    if (hs != CUBLAS_STATUS_SUCCESS || found == 0) {
      // Not every type runs in every layout or size (INT8/FP8 need TN and
      // aligned sizes): a note, not an error.
      cleanup();
      r.skip_reason = std::string("cuBLASLt has no algorithm for this type, layout and size (") +
                      (hs != CUBLAS_STATUS_SUCCESS ? cublasLtGetStatusName(hs) : "0 results") + ")";
      return r;
    }

    // Buffer sets: enough that their total exceeds l2_factor x L2, at least 2,
    // within max_mem_fraction of the free memory.
    const std::int64_t xe = p.batch * p.m * p.k, we = p.batch * p.n * p.k, ye = p.batch * p.m * p.n;
    const double set_bytes =
        static_cast<double>(xe + we) * t.in_bytes + static_cast<double>(ye) * t.out_bytes;
    std::size_t free_b = 0, total_b = 0;
    CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    const double budget = o_.max_mem_fraction * static_cast<double>(free_b);
    // At most kMaxSets: tiny problems then rotate through less than the target
    // (their operands are a few KB; the row records the sets used).
    constexpr double kMaxSets = 256;
    const double want =
        std::max(2.0, std::ceil(o_.l2_factor * static_cast<double>(d_.l2_bytes) / set_bytes));
    const int sets = static_cast<int>(std::min({want, kMaxSets, std::floor(budget / set_bytes)}));
    if (sets < 1) {
      cleanup();
      r.skip_reason = "one buffer set (" + std::to_string(set_bytes / 1e9) + " GB) does not fit";
      return r;
    }
    r.sets = sets;
    Buffers buf;
    std::uint64_t seed = 1;
    auto alloc_fill = [&](std::vector<void*>& v, std::int64_t elems, int bytes, bool fill) {
      for (int s = 0; s < sets; ++s) {
        void* ptr = nullptr;
        CUDA_CHECK(cudaMalloc(&ptr, static_cast<std::size_t>(elems) * bytes));
        v.push_back(ptr);
        if (fill) {
          fill_kernel<<<1024, 256, 0, stream_>>>(ptr, elems, static_cast<int>(t.dtype), seed++);
          CUDA_CHECK(cudaGetLastError());
        } else {
          CUDA_CHECK(cudaMemsetAsync(ptr, 0xff, static_cast<std::size_t>(elems) * bytes, stream_));
        }
      }
    };
    alloc_fill(buf.x, xe, t.in_bytes, true);
    alloc_fill(buf.w, we, t.in_bytes, true);
    alloc_fill(buf.y, ye, t.out_bytes, false);

    const float alpha_f = 1.0f, beta_f = 0.0f;
    const std::int32_t alpha_i = 1, beta_i = 0;
    const void* alpha = t.scale_type == CUDA_R_32I ? static_cast<const void*>(&alpha_i) : &alpha_f;
    const void* beta = t.scale_type == CUDA_R_32I ? static_cast<const void*>(&beta_i) : &beta_f;
    // A = W, B = X, C = D = Y (beta = 0).
    auto launch = [&](int s) {
      CUBLAS_CHECK(cublasLtMatmul(lt_, op, alpha, buf.w[s], la, buf.x[s], lb, beta, buf.y[s], lc,
                                  buf.y[s], lc, &heur.algo, workspace_, o_.workspace, stream_));
    };

    launch(0);
    CUDA_CHECK(cudaStreamSynchronize(stream_));
    check(p, t, buf, 0, r);
    r.algo_columns = algo_config_text(heur);
    // One more call, captured into a graph and not run: which kernels it is.
    // cuBLASLt's status is not checked here (a call that fails under capture
    // must not end the run: the capture then says so).
    if (o_.capture) {
      r.launches = cuda_util::joined_launches(cuda_util::captured_launches(stream_, [&] {
        cublasLtMatmul(lt_, op, alpha, buf.w[0], la, buf.x[0], lb, beta, buf.y[0], lc, buf.y[0], lc,
                       &heur.algo, workspace_, o_.workspace, stream_);
      }));
    }
    if (r.check_ok) {
      for (int i = 0; i < o_.warmup; ++i) launch(i % sets);
      int next = o_.warmup;  // the rotation goes on from the warm-up
      // Unqueued (the harness's first method): each launch between its events,
      // enqueued while the GPU runs; a kernel shorter than the host's launch
      // time waits for the host, and that wait is inside its event pair.
      for (int i = 0; i < o_.reps; ++i) {
        CUDA_CHECK(cudaEventRecord(events_[2 * i], stream_));
        launch(next++ % sets);
        CUDA_CHECK(cudaEventRecord(events_[2 * i + 1], stream_));
      }
      CUDA_CHECK(cudaStreamSynchronize(stream_));
      CUDA_CHECK(cudaGetLastError());
      r.unqueued_times_us = elapsed_us();
      // Queued (median_us): the same launches held behind the spin kernel until
      // all of them and their events are enqueued, then released at once.
      spin_.hold(stream_);
      const auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < o_.reps; ++i) {
        CUDA_CHECK(cudaEventRecord(events_[2 * i], stream_));
        launch(next++ % sets);
        CUDA_CHECK(cudaEventRecord(events_[2 * i + 1], stream_));
      }
      const auto t1 = std::chrono::steady_clock::now();
      spin_.release();
      if (nvml_) r.sm_clock_timed_mhz = nvml_->clock(1);  // while the queue runs
      CUDA_CHECK(cudaStreamSynchronize(stream_));
      CUDA_CHECK(cudaGetLastError());
      r.host_enqueue_us = std::chrono::duration<double, std::micro>(t1 - t0).count() / o_.reps;
      if (spin_.timed_out()) {
        r.check_ok = false;
        r.check_message = "the spin kernel timed out before the host had enqueued the " +
                          std::to_string(o_.reps) + " timed launches of " + std::string(t.name) +
                          " " + layout_name(p) + " M=" + std::to_string(p.m) +
                          " N=" + std::to_string(p.n) + " K=" + std::to_string(p.k) +
                          " (host took " + std::to_string(r.host_enqueue_us * o_.reps) +
                          " us): the queued times would include host latency";
      } else {
        r.times_us = elapsed_us();
        check(p, t, buf, (next - 1) % sets, r);
        r.ran = r.check_ok;
      }
    }
    cleanup();
    return r;
  }

 private:
  // Compares o_.samples outputs of set `s` (corners included) with the reference kernel.
  void check(const Problem& p, const DtypeInfo& t, const Buffers& buf, int s, Result& r) {
    std::vector<std::int64_t> samples;
    auto add = [&](std::int64_t b, std::int64_t i, std::int64_t j) {
      samples.insert(samples.end(), {b, i, j});
    };
    add(0, 0, 0);
    add(p.batch - 1, p.m - 1, p.n - 1);
    add(0, p.m - 1, 0);
    add(p.batch - 1, 0, p.n - 1);
    for (int q = 4; q < o_.samples; ++q) {
      const std::uint32_t h = hash32(static_cast<std::uint64_t>(q) * 7919 + s);
      add(h % p.batch, hash32(h) % p.m, hash32(h + 1) % p.n);
    }
    const int count = static_cast<int>(samples.size() / 3);
    std::int64_t* d_samples = nullptr;
    double* d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_samples, samples.size() * sizeof(std::int64_t)));
    CUDA_CHECK(cudaMalloc(&d_out, 3 * count * sizeof(double)));
    CUDA_CHECK(cudaMemcpyAsync(d_samples, samples.data(), samples.size() * sizeof(std::int64_t),
                               cudaMemcpyHostToDevice, stream_));
    reference_kernel<<<(count + 127) / 128, 128, 0, stream_>>>(
        buf.x[s], buf.w[s], buf.y[s], static_cast<int>(t.dtype), p.attn_value, p.m, p.n, p.k,
        d_samples, count, d_out);
    CUDA_CHECK(cudaGetLastError());
    std::vector<double> out(3 * count);
    CUDA_CHECK(cudaMemcpyAsync(out.data(), d_out, out.size() * sizeof(double),
                               cudaMemcpyDeviceToHost, stream_));
    CUDA_CHECK(cudaStreamSynchronize(stream_));
    CUDA_CHECK(cudaFree(d_samples));
    CUDA_CHECK(cudaFree(d_out));
    for (int q = 0; q < count; ++q) {
      const double ref = out[3 * q], got = out[3 * q + 1], abs_sum = out[3 * q + 2];
      // Output rounding (2 units of the output type) plus FP32 accumulation in
      // any order; a wrong kernel is off by ~sqrt(K) x |x w|, far outside.
      // Split-K partial sums kept in the output type add a few more roundings,
      // hence the term in sum |x w|, which grows as K while a wrong result's
      // error grows as sqrt(K).
      const double tol = t.out_rel_eps == 0.0
                             ? 0.5
                             : 2 * t.out_rel_eps * std::fabs(ref) +
                                   std::max(1e-4, t.out_rel_eps / 8) * abs_sum + 1e-6;
      const double ratio = std::fabs(got - ref) / tol;
      if (!std::isfinite(got)) r.max_err_ratio = INFINITY;
      r.max_err_ratio = std::max(r.max_err_ratio, ratio);
      if (!(ratio <= 1.0) && r.check_ok) {
        r.check_ok = false;
        std::ostringstream msg;
        msg << "result check failed: " << t.name << " " << layout_name(p) << " M=" << p.m
            << " N=" << p.n << " K=" << p.k << " batch=" << p.batch << ": Y[" << samples[3 * q]
            << "," << samples[3 * q + 1] << "," << samples[3 * q + 2] << "] = " << got
            << ", reference " << ref << " (tolerance " << tol << ", buffer set " << s << ")";
        r.check_message = msg.str();
      }
    }
  }

  // The timed repetitions' event intervals in microseconds.
  std::vector<double> elapsed_us() const {
    std::vector<double> out;
    for (int i = 0; i < o_.reps; ++i) {
      float ms = 0.0f;
      CUDA_CHECK(cudaEventElapsedTime(&ms, events_[2 * i], events_[2 * i + 1]));
      out.push_back(1000.0 * ms);
    }
    return out;
  }

  const Options& o_;
  const DeviceInfo& d_;
  const Nvml* nvml_ = nullptr;
  cublasLtHandle_t lt_ = nullptr;
  cudaStream_t stream_ = nullptr;
  void* workspace_ = nullptr;
  std::vector<cudaEvent_t> events_;
  cuda_util::SpinQueue spin_;
};

}  // namespace

int main(int argc, char** argv) {
  cuda_util::g_prog = kProg;
  const Options o = parse_args(argc, argv);

  std::vector<Problem> problems;
  if (o.bitblas) {
    const auto b = bitblas_problems();
    problems.insert(problems.end(), b.begin(), b.end());
  }
  for (const auto& f : o.traces) {
    const auto t = trace_problems(f, o.attention);
    problems.insert(problems.end(), t.begin(), t.end());
  }
  problems.insert(problems.end(), o.shapes.begin(), o.shapes.end());
  // Each distinct (layout, M, N, K, batch) once, first label kept.
  {
    std::set<std::tuple<bool, std::int64_t, std::int64_t, std::int64_t, std::int64_t>> seen;
    std::vector<Problem> unique;
    for (const auto& p : problems) {
      if (seen.insert({p.attn_value, p.m, p.n, p.k, p.batch}).second) unique.push_back(p);
    }
    problems.swap(unique);
  }

  if (o.list) {
    // The measurement plan, without touching a GPU.
    std::cout << "dtype,layout,m,n,k,batch,label\n";
    for (const auto& name : o.dtypes) {
      for (const Problem& p : problems) {
        std::cout << find_dtype(name)->name << "," << layout_name(p) << "," << p.m << "," << p.n
                  << "," << p.k << "," << p.batch << "," << csv_field(p.label) << "\n";
      }
    }
    return 0;
  }

  const DeviceInfo d = open_device(o.device);
  const bool fp8_ok = d.cc_major * 10 + d.cc_minor >= 89;
  std::vector<const DtypeInfo*> dtypes;
  for (const auto& name : o.dtypes) {
    const DtypeInfo* t = find_dtype(name);
    if (t->dtype == Dtype::kFp8E4m3 && !fp8_ok) {
      if (o.dtypes_given) {
        die("fp8_e4m3 needs compute capability >= 8.9; " + d.name + " has " +
                std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor),
            2);
      }
      std::fprintf(stderr, "%s: note: fp8_e4m3 skipped (compute capability %d.%d < 8.9)\n", kProg,
                   d.cc_major, d.cc_minor);
      continue;
    }
    dtypes.push_back(t);
  }

  std::ofstream file;
  if (!o.out.empty()) {
    file.open(o.out);
    if (!file) die("-o " + o.out + ": cannot open the file for writing", 2);
  }
  std::ostream& csv = o.out.empty() ? std::cout : file;
  csv << "gpu,sm_count,compute_capability,l2_bytes,sm_clock_max_mhz,mem_clock_max_mhz,"
         "sm_clock_mhz,mem_clock_mhz,driver,cuda_runtime,cublas,dtype,out_dtype,layout,"
         "m,n,k,batch,median_us,p10_us,p90_us,tflops,reps,buffer_sets,check_max_err_ratio,label,"
         "unqueued_median_us,unqueued_p10_us,unqueued_p90_us,host_enqueue_us,sm_clock_timed_mhz,"
      << kAlgoColumns << ",launches\n";
  csv.flush();

  Nvml nvml;
  const bool have_nvml = nvml.open(o.device);
  if (!have_nvml) {
    std::fprintf(stderr, "%s: note: NVML not available, current clocks left empty\n", kProg);
  }
  auto clock_text = [&](int type) {
    const long v = have_nvml ? nvml.clock(type) : -1;
    return v < 0 ? std::string() : std::to_string(v);
  };

  Bench bench(o, d, have_nvml ? &nvml : nullptr);
  int failures = 0;
  for (const DtypeInfo* t : dtypes) {
    for (const Problem& p : problems) {
      const Result r = bench.run(p, *t);
      if (!r.check_ok) {
        std::fprintf(stderr, "%s: %s\n", kProg, r.check_message.c_str());
        ++failures;
        continue;
      }
      if (!r.ran) {
        std::fprintf(stderr, "%s: note: skipped %s %s M=%lld N=%lld K=%lld batch=%lld: %s\n", kProg,
                     t->name, layout_name(p).c_str(), static_cast<long long>(p.m),
                     static_cast<long long>(p.n), static_cast<long long>(p.k),
                     static_cast<long long>(p.batch), r.skip_reason.c_str());
        continue;
      }
      const double median = percentile(r.times_us, 0.5);
      const double flops = 2.0 * static_cast<double>(p.m) * p.n * p.k * p.batch;
      std::ostringstream row;
      row.precision(6);
      row << csv_field(d.name) << "," << d.sm_count << "," << d.cc_major << "." << d.cc_minor << ","
          << d.l2_bytes << "," << d.sm_clock_max_mhz << "," << d.mem_clock_max_mhz << ","
          << clock_text(1) << "," << clock_text(2) << "," << d.driver << "," << d.runtime << ","
          << d.cublas << "," << t->name << "," << t->out_name << "," << csv_field(layout_name(p))
          << "," << p.m << "," << p.n << "," << p.k << "," << p.batch << "," << median << ","
          << percentile(r.times_us, 0.1) << "," << percentile(r.times_us, 0.9) << ","
          << flops / (median * 1e-6) / 1e12 << "," << r.times_us.size() << "," << r.sets << ","
          << r.max_err_ratio << "," << csv_field(p.label) << ","
          << percentile(r.unqueued_times_us, 0.5) << "," << percentile(r.unqueued_times_us, 0.1)
          << "," << percentile(r.unqueued_times_us, 0.9) << "," << r.host_enqueue_us << ","
          << (r.sm_clock_timed_mhz < 0 ? std::string() : std::to_string(r.sm_clock_timed_mhz))
          << "," << r.algo_columns << "," << csv_field(r.launches) << "\n";
      csv << row.str();
      csv.flush();
    }
  }
  if (nvml.shutdown && have_nvml) nvml.shutdown();
  if (failures)
    die(std::to_string(failures) + " result check(s) failed; those shapes have no row", 4);
  return 0;
}
