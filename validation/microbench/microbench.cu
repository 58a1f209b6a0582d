// lutsim_microbench: measures the microarchitecture figures the tile model
// (sim/tile/) is built from, on the GPU at hand, and writes one CSV row per
// figure: tensor-core mma.sync latency and throughput, ldmatrix, shared
// memory (latency, bandwidth with and without bank conflicts), L2 and DRAM
// latency and bandwidth, the per-kernel cost of back-to-back kernels, and on
// sm_90a builds wgmma throughput. See validation/microbench/README.md.
//
// Every value is computed from what this program measured: cycles from
// clock64() inside the kernel (latencies), or operations / (event time x SM
// clock) where the SM clock is measured in the same kernel: block 0's thread 0
// reads clock64() and %globaltimer at its start and end (cycles / ns).
// Nothing is locked or changed on the GPU; NVML (loaded at run time, read-only)
// gives the clocks it reports.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../cublas/cuda_util.cuh"

namespace {

using cuda_util::csv_field;
using cuda_util::die;
using cuda_util::Nvml;
using cuda_util::percentile;

const char* const kProg = "lutsim_microbench";

// ---- in-kernel clock probe ----------------------------------------------------------

// Block 0, thread 0 records SM cycles and global-timer nanoseconds at its start
// and end: their ratio is the SM clock while it ran. The same cycles over the
// kernel's event time are kept as a cross-check; they err low where warp 0 of
// block 0 finishes before the kernel does (oldest-first warp scheduling: a
// quarter of the kernel's time in the mma kernels on an H100).
struct Probe {
  long long c0, c1;
  unsigned long long t0, t1;
};

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ void probe_begin(Probe* p) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    p->t0 = global_ns();
    p->c0 = clock64();
  }
}
__device__ __forceinline__ void probe_end(Probe* p) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    p->c1 = clock64();
    p->t1 = global_ns();
  }
}

__device__ __forceinline__ std::uint32_t hash_u32(std::uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}
// Two random f16 values of magnitude in [1/16, 1/8], random signs (never zero).
__device__ __forceinline__ std::uint32_t random_half2(std::uint32_t seed) {
  const std::uint32_t h = hash_u32(seed);
  const float lo = ((h & 1) ? -1.f : 1.f) * (0.0625f + 0.0625f * ((h >> 8) & 255) / 256.f);
  const float hi = ((h & 2) ? -1.f : 1.f) * (0.0625f + 0.0625f * ((h >> 16) & 255) / 256.f);
  const __half2 v = __floats2half2_rn(lo, hi);
  return *reinterpret_cast<const std::uint32_t*>(&v);
}
// Four random int8 values in +-[1, 3] (never zero).
__device__ __forceinline__ std::uint32_t random_s8x4(std::uint32_t seed) {
  const std::uint32_t h = hash_u32(seed);
  std::uint32_t out = 0;
  for (int i = 0; i < 4; ++i) {
    const int mag = 1 + ((h >> (8 * i + 1)) % 3);
    const int v = ((h >> (8 * i)) & 1) ? -mag : mag;
    out |= (static_cast<std::uint32_t>(v) & 0xffu) << (8 * i);
  }
  return out;
}

// ---- mma.sync variants -----------------------------------------------------------------

// One warp-wide mma.sync: kA / kB 32-bit registers of A / B per thread, kC
// accumulator registers, kFma multiply-adds per instruction (m x n x k).
struct MmaK16F32 {  // m16n8k16, f16 inputs, f32 accumulate
  using Acc = float;
  static constexpr int kA = 4, kB = 2, kC = 4, kFma = 16 * 8 * 16;
  static constexpr bool kInt = false;
  static constexpr const char* kName = "mma.sync.m16n8k16.f32.f16.f16.f32";
  __device__ static void step(Acc* c, const std::uint32_t* a, const std::uint32_t* b) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
};
struct MmaK16F16 {  // m16n8k16, f16 inputs, f16 accumulate
  using Acc = std::uint32_t;
  static constexpr int kA = 4, kB = 2, kC = 2, kFma = 16 * 8 * 16;
  static constexpr bool kInt = false;
  static constexpr const char* kName = "mma.sync.m16n8k16.f16.f16.f16.f16";
  __device__ static void step(Acc* c, const std::uint32_t* a, const std::uint32_t* b) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, "
        "{%0,%1};"
        : "+r"(c[0]), "+r"(c[1])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
};
struct MmaK8F32 {  // m16n8k8, f16 inputs, f32 accumulate
  using Acc = float;
  static constexpr int kA = 2, kB = 1, kC = 4, kFma = 16 * 8 * 8;
  static constexpr bool kInt = false;
  static constexpr const char* kName = "mma.sync.m16n8k8.f32.f16.f16.f32";
  __device__ static void step(Acc* c, const std::uint32_t* a, const std::uint32_t* b) {
    asm volatile(
        "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, "
        "{%0,%1,%2,%3};"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]));
  }
};
struct MmaK8F16 {  // m16n8k8, f16 inputs, f16 accumulate
  using Acc = std::uint32_t;
  static constexpr int kA = 2, kB = 1, kC = 2, kFma = 16 * 8 * 8;
  static constexpr bool kInt = false;
  static constexpr const char* kName = "mma.sync.m16n8k8.f16.f16.f16.f16";
  __device__ static void step(Acc* c, const std::uint32_t* a, const std::uint32_t* b) {
    asm volatile(
        "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3}, {%4}, {%0,%1};"
        : "+r"(c[0]), "+r"(c[1])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]));
  }
};
struct MmaK32S8 {  // m16n8k32, s8 inputs, s32 accumulate
  using Acc = std::uint32_t;
  static constexpr int kA = 4, kB = 2, kC = 4, kFma = 16 * 8 * 32;
  static constexpr bool kInt = true;
  static constexpr const char* kName = "mma.sync.m16n8k32.s32.s8.s8.s32";
  __device__ static void step(Acc* c, const std::uint32_t* a, const std::uint32_t* b) {
    asm volatile(
        "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
};
struct MmaK16S8 {  // m16n8k16, s8 inputs, s32 accumulate
  using Acc = std::uint32_t;
  static constexpr int kA = 2, kB = 1, kC = 4, kFma = 16 * 8 * 16;
  static constexpr bool kInt = true;
  static constexpr const char* kName = "mma.sync.m16n8k16.s32.s8.s8.s32";
  __device__ static void step(Acc* c, const std::uint32_t* a, const std::uint32_t* b) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, "
        "{%0,%1,%2,%3};"
        : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]));
  }
};

