// Mean of each bag's embedding rows: one thread per (bag, dim), fp32 sum in bag order.
// Written for chipbench's cuda backend: simple kernels (grid-stride loops, fp32 accumulation), launched
// on the default stream; only the CUDA runtime and torch's tensor headers are used, so the file also
// builds against a CPU torch for compile checks.
#include <torch/extension.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>

constexpr int kThreads = 256;  // every block of this file: a power of two, for the reductions

inline int grid_for(int64_t n) {
  return (int)std::max<int64_t>(1, std::min<int64_t>((n + kThreads - 1) / kThreads, 65535));
}

inline void check_launch(const char* name) {
  const cudaError_t err = cudaGetLastError();
  TORCH_CHECK(err == cudaSuccess, name, " launch failed: ", cudaGetErrorString(err));
}

inline at::Tensor f32(const at::Tensor& t) {
  TORCH_CHECK(t.is_cuda() && t.scalar_type() == at::kFloat, "expected a float32 CUDA tensor");
  return t.contiguous();
}

inline const float* cptr(const at::Tensor& t) { return t.data_ptr<float>(); }
inline float* mptr(at::Tensor& t) { return t.data_ptr<float>(); }

__global__ void bag_mean_kernel(const int64_t* __restrict__ ids, const float* __restrict__ table, float* __restrict__ y,
                                int64_t bags, int64_t bag_size, int64_t D) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < bags * D; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t bag = i / D, d = i % D;
    float acc = 0.f;
    for (int64_t j = 0; j < bag_size; ++j) acc += table[ids[bag * bag_size + j] * D + d];
    y[i] = acc / (float)bag_size;
  }
}

at::Tensor forward(const at::Tensor& ids_in, const at::Tensor& table_in) {
  TORCH_CHECK(ids_in.dim() == 2 && table_in.dim() == 2, "bad shapes");
  TORCH_CHECK(ids_in.is_cuda() && ids_in.scalar_type() == at::kLong, "ids must be int64 on the GPU");
  const at::Tensor ids = ids_in.contiguous(), table = f32(table_in);
  const int64_t bags = ids.size(0), bag_size = ids.size(1), D = table.size(1);
  at::Tensor y = at::empty({bags, D}, table.options());
  if (y.numel() == 0) return y;
  bag_mean_kernel<<<grid_for(bags * D), kThreads>>>(ids.data_ptr<int64_t>(), cptr(table), mptr(y), bags, bag_size, D);
  check_launch("bag_mean_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "embedding bag mean (CUDA)"); }
