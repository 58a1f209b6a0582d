// What a library call launches on the GPU, read by capturing one call into a
// CUDA graph (never launched): each kernel's name, grid, block, dynamic shared
// memory and cluster shape, and each memset or copy, in the graph's order.
// It tells which kernels cuBLASLt ran for a shape (tile, stages, cluster,
// split-K with a separate reduction, a workspace memset) without a profiler.
//
// Best effort: a call that cannot be captured, or a node that cannot be read,
// yields a description that says so, never an exit, and leaves no CUDA error
// behind, so a timing run is not lost to it. The kernels' names come from the
// driver API (cuFuncGetName, cuKernelGetName), reached through
// cudaGetDriverEntryPointByVersion so that the program does not link libcuda.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <string>
#include <vector>

namespace cuda_util {

namespace detail {

using FuncGetName = CUresult(CUDAAPI*)(const char**, CUfunction);
using KernelGetName = CUresult(CUDAAPI*)(const char**, CUkernel);
using KernelNodeGetParams = CUresult(CUDAAPI*)(CUgraphNode, CUDA_KERNEL_NODE_PARAMS*);

struct DriverNames {
  FuncGetName func_name = nullptr;
  KernelGetName kernel_name = nullptr;
  KernelNodeGetParams node_params = nullptr;
};

template <typename Fn>
Fn driver_entry(const char* symbol, unsigned int version) {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult status{};
  if (cudaGetDriverEntryPointByVersion(symbol, &fn, version, cudaEnableDefault, &status) !=
          cudaSuccess ||
      status != cudaDriverEntryPointSuccess) {
    cudaGetLastError();
    return nullptr;
  }
  return reinterpret_cast<Fn>(fn);
}

inline const DriverNames& driver_names() {
  static const DriverNames names{
      driver_entry<FuncGetName>("cuFuncGetName", 12030),
      driver_entry<KernelGetName>("cuKernelGetName", 12030),
      driver_entry<KernelNodeGetParams>("cuGraphKernelNodeGetParams", 12000)};
  return names;
}

inline std::string dims(unsigned x, unsigned y, unsigned z) {
  return std::to_string(x) + "x" + std::to_string(y) + "x" + std::to_string(z);
}

// "name grid=GxGxG block=BxBxB smem=S cluster=CxCxC" of one kernel node.
inline std::string kernel_node_text(cudaGraphNode_t node) {
  const DriverNames& d = driver_names();
  if (!d.node_params) return "kernel (cuGraphKernelNodeGetParams not in this driver)";
  CUDA_KERNEL_NODE_PARAMS p{};
  if (d.node_params(node, &p) != CUDA_SUCCESS) return "kernel (its parameters could not be read)";
  const char* name = nullptr;
  if (p.func && d.func_name) d.func_name(&name, p.func);
  if (!name && p.kern && d.kernel_name) d.kernel_name(&name, p.kern);
  std::string text = name ? name : "kernel (name not available)";
  text += " grid=" + dims(p.gridDimX, p.gridDimY, p.gridDimZ) +
          " block=" + dims(p.blockDimX, p.blockDimY, p.blockDimZ) +
          " smem=" + std::to_string(p.sharedMemBytes);
  cudaLaunchAttributeValue v{};
  if (cudaGraphKernelNodeGetAttribute(node, cudaLaunchAttributeClusterDimension, &v) ==
          cudaSuccess &&
      v.clusterDim.x > 0) {
    text += " cluster=" + dims(v.clusterDim.x, v.clusterDim.y, v.clusterDim.z);
  }
  cudaGetLastError();
  return text;
}

inline std::string node_text(cudaGraphNode_t node) {
  cudaGraphNodeType type{};
  if (cudaGraphNodeGetType(node, &type) != cudaSuccess) return "node (type not readable)";
  switch (type) {
    case cudaGraphNodeTypeKernel:
      return kernel_node_text(node);
    case cudaGraphNodeTypeMemset: {
      cudaMemsetParams m{};
      if (cudaGraphMemsetNodeGetParams(node, &m) != cudaSuccess) return "memset";
      return "memset bytes=" + std::to_string(m.width * m.height * m.elementSize);
    }
    case cudaGraphNodeTypeMemcpy:
      return "memcpy";
    case cudaGraphNodeTypeEmpty:
      return "empty";
    default:
      return "node type " + std::to_string(static_cast<int>(type));
  }
}

}  // namespace detail

// What `call` (which enqueues its work on `stream`) launches, one entry per
// graph node: see the top of the file. `call` must only enqueue work; it is
// captured, not run.
template <typename Call>
std::vector<std::string> captured_launches(cudaStream_t stream, Call&& call) {
  cudaGraph_t graph = nullptr;
  if (cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed) != cudaSuccess) {
    cudaGetLastError();
    return {"not captured (cudaStreamBeginCapture failed)"};
  }
  call();
  const cudaError_t end = cudaStreamEndCapture(stream, &graph);
  if (end != cudaSuccess || !graph) {
    cudaGetLastError();
    if (graph) cudaGraphDestroy(graph);
    return {std::string("not captured (") + cudaGetErrorName(end) + ")"};
  }
  std::size_t count = 0;
  std::vector<std::string> out;
  if (cudaGraphGetNodes(graph, nullptr, &count) == cudaSuccess) {
    std::vector<cudaGraphNode_t> nodes(count);
    if (cudaGraphGetNodes(graph, nodes.data(), &count) == cudaSuccess) {
      for (cudaGraphNode_t n : nodes) out.push_back(detail::node_text(n));
    }
  }
  if (out.empty()) out.push_back("no nodes read");
  cudaGraphDestroy(graph);
  cudaGetLastError();
  return out;
}

// The entries joined by " | ".
inline std::string joined_launches(const std::vector<std::string>& launches) {
  std::string text;
  for (const auto& l : launches) text += (text.empty() ? "" : " | ") + l;
  return text;
}

}  // namespace cuda_util