template <class V>
__device__ __forceinline__ void mma_operands(std::uint32_t* a, std::uint32_t* b) {
  const std::uint32_t seed = (blockIdx.x * blockDim.x + threadIdx.x) * 64;
  for (int i = 0; i < V::kA; ++i) a[i] = V::kInt ? random_s8x4(seed + i) : random_half2(seed + i);
  for (int i = 0; i < V::kB; ++i)
    b[i] = V::kInt ? random_s8x4(seed + 32 + i) : random_half2(seed + 32 + i);
}

template <class V>
__device__ __forceinline__ float acc_sum(const typename V::Acc* c) {
  float s = 0.f;
  for (int i = 0; i < V::kC; ++i) s += static_cast<float>(c[i]);
  return s;
}

// One warp, one dependent chain: each mma needs the previous one's result.
template <class V>
__global__ void mma_latency_kernel(int steps, long long* cycles, float* sink) {
  std::uint32_t a[V::kA], b[V::kB];
  mma_operands<V>(a, b);
  typename V::Acc c[V::kC] = {};
  __syncwarp();
  const long long t0 = clock64();
#pragma unroll 16
  for (int i = 0; i < steps; ++i) V::step(c, a, b);
  const long long t1 = clock64();
  if (threadIdx.x == 0) *cycles = t1 - t0;
  sink[threadIdx.x] = acc_sum<V>(c);
}

// Every warp of a full GPU runs kIlp independent chains.
template <class V, int kIlp>
__global__ void mma_throughput_kernel(int steps, Probe* probe, float* sink) {
  probe_begin(probe);
  std::uint32_t a[V::kA], b[V::kB];
  mma_operands<V>(a, b);
  typename V::Acc c[kIlp][V::kC] = {};
#pragma unroll 4
  for (int i = 0; i < steps; ++i) {
#pragma unroll
    for (int j = 0; j < kIlp; ++j) V::step(c[j], a, b);
  }
  float s = 0.f;
#pragma unroll
  for (int j = 0; j < kIlp; ++j) s += acc_sum<V>(c[j]);
  sink[blockIdx.x * blockDim.x + threadIdx.x] = s;
  probe_end(probe);
}

// ---- ldmatrix -------------------------------------------------------------------------------

__device__ __forceinline__ void ldmatrix_x4(std::uint32_t addr, std::uint32_t& r0,
                                            std::uint32_t& r1, std::uint32_t& r2,
                                            std::uint32_t& r3) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
}

// One warp: the 4 matrices are 32 contiguous 16-byte rows; thread t supplies row
// t's address and receives (matrix 0) word t, which holds that same address, so
// each ldmatrix's address is the previous one's result, with no arithmetic.
__global__ void ldmatrix_latency_kernel(int steps, long long* cycles, std::uint32_t* sink) {
  __shared__ __align__(128) std::uint32_t s[128];
  const std::uint32_t base = static_cast<std::uint32_t>(__cvta_generic_to_shared(s));
  for (int i = threadIdx.x; i < 128; i += 32) s[i] = base + (i % 32) * 16;
  __syncwarp();
  std::uint32_t addr = base + threadIdx.x * 16, r1 = 0, r2 = 0, r3 = 0, x = 0;
  const long long t0 = clock64();
#pragma unroll 16
  for (int i = 0; i < steps; ++i) {
    ldmatrix_x4(addr, addr, r1, r2, r3);
    x ^= r3;
  }
  const long long t1 = clock64();
  if (threadIdx.x == 0) *cycles = t1 - t0;
  sink[threadIdx.x] = addr ^ r1 ^ r2 ^ x;
}

// Every warp loads kIlp independent x4 fragments per step from conflict-free
// 512-byte blocks of a 16 KB buffer.
constexpr int kLdmIlp = 4;
__global__ void ldmatrix_throughput_kernel(int steps, Probe* probe, std::uint32_t* sink) {
  __shared__ __align__(128) std::uint32_t s[4096];
  for (int i = threadIdx.x; i < 4096; i += blockDim.x) s[i] = hash_u32(i);
  __syncthreads();
  probe_begin(probe);
  const std::uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const std::uint32_t base = static_cast<std::uint32_t>(__cvta_generic_to_shared(s));
  // The blocks change every step: ptxas hoists an ldmatrix of an unchanged
  // address out of the loop (seen: 203 "B/clk/SM" when they did not change).
  std::uint32_t x = 0;
#pragma unroll 2
  for (int i = 0; i < steps; ++i) {
#pragma unroll
    for (int j = 0; j < kLdmIlp; ++j) {
      const std::uint32_t blk = (warp * kLdmIlp + j + 4 * i) & 31;
      std::uint32_t r0, r1, r2, r3;
      ldmatrix_x4(base + blk * 512 + lane * 16, r0, r1, r2, r3);
      x ^= r0 ^ r1 ^ r2 ^ r3;
    }
  }
  sink[blockIdx.x * blockDim.x + threadIdx.x] = x;
  probe_end(probe);
}

// ---- shared memory -------------------------------------------------------------------------

// One thread chases 256 words (each holds the next one's shared address).
__global__ void smem_latency_kernel(int steps, long long* cycles, std::uint32_t* sink) {
  __shared__ std::uint32_t s[256];
  const std::uint32_t base = static_cast<std::uint32_t>(__cvta_generic_to_shared(s));
  for (int i = threadIdx.x; i < 256; i += blockDim.x) s[i] = base + 4 * ((i + 97) % 256);
  __syncthreads();
  if (threadIdx.x != 0) return;
  std::uint32_t p = base;
  const long long t0 = clock64();
#pragma unroll 16
  for (int i = 0; i < steps; ++i) asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p));
  const long long t1 = clock64();
  *cycles = t1 - t0;
  sink[0] = p;
}

