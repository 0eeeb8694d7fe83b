// Known wrong (cuda backend): stops one row short.
// Sum over the middle dim of (B, R, C): one thread per output, fp32 accumulation.
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

// out[b, c] = sum over r of x[b, r, c]: one thread per (b, c), reading down the middle dim.
__global__ void sum_middle_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t B, int64_t R, int64_t C) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < B * C; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t b = i / C, c = i % C;
    float acc = 0.f;
    for (int64_t r = 0; r + 1 < R; ++r) acc = acc + x[(b * R + r) * C + c];
    y[i] = acc;
  }
}

at::Tensor forward(const at::Tensor& x_in) {
  TORCH_CHECK(x_in.dim() == 3, "expected a 3-D tensor");
  const at::Tensor x = f32(x_in);
  const int64_t B = x.size(0), R = x.size(1), C = x.size(2);
  at::Tensor y = at::empty({B, C}, x.options());
  if (y.numel() == 0) return y;
  sum_middle_kernel<<<grid_for(B * C), kThreads>>>(cptr(x), mptr(y), B, R, C);
  check_launch("sum_middle_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "sum over dim 1 (CUDA)"); }
