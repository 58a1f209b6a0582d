// Small pieces shared by the standalone CUDA measurement programs
// (validation/cublas/lutsim_cublas_bench, validation/microbench/lutsim_microbench):
// one-line errors, CUDA call checks, NVML clocks read at run time, the GPU-side
// spin that queues timed launches, percentiles and CSV quoting. Header-only so
// that each program stays a CMake project of its own.
#pragma once

#include <cuda_runtime.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace cuda_util {

// The program's name, the first word of every message (set it in main).
inline const char* g_prog = "lutsim";

[[noreturn]] inline void die(const std::string& message, int code = 1) {
  std::fprintf(stderr, "%s: %s\n", g_prog, message.c_str());
  std::exit(code);
}

inline void check_cuda(cudaError_t e, const char* call, const char* file, int line) {
  if (e != cudaSuccess) {
    die(std::string(call) + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) +
        ") at " + file + ":" + std::to_string(line));
  }
}

#define CUDA_CHECK(call) ::cuda_util::check_cuda((call), #call, __FILE__, __LINE__)

// Exits with status 3 and one line when there is no usable GPU; else selects `device`.
inline void open_cuda_device(int device) {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    die(std::string("no usable CUDA GPU on this machine (no NVIDIA GPU or driver?): "
                    "cudaGetDeviceCount failed: ") +
            cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")",
        3);
  }
  if (count == 0) die("no usable CUDA GPU: cudaGetDeviceCount found 0 devices", 3);
  if (device >= count) {
    die("--device " + std::to_string(device) + ": only " + std::to_string(count) + " device(s)", 2);
  }
  CUDA_CHECK(cudaSetDevice(device));
}

inline std::string version_text(int v) {  // 12040 -> 12.4
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

// ---- NVML, read-only, loaded at run time (absent on machines without a driver) ---

struct Nvml {
  using Init = int (*)();
  using ByBus = int (*)(const char*, void**);
  using Clock = int (*)(void*, int, unsigned int*);
  Init shutdown = nullptr;
  Clock clock_info = nullptr;
  void* device = nullptr;

  bool open(int cuda_device) {
    void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return false;
    auto init = reinterpret_cast<Init>(dlsym(lib, "nvmlInit_v2"));
    auto by_bus = reinterpret_cast<ByBus>(dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2"));
    clock_info = reinterpret_cast<Clock>(dlsym(lib, "nvmlDeviceGetClockInfo"));
    shutdown = reinterpret_cast<Init>(dlsym(lib, "nvmlShutdown"));
    if (!init || !by_bus || !clock_info || init() != 0) return false;
    char bus[64] = {};
    if (cudaDeviceGetPCIBusId(bus, sizeof bus, cuda_device) != cudaSuccess) return false;
    return by_bus(bus, &device) == 0;
  }
  // Current clock in MHz (NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2); -1 if unknown.
  long clock(int type) const {
    unsigned int mhz = 0;
    if (!device || clock_info(device, type, &mhz) != 0) return -1;
    return static_cast<long>(mhz);
  }
};

// ---- queueing timed launches behind a GPU-side spin --------------------------------

// One thread spins until the host sets *flag (pinned, mapped host memory) after
// it has enqueued every timed launch with its events, so that the timed launches
// then run back to back from the GPU's queue and no host launch latency falls
// between an event pair. It gives up after timeout_ns (then *timed_out = 1).
__global__ void spin_until_released(const volatile int* flag, unsigned long long timeout_ns,
                                    volatile int* timed_out) {
  unsigned long long start = 0, now = 0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  while (*flag == 0) {
    __nanosleep(1000);
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    if (now - start > timeout_ns) {
      *timed_out = 1;
      return;
    }
  }
}

// Usage: hold(stream); enqueue the timed work; release(); synchronize; then
// timed_out() says whether the spin gave up before release() (the timed work
// then was not all queued).
class SpinQueue {
 public:
  // Far longer than enqueuing a few hundred launches takes (about 5 us each).
  static constexpr unsigned long long kTimeoutNs = 5'000'000'000ull;

  SpinQueue() {
    void* host = nullptr;
    CUDA_CHECK(cudaHostAlloc(&host, 2 * sizeof(int), cudaHostAllocMapped));
    flag_ = static_cast<volatile int*>(host);
    CUDA_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_flag_), host, 0));
  }
  ~SpinQueue() { cudaFreeHost(const_cast<int*>(flag_)); }
  SpinQueue(const SpinQueue&) = delete;
  SpinQueue& operator=(const SpinQueue&) = delete;

  void hold(cudaStream_t stream) {
    flag_[0] = 0;  // release (host -> GPU)
    flag_[1] = 0;  // timed out (GPU -> host)
    __sync_synchronize();
    spin_until_released<<<1, 1, 0, stream>>>(d_flag_, kTimeoutNs, d_flag_ + 1);
    CUDA_CHECK(cudaGetLastError());
  }
  void release() {
    __sync_synchronize();
    flag_[0] = 1;
    __sync_synchronize();
  }
  bool timed_out() const { return flag_[1] != 0; }

 private:
  volatile int* flag_ = nullptr;  // pinned, mapped host memory: [0] release, [1] timed out
  int* d_flag_ = nullptr;         // its device address
};

// ---- statistics and CSV ------------------------------------------------------------

// Linear interpolation between order statistics (numpy's default).
inline double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double pos = q * static_cast<double>(v.size() - 1);
  const std::size_t lo = static_cast<std::size_t>(pos);
  const std::size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

inline std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += (c == '"') ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace cuda_util