// Every warp loads 32-bit words, lane t at word t * kStride: kStride 1 hits 32
// banks (no conflict), 2, 4 and 32 give 2-, 4- and 32-way bank conflicts. The
// loads are volatile: plain loads of an unchanged address are merged by ptxas
// (seen: 485 "B/clk/SM" without it, four times the hardware's width).
template <int kStride>
__global__ void smem_bandwidth_kernel(int steps, Probe* probe, std::uint32_t* sink) {
  __shared__ std::uint32_t s[32 * 32];
  for (int i = threadIdx.x; i < 32 * 32; i += blockDim.x) s[i] = i;
  __syncthreads();
  probe_begin(probe);
  const std::uint32_t addr = static_cast<std::uint32_t>(__cvta_generic_to_shared(s)) +
                             4 * ((threadIdx.x % 32) * kStride);
  std::uint32_t acc = 0;
  for (int i = 0; i < steps; ++i) {
    std::uint32_t v[8];
#pragma unroll
    for (int j = 0; j < 8; ++j)
      asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(v[j]) : "r"(addr));
#pragma unroll
    for (int j = 0; j < 8; ++j) acc += v[j];
  }
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
  probe_end(probe);
}

// ---- global memory ---------------------------------------------------------------------------

// Builds a pointer chain in `buf`: line seq[i] (128-byte lines) holds the
// address of line seq[i + 1], the last the first.
__global__ void link_chain_kernel(unsigned long long* buf, const std::uint32_t* seq, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    buf[static_cast<std::size_t>(seq[i]) * 16] =
        reinterpret_cast<unsigned long long>(buf + static_cast<std::size_t>(seq[(i + 1) % n]) * 16);
  }
}

// One thread follows the chain; loads bypass L1 (ld.global.cg), so every step
// is an L2 hit or a DRAM access.
__global__ void chase_kernel(unsigned long long start, int steps, long long* out,
                             unsigned long long* sink) {
  unsigned long long p = start;
  const long long t0 = clock64();
  for (int i = 0; i < steps; ++i) asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
  const long long t1 = clock64();
  out[0] = t1 - t0;
  sink[0] = p;
}

template <bool kCg>
__device__ __forceinline__ uint4 load16(const uint4* p) {
  uint4 v;
  if (kCg) {
    asm volatile("ld.global.cg.v4.u32 {%0,%1,%2,%3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p));
  } else {
    asm volatile("ld.global.v4.u32 {%0,%1,%2,%3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p));
  }
  return v;
}
// All threads read `total` 16-byte words at indices k & mask (the buffer is
// mask + 1 words, a power of two, so total / (mask + 1) passes over it), four
// independent loads in flight per thread; kCg: ld.global.cg (L2, not L1).
template <bool kCg>
__global__ void read_kernel(const uint4* buf, std::size_t mask, std::size_t total, Probe* probe,
                            std::uint32_t* sink) {
  probe_begin(probe);
  const std::size_t t = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  std::uint32_t acc = 0;
  std::size_t k = t;
  for (; k + 3 * stride < total; k += 4 * stride) {
    const uint4 a = load16<kCg>(buf + (k & mask)), b = load16<kCg>(buf + ((k + stride) & mask)),
                c = load16<kCg>(buf + ((k + 2 * stride) & mask)),
                d = load16<kCg>(buf + ((k + 3 * stride) & mask));
    acc ^= a.x ^ a.y ^ a.z ^ a.w ^ b.x ^ b.y ^ b.z ^ b.w ^ c.x ^ c.y ^ c.z ^ c.w ^ d.x ^ d.y ^ d.z ^
           d.w;
  }
  for (; k < total; k += stride) {
    const uint4 a = load16<kCg>(buf + (k & mask));
    acc ^= a.x ^ a.y ^ a.z ^ a.w;
  }
  sink[t] = acc;
  probe_end(probe);
}

__global__ void copy_kernel(uint4* dst, const uint4* src, std::size_t n, Probe* probe) {
  probe_begin(probe);
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    dst[i] = src[i];
  probe_end(probe);
}

// Every thread stores 16-byte words (its index, so that nothing compresses to
// a constant) over `n` words, `passes` times: a write stream with no reads.
__global__ void write_kernel(uint4* dst, std::size_t n, int passes, Probe* probe) {
  probe_begin(probe);
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (int p = 0; p < passes; ++p) {
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
         i += stride) {
      const auto v = static_cast<std::uint32_t>(i) ^ static_cast<std::uint32_t>(p);
      dst[i] = make_uint4(v, v + 1, v + 2, v + 3);
    }
  }
  probe_end(probe);
}

__global__ void fill_kernel(std::uint32_t* p, std::size_t n) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    p[i] = hash_u32(static_cast<std::uint32_t>(i)) | 1u;
}

// ---- back-to-back kernels ----------------------------------------------------------------------

__global__ void empty_kernel() {}

// The tiny memory op: b = s a over 64 KiB of doubles (8192), 32 blocks x 256.
__global__ void scale_kernel(double* b, const double* a, double s, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = s * a[i];
}

// ---- wgmma (sm_90a builds only) ----------------------------------------------------------------

// Two warpgroups per block, one block per SM; each warpgroup issues
// wgmma.mma_async m64n256k16 f32 += f16 x f16 with A from registers and B
// (16 x 256, no swizzle) from shared memory, 16 per commit group, all into the
// same 128 accumulators. *supported = 1 only where the sm_90a code ran.
constexpr int kWgmmaPerGroup = 16;
__global__ void __launch_bounds__(256, 1)
    wgmma_throughput_kernel(int steps, Probe* probe, float* sink, int* supported) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  __shared__ __align__(1024) __half bs[16 * 256];
  for (int i = threadIdx.x; i < 16 * 256; i += blockDim.x)
    bs[i] = __float2half(0.0625f + 0.0625f * (hash_u32(i) & 255) / 256.f);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  probe_begin(probe);
  std::uint32_t a[4];
  for (int i = 0; i < 4; ++i) a[i] = random_half2(threadIdx.x * 8 + i);
  const std::uint64_t addr = static_cast<std::uint64_t>(__cvta_generic_to_shared(bs));
  // Matrix descriptor: start address, leading (K) byte offset 128, stride (N)
  // byte offset 256 (8x8 core matrices, 128 bytes each), no swizzle.
  const std::uint64_t desc = ((addr & 0x3ffff) >> 4) | (std::uint64_t(128 >> 4) << 16) |
                             (std::uint64_t(256 >> 4) << 32);
  float d[128];
#pragma unroll
  for (int i = 0; i < 128; ++i) d[i] = 0.f;
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (int s = 0; s < steps; ++s) {
#pragma unroll
    for (int j = 0; j < kWgmmaPerGroup; ++j) {
      asm volatile(
          "{\n"
          ".reg .pred p;\n"
          "setp.ne.b32 p, %133, 0;\n"
          "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 "
          "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, "
          "%18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, "
          "%34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, "
          "%50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, "
          "%66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, "
          "%82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, "
          "%98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "
          "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, "
          "%126, %127}, {%128, %129, %130, %131}, %132, p, 1, 1, 0;\n"
          "}\n"
          : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]),
            "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]),
            "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]),
            "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),
            "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]),
            "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]),
            "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]),
            "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]),
            "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]),
            "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]),
            "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]),
            "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]),
            "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]),
            "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]),
            "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]),
            "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]),
            "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]),
            "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]),
            "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]),
            "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]),
            "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]),
            "+f"(d[127])
          : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc), "r"(1));
    }
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  }
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < 128; ++i) s += d[i];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = s;
  probe_end(probe);
  if (blockIdx.x == 0 && threadIdx.x == 0) *supported = 1;
#else
  (void)steps;
  (void)probe;
  (void)sink;
  if (blockIdx.x == 0 && threadIdx.x == 0) *supported = 0;
#endif
}

// ---- host side ----------------------------------------------------------------------------------

struct Options {
  std::string out;
  int device = 0;
  int runs = 5;  // timed runs per figure; the median is reported
};

const char* const kHelp =
    R"(lutsim_microbench: measure GPU microarchitecture figures and write them as CSV
(figure, value, unit, method, gpu, clocks), one row per figure.

Usage: lutsim_microbench [-o FILE] [--device N] [--runs N]

  -o, --out FILE   write the CSV there (default: standard output); rows are
                   written as they are measured
  --device N       CUDA device (default 0)
  --runs N         timed runs per figure, median reported (default 5, >= 1)
  -h, --help       this text

Figures: mma.sync latency (one warp, dependent chain, clock64 cycles) and
throughput (all SMs, as many warps as fit, independent chains: FLOP/clk/SM and
TFLOP/s) for m16n8k16 and m16n8k8 f16 with f32 and f16 accumulation and
m16n8k16 / m16n8k32 s8 with s32; ldmatrix.x4 latency (chained) and throughput;
shared-memory latency (pointer chase) and bandwidth with 1-, 2-, 4- and 32-way
bank conflicts; L2 hit bandwidth (8 and 16 MiB buffers, ld.global.cg) and
latency (random chase over 4 MiB); DRAM read, write and copy bandwidth
(GiB-sized buffers) and latency (random chase over 128 MiB and 1 GiB after an L2 flush);
per-kernel time of back-to-back kernels queued behind a GPU-side spin (empty,
and a 64 KiB scale), host-launched and in a CUDA graph; wgmma m64n256k16 f16
throughput where the sm_90a code is in the binary and the GPU runs it.

Clocks: sm_clock_kernel_mhz is the SM clock while the kernel ran: clock64 cycles
over %globaltimer ns of block 0's thread 0 (throughputs per cycle use it);
sm_clock_event_mhz the same cycles over the kernel's event time (a cross-check,
low where block 0 finishes early); sm_clock_nvml_mhz NVML's SM clock read about
1 ms into the kernel. Nothing on the GPU is changed.

Exit status: 0 ok, 1 CUDA error, 2 bad arguments, 3 no usable GPU.
)";

Options parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) die(a + " needs a value (see --help)", 2);
      return argv[++i];
    };
    if (a == "-h" || a == "--help") {
      std::fputs(kHelp, stdout);
      std::exit(0);
    } else if (a == "-o" || a == "--out") {
      o.out = value();
    } else if (a == "--device" || a == "--runs") {
      const std::string v = value();
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0' || n < (a == "--runs" ? 1 : 0))
        die(a + ": expected an integer >= " + (a == "--runs" ? "1" : "0") + ", got '" + v +
                "' (see --help)",
            2);
      (a == "--runs" ? o.runs : o.device) = static_cast<int>(n);
    } else {
      die("unknown argument '" + a + "' (see --help)", 2);
    }
  }
  return o;
}

// A timed launch: its event time, the SM clock its probe measured (0 when the
// kernel has no probe) and NVML's clocks read while it ran.
struct Timed {
  double ms = 0, kernel_mhz = 0, event_mhz = 0;
  long nvml_mhz = -1, nvml_mem_mhz = -1;
};

class Bench {
 public:
  Bench(const Options& o, std::ostream& csv) : o_(o), csv_(csv) {
    cuda_util::open_cuda_device(o.device);
    CUDA_CHECK(cudaGetDeviceProperties(&prop_, o.device));
    int v = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrClockRate, o.device));
    sm_clock_max_mhz_ = v / 1000;
    have_nvml_ = nvml_.open(o.device);
    if (!have_nvml_) std::fprintf(stderr, "%s: note: NVML not available, its clocks left empty\n", kProg);
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    CUDA_CHECK(cudaMalloc(&probe_, sizeof(Probe)));
    CUDA_CHECK(cudaMalloc(&cycles_, 4 * sizeof(long long)));
    CUDA_CHECK(cudaMalloc(&sink_, 64u << 20));
    CUDA_CHECK(cudaEventCreate(&ev0_));
    CUDA_CHECK(cudaEventCreate(&ev1_));
    csv_ << "figure,value,unit,method,gpu,sm_count,sm_clock_kernel_mhz,sm_clock_event_mhz,"
            "sm_clock_nvml_mhz,sm_clock_max_mhz,mem_clock_nvml_mhz\n";
    csv_.flush();
  }
  ~Bench() {
    cudaFree(probe_);
    cudaFree(cycles_);
    cudaFree(sink_);
    cudaEventDestroy(ev0_);
    cudaEventDestroy(ev1_);
    cudaStreamDestroy(stream_);
  }

  int sms() const { return prop_.multiProcessorCount; }
  std::size_t l2_bytes() const { return static_cast<std::size_t>(prop_.l2CacheSize); }

  // Device -> host copy ordered after the work on stream_ (stream_ does not
  // synchronize with the legacy default stream, so a plain cudaMemcpy could
  // read before the kernel has written: seen in a first run).
  void fetch(void* dst, const void* src, std::size_t bytes) {
    CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, stream_));
    CUDA_CHECK(cudaStreamSynchronize(stream_));
  }
  // One figure: a CSV row (and a line on standard error), with the clocks of
  // the timed kernel it came from (none for latencies counted in cycles).
  void row(const std::string& figure, double value, const std::string& unit,
           const std::string& method, const Timed& t = Timed()) {
    std::ostringstream r;
    r.precision(6);
    r << figure << "," << value << "," << csv_field(unit) << "," << csv_field(method) << ","
      << csv_field(prop_.name) << "," << sms() << ",";
    if (t.kernel_mhz > 0) r << std::round(t.kernel_mhz);
    r << ",";
    if (t.event_mhz > 0) r << std::round(t.event_mhz);
    r << ",";
    if (t.nvml_mhz >= 0) r << t.nvml_mhz;
    r << "," << sm_clock_max_mhz_ << ",";
    if (t.nvml_mem_mhz >= 0) r << t.nvml_mem_mhz;
    r << "\n";
    csv_ << r.str();
    csv_.flush();
    std::fprintf(stderr, "%-44s %12.4g %s\n", figure.c_str(), value, unit.c_str());
  }

  Timed time_once(const std::function<void()>& launch, bool probed) {
    Timed t;
    CUDA_CHECK(cudaEventRecord(ev0_, stream_));
    launch();
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(ev1_, stream_));
    if (have_nvml_) {
      // Read NVML about 1 ms into a kernel that runs that long.
      std::this_thread::sleep_for(std::chrono::microseconds(1000));
      t.nvml_mhz = nvml_.clock(1);
      t.nvml_mem_mhz = nvml_.clock(2);
    }
    CUDA_CHECK(cudaEventSynchronize(ev1_));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, ev0_, ev1_));
    t.ms = ms;
    if (probed) {
      Probe p{};
      fetch(&p, probe_, sizeof p);
      if (p.t1 > p.t0) t.kernel_mhz = 1e3 * static_cast<double>(p.c1 - p.c0) / (p.t1 - p.t0);
      t.event_mhz = static_cast<double>(p.c1 - p.c0) / (1e3 * t.ms);
    }
    return t;
  }
  // One warm-up, then o_.runs timed runs; the run with the median time.
  Timed time_median(const std::function<void()>& launch, bool probed = true) {
    time_once(launch, probed);
    std::vector<Timed> runs;
    for (int i = 0; i < o_.runs; ++i) runs.push_back(time_once(launch, probed));
    std::sort(runs.begin(), runs.end(), [](const Timed& a, const Timed& b) { return a.ms < b.ms; });
    return runs[runs.size() / 2];
  }
  // Median over o_.runs of cycles_[0] after a single-warp latency kernel (after a warm-up).
  double cycles_median(const std::function<void()>& launch) {
    std::vector<double> v;
    for (int i = 0; i <= o_.runs; ++i) {
      launch();
      CUDA_CHECK(cudaGetLastError());
      long long c = 0;
      fetch(&c, cycles_, sizeof c);
      if (i > 0) v.push_back(static_cast<double>(c));
    }
    return percentile(v, 0.5);
  }
  // Blocks of `threads` that fit on one SM at once (at most `cap`).
  template <class K>
  int blocks_per_sm(K kernel, int threads, int cap) {
    int n = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, threads, 0));
    return std::max(1, std::min(n, cap));
  }

  template <class V>
  void mma() {
    const int steps = 4096;
    const double lat = cycles_median([&] {
      mma_latency_kernel<V><<<1, 32, 0, stream_>>>(steps, cycles_, static_cast<float*>(sink_));
    });
    row(std::string("mma_latency.") + V::kName, lat / steps, "cycles",
        "1 warp, dependent accumulator chain of 4096, clock64");

    constexpr int kIlp = 4;
    const int threads = 256;
    const int per_sm = blocks_per_sm(mma_throughput_kernel<V, kIlp>, threads, 4);
    const int blocks = per_sm * sms(), tp_steps = 32768;
    const Timed t = time_median([&] {
      mma_throughput_kernel<V, kIlp><<<blocks, threads, 0, stream_>>>(tp_steps, probe_,
                                                                      static_cast<float*>(sink_));
    });
    const double fma = static_cast<double>(blocks) * (threads / 32) * tp_steps * kIlp * V::kFma;
    const double cycles = t.ms * 1e-3 * t.kernel_mhz * 1e6;
    const std::string method = std::to_string(per_sm * threads / 32) +
                               " warps/SM x 4 independent chains, all SMs, one wave; events";
    row(std::string("mma_throughput_per_sm.") + V::kName, 2 * fma / cycles / sms(),
        V::kInt ? "OP/clk/SM" : "FLOP/clk/SM", method, t);
    row(std::string("mma_throughput_gpu.") + V::kName, 2 * fma / (t.ms * 1e-3) / 1e12,
        V::kInt ? "TOP/s" : "TFLOP/s", method + " (at the measured clock)", t);
  }

  void ldmatrix() {
    const int steps = 4096;
    const double lat = cycles_median([&] {
      ldmatrix_latency_kernel<<<1, 32, 0, stream_>>>(steps, cycles_,
                                                     static_cast<std::uint32_t*>(sink_));
    });
    row("ldmatrix_latency.x4", lat / steps, "cycles",
        "1 warp, each address the previous ldmatrix's result (no arithmetic), clock64");
    const int threads = 256, per_sm = blocks_per_sm(ldmatrix_throughput_kernel, threads, 8);
    const int blocks = per_sm * sms(), tp_steps = 16384;
    const Timed t = time_median([&] {
      ldmatrix_throughput_kernel<<<blocks, threads, 0, stream_>>>(
          tp_steps, probe_, static_cast<std::uint32_t*>(sink_));
    });
    const double n = static_cast<double>(blocks) * (threads / 32) * tp_steps * kLdmIlp;
    const double cycles = t.ms * 1e-3 * t.kernel_mhz * 1e6;
    const std::string method = std::to_string(per_sm * threads / 32) +
                               " warps/SM x 4 independent ldmatrix.x4, conflict-free rows; events";
    row("ldmatrix_throughput.x4", n / cycles / sms(), "instr/clk/SM", method, t);
    row("ldmatrix_bandwidth.x4", 512 * n / cycles / sms(), "B/clk/SM", method, t);
  }

  template <int kStride>
  void smem_bandwidth(const char* name) {
    const int threads = 1024, per_sm = blocks_per_sm(smem_bandwidth_kernel<kStride>, threads, 2);
    const int blocks = per_sm * sms(), steps = 4096 / kStride;
    const Timed t = time_median([&] {
      smem_bandwidth_kernel<kStride><<<blocks, threads, 0, stream_>>>(
          steps, probe_, static_cast<std::uint32_t*>(sink_));
    });
    const double bytes = static_cast<double>(blocks) * threads * steps * 8 * 4;
    const double cycles = t.ms * 1e-3 * t.kernel_mhz * 1e6;
    row(std::string("smem_bandwidth.") + name, bytes / cycles / sms(), "B/clk/SM",
        std::to_string(per_sm * threads / 32) + " warps/SM, ld.shared.u32, lane t at word t x " +
            std::to_string(kStride) + "; useful bytes; events", t);
  }

  void shared_memory() {
    const int steps = 4096;
    const double lat = cycles_median([&] {
      smem_latency_kernel<<<1, 32, 0, stream_>>>(steps, cycles_, static_cast<std::uint32_t*>(sink_));
    });
    row("smem_latency", lat / steps, "cycles",
        "1 thread, ld.shared.u32 pointer chase over 256 words (address = loaded value), clock64");
    smem_bandwidth<1>("no_conflict");
    smem_bandwidth<2>("2way_conflict");
    smem_bandwidth<4>("4way_conflict");
    smem_bandwidth<32>("32way_conflict");
  }

  // Random chase over `lines` 128-byte lines of `buf`, `steps` steps; warm:
  // one untimed pass first (L2 latency), else L2 flushed first (DRAM latency).
  void chase(unsigned long long* buf, std::size_t lines, int steps, bool warm,
             const std::string& figure, const std::string& method) {
    std::mt19937 rng(12345);
    std::vector<std::uint32_t> seq;
    if (lines <= static_cast<std::size_t>(steps)) {
      // A random cycle through every line (Sattolo's shuffle).
      seq.resize(lines);
      std::iota(seq.begin(), seq.end(), 0u);
      for (std::size_t i = lines - 1; i > 0; --i) std::swap(seq[i], seq[rng() % i]);
    } else {
      // `steps` distinct random lines, each visited once.
      std::vector<std::uint32_t> all(lines);
      std::iota(all.begin(), all.end(), 0u);
      for (std::size_t i = 0; i < static_cast<std::size_t>(steps); ++i)
        std::swap(all[i], all[i + rng() % (lines - i)]);
      seq.assign(all.begin(), all.begin() + steps);
    }
    std::uint32_t* d_seq = nullptr;
    CUDA_CHECK(cudaMalloc(&d_seq, seq.size() * sizeof(std::uint32_t)));
    CUDA_CHECK(cudaMemcpy(d_seq, seq.data(), seq.size() * sizeof(std::uint32_t),
                          cudaMemcpyHostToDevice));
    const int n = static_cast<int>(seq.size());
    link_chain_kernel<<<(n + 255) / 256, 256, 0, stream_>>>(buf, d_seq, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaStreamSynchronize(stream_));
    CUDA_CHECK(cudaFree(d_seq));
    const unsigned long long start = reinterpret_cast<unsigned long long>(buf + seq[0] * 16ull);
    auto* sink = static_cast<unsigned long long*>(sink_);
    std::vector<double> cyc, ns;
    for (int r = 0; r < o_.runs; ++r) {
      if (warm) {
        chase_kernel<<<1, 1, 0, stream_>>>(start, n, cycles_, sink);
      } else {
        flush_l2();
      }
      CUDA_CHECK(cudaEventRecord(ev0_, stream_));
      chase_kernel<<<1, 1, 0, stream_>>>(start, steps, cycles_, sink);
      CUDA_CHECK(cudaEventRecord(ev1_, stream_));
      CUDA_CHECK(cudaGetLastError());
      long long c = 0;
      fetch(&c, cycles_, sizeof c);
      float ms = 0.f;
      CUDA_CHECK(cudaEventElapsedTime(&ms, ev0_, ev1_));
      cyc.push_back(static_cast<double>(c) / steps);
      ns.push_back(1e6 * ms / steps);
    }
    const double c = percentile(cyc, 0.5), t = percentile(ns, 0.5);
    row(figure, c, "cycles", method + ", clock64");
    Timed clock;  // the chase's own: cycles per step over ns per step
    clock.kernel_mhz = 1e3 * c / t;
    row(figure + "_ns", t, "ns", method + ", event time / steps", clock);
  }

  // Writes a buffer of 2 x L2 so nothing of an earlier chase is left in L2.
  void flush_l2() {
    const std::size_t words = 2 * l2_bytes() / 4;
    if (!flush_) CUDA_CHECK(cudaMalloc(&flush_, words * 4));
    fill_kernel<<<4 * sms(), 256, 0, stream_>>>(flush_, words);
    CUDA_CHECK(cudaGetLastError());
  }

  void memory() {
    const std::size_t big = std::size_t(2) << 30;  // 2 GiB
    std::size_t free_b = 0, total_b = 0;
    CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (free_b < 4 * big) die("needs 8 GiB of free GPU memory, " + std::to_string(free_b >> 20) + " MiB free");
    uint4 *a = nullptr, *b = nullptr;
    CUDA_CHECK(cudaMalloc(&a, big));
    CUDA_CHECK(cudaMalloc(&b, big / 2));
    fill_kernel<<<4 * sms(), 256, 0, stream_>>>(reinterpret_cast<std::uint32_t*>(a), big / 4);
    fill_kernel<<<4 * sms(), 256, 0, stream_>>>(reinterpret_cast<std::uint32_t*>(b), big / 8);
    CUDA_CHECK(cudaGetLastError());
    auto* sink = static_cast<std::uint32_t*>(sink_);
    const int threads = 512, per_sm = blocks_per_sm(read_kernel<true>, threads, 4);
    const int blocks = per_sm * sms();

    // L2 hits: buffers of 8 and 16 MiB (well under the L2) read over and over
    // by every SM, bypassing L1.
    for (const std::size_t mib : {8, 16}) {
      const std::size_t n = (mib << 20) / 16;
      const std::size_t passes = (std::size_t(24) << 30) / (mib << 20);  // 24 GiB read
      read_kernel<true><<<blocks, threads, 0, stream_>>>(a, n - 1, n, probe_, sink);  // into L2
      const Timed t = time_median([&] {
        read_kernel<true><<<blocks, threads, 0, stream_>>>(a, n - 1, n * passes, probe_, sink);
      });
      const double bytes = static_cast<double>(n) * 16 * passes;
      const std::string method = std::to_string(mib) + " MiB buffer read " +
                                 std::to_string(passes) + " times by " +
                                 std::to_string(per_sm * threads / 32) +
                                 " warps/SM, ld.global.cg.v4 (L1 bypassed); events";
      row("l2_bandwidth." + std::to_string(mib) + "MiB", bytes / (t.ms * 1e-3) / 1e12, "TB/s",
          method, t);
      row("l2_bandwidth_per_clk." + std::to_string(mib) + "MiB",
          bytes / (t.ms * 1e-3 * t.kernel_mhz * 1e6), "B/clk", method, t);
    }
    // DRAM: a 2 GiB buffer read 4 times and written twice; 1 GiB copied
    // (bytes read + written).
    {
      const std::size_t n = big / 16;
      const Timed t = time_median([&] {
        read_kernel<false><<<blocks, threads, 0, stream_>>>(a, n - 1, 4 * n, probe_, sink);
      });
      row("dram_read_bandwidth", 4.0 * big / (t.ms * 1e-3) / 1e9, "GB/s",
          "2 GiB buffer read 4 times by " + std::to_string(per_sm * threads / 32) +
              " warps/SM, ld.global.v4; events", t);
      const Timed w = time_median([&] {
        write_kernel<<<blocks, threads, 0, stream_>>>(a, n, 2, probe_);
      });
      row("dram_write_bandwidth", 2.0 * big / (w.ms * 1e-3) / 1e9, "GB/s",
          "2 GiB buffer written twice by " + std::to_string(per_sm * threads / 32) +
              " warps/SM, st.global.v4 (no reads); events", w);
      const std::size_t m = big / 2 / 16;
      const Timed c = time_median([&] {
        copy_kernel<<<blocks, threads, 0, stream_>>>(b, a, m, probe_);
      });
      row("dram_copy_bandwidth", 2.0 * (big / 2) / (c.ms * 1e-3) / 1e9, "GB/s",
          "1 GiB copied by a kernel (16-byte loads and stores); bytes read + written; events", c);
      const Timed mc = time_median(
          [&] { CUDA_CHECK(cudaMemcpyAsync(b, a, big / 2, cudaMemcpyDeviceToDevice, stream_)); },
          false);
      row("dram_memcpy_bandwidth", 2.0 * (big / 2) / (mc.ms * 1e-3) / 1e9, "GB/s",
          "1 GiB cudaMemcpyAsync device to device; bytes read + written; events", mc);
    }
    // Latencies: random chases, one thread, ld.global.cg.
    auto* chain = reinterpret_cast<unsigned long long*>(a);
    chase(chain, (std::size_t(4) << 20) / 128, 32768, true, "l2_latency",
          "random chase over 4 MiB (32768 lines of 128 B), warmed by one pass");
    chase(chain, (std::size_t(128) << 20) / 128, 32768, false, "dram_latency.128MiB",
          "random chase over 32768 distinct 128 B lines of a 128 MiB buffer, L2 flushed first");
    chase(chain, (std::size_t(1) << 30) / 128, 32768, false, "dram_latency.1GiB",
          "random chase over 32768 distinct 128 B lines of a 1 GiB buffer, L2 flushed first");
    CUDA_CHECK(cudaStreamSynchronize(stream_));
    CUDA_CHECK(cudaFree(a));
    CUDA_CHECK(cudaFree(b));
    if (flush_) CUDA_CHECK(cudaFree(flush_));
    flush_ = nullptr;
  }

  // Per-kernel time of n back-to-back launches: queued behind the spin (the
  // GPU's own per-kernel cost), host-launched as the host goes, and replayed
  // from a CUDA graph.
  void back_to_back() {
    const int n = 256;
    double *x = nullptr, *y = nullptr;
    CUDA_CHECK(cudaMalloc(&x, 8192 * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&y, 8192 * sizeof(double)));
    CUDA_CHECK(cudaMemset(x, 0, 8192 * sizeof(double)));
    const std::function<void()> empty = [&] { empty_kernel<<<1, 32, 0, stream_>>>(); };
    const std::function<void()> scale = [&] {
      scale_kernel<<<32, 256, 0, stream_>>>(y, x, 1.5, 8192);
    };
    cuda_util::SpinQueue spin;
    for (const auto& [name, k] :
         {std::pair<std::string, std::function<void()>>{"empty", empty}, {"scale_64KiB", scale}}) {
      const std::string what = name == "empty" ? "empty kernel <<<1,32>>>"
                                               : "64 KiB scale b = s a <<<32,256>>> (fp64)";
      std::vector<double> queued, host, graph;
      cudaGraph_t g = nullptr;
      cudaGraphExec_t ge = nullptr;
      CUDA_CHECK(cudaStreamBeginCapture(stream_, cudaStreamCaptureModeThreadLocal));
      for (int i = 0; i < n; ++i) k();
      CUDA_CHECK(cudaStreamEndCapture(stream_, &g));
      CUDA_CHECK(cudaGraphInstantiate(&ge, g, 0));
      for (int r = 0; r <= o_.runs; ++r) {
        spin.hold(stream_);
        CUDA_CHECK(cudaEventRecord(ev0_, stream_));
        for (int i = 0; i < n; ++i) k();
        CUDA_CHECK(cudaEventRecord(ev1_, stream_));
        spin.release();
        CUDA_CHECK(cudaStreamSynchronize(stream_));
        CUDA_CHECK(cudaGetLastError());
        if (spin.timed_out()) die("the spin kernel timed out before " + std::to_string(n) +
                                  " launches were enqueued");
        float ms = 0.f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, ev0_, ev1_));
        if (r > 0) queued.push_back(1e3 * ms / n);
        CUDA_CHECK(cudaEventRecord(ev0_, stream_));
        for (int i = 0; i < n; ++i) k();
        CUDA_CHECK(cudaEventRecord(ev1_, stream_));
        CUDA_CHECK(cudaStreamSynchronize(stream_));
        CUDA_CHECK(cudaEventElapsedTime(&ms, ev0_, ev1_));
        if (r > 0) host.push_back(1e3 * ms / n);
        CUDA_CHECK(cudaEventRecord(ev0_, stream_));
        CUDA_CHECK(cudaGraphLaunch(ge, stream_));
        CUDA_CHECK(cudaEventRecord(ev1_, stream_));
        CUDA_CHECK(cudaStreamSynchronize(stream_));
        CUDA_CHECK(cudaEventElapsedTime(&ms, ev0_, ev1_));
        if (r > 0) graph.push_back(1e3 * ms / n);
      }
      CUDA_CHECK(cudaGraphExecDestroy(ge));
      CUDA_CHECK(cudaGraphDestroy(g));
      Timed clocks;  // NVML's, read just after
      if (have_nvml_) clocks.nvml_mhz = nvml_.clock(1);
      row("kernel_back_to_back." + name + ".queued", percentile(queued, 0.5), "us",
          std::to_string(n) + " x " + what +
              " on one stream, enqueued behind a GPU-side spin, released at once; events / n",
          clocks);
      row("kernel_back_to_back." + name + ".host_stream", percentile(host, 0.5), "us",
          std::to_string(n) + " x " + what + " launched by the host as it goes; events / n",
          clocks);
      row("kernel_back_to_back." + name + ".graph", percentile(graph, 0.5), "us",
          std::to_string(n) + " x " + what + " in one CUDA graph replay; events / n", clocks);
    }
    CUDA_CHECK(cudaFree(x));
    CUDA_CHECK(cudaFree(y));
  }

  void wgmma() {
    int* d_supported = nullptr;
    CUDA_CHECK(cudaMalloc(&d_supported, sizeof(int)));
    CUDA_CHECK(cudaMemset(d_supported, 0, sizeof(int)));
    const int steps = 2048, threads = 256, blocks = sms();
    wgmma_throughput_kernel<<<1, threads, 0, stream_>>>(1, probe_, static_cast<float*>(sink_),
                                                        d_supported);
    CUDA_CHECK(cudaGetLastError());
    int supported = 0;
    fetch(&supported, d_supported, sizeof(int));
    if (!supported) {
      std::fprintf(stderr,
                   "%s: note: wgmma skipped (the binary has no sm_90a code this GPU runs)\n", kProg);
      CUDA_CHECK(cudaFree(d_supported));
      return;
    }
    const Timed t = time_median([&] {
      wgmma_throughput_kernel<<<blocks, threads, 0, stream_>>>(steps, probe_,
                                                               static_cast<float*>(sink_),
                                                               d_supported);
    });
    const double fma = static_cast<double>(blocks) * 2 * steps * kWgmmaPerGroup * 64.0 * 256 * 16;
    const std::string method =
        "2 warpgroups/SM, A in registers, B 16x256 in shared memory (no swizzle), " +
        std::to_string(kWgmmaPerGroup) + " per commit group, random operands; events";
    row("wgmma_throughput_gpu.m64n256k16.f32.f16.f16", 2 * fma / (t.ms * 1e-3) / 1e12, "TFLOP/s",
        method + " (at the measured clock)", t);
    row("wgmma_throughput_per_sm.m64n256k16.f32.f16.f16",
        2 * fma / (t.ms * 1e-3 * t.kernel_mhz * 1e6) / sms(), "FLOP/clk/SM", method, t);
    CUDA_CHECK(cudaFree(d_supported));
  }

 private:
  const Options& o_;
  std::ostream& csv_;
  cudaDeviceProp prop_{};
  long sm_clock_max_mhz_ = -1;
  Nvml nvml_;
  bool have_nvml_ = false;
  cudaStream_t stream_ = nullptr;
  Probe* probe_ = nullptr;
  long long* cycles_ = nullptr;
  void* sink_ = nullptr;
  std::uint32_t* flush_ = nullptr;
  cudaEvent_t ev0_ = nullptr, ev1_ = nullptr;
};

}  // namespace

int main(int argc, char** argv) {
  cuda_util::g_prog = kProg;
  const Options o = parse_args(argc, argv);
  cuda_util::open_cuda_device(o.device);  // exits 3 without a GPU, before any file is written
  std::ofstream file;
  if (!o.out.empty()) {
    file.open(o.out);
    if (!file) die("-o " + o.out + ": cannot open the file for writing", 2);
  }
  std::ostream& csv = o.out.empty() ? std::cout : file;
  Bench b(o, csv);
  b.back_to_back();
  b.mma<MmaK16F32>();
  b.mma<MmaK16F16>();
  b.mma<MmaK8F32>();
  b.mma<MmaK8F16>();
  b.mma<MmaK32S8>();
  b.mma<MmaK16S8>();
  b.ldmatrix();
  b.shared_memory();
  b.memory();
  b.wgmma();  // last: an sm_90a fault would end the CUDA context
  return 0;
}
