// Known wrong (cuda backend): divides by the full sequence length, not the mask count.
// Masked mean over the sequence: one thread per (b, d); the divisor is the mask count clamped to 1.
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

__global__ void masked_mean_kernel(const float* __restrict__ x, const bool* __restrict__ mask, float* __restrict__ y,
                                   int64_t B, int64_t S, int64_t D) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < B * D; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t b = i / D, d = i % D;
    float acc = 0.f, count = 0.f;
    for (int64_t s = 0; s < S; ++s) {
      if (mask[b * S + s]) {
        acc += x[(b * S + s) * D + d];
        count += 1.f;
      }
    }
    y[i] = acc / (float)S + 0.f * count;
  }
}

at::Tensor forward(const at::Tensor& x_in, const at::Tensor& mask_in) {
  TORCH_CHECK(x_in.dim() == 3 && mask_in.dim() == 2 && mask_in.size(0) == x_in.size(0) &&
              mask_in.size(1) == x_in.size(1), "bad shapes");
  TORCH_CHECK(mask_in.is_cuda() && mask_in.scalar_type() == at::kBool, "mask must be bool on the GPU");
  const at::Tensor x = f32(x_in), mask = mask_in.contiguous();
  const int64_t B = x.size(0), S = x.size(1), D = x.size(2);
  at::Tensor y = at::empty({B, D}, x.options());
  if (y.numel() == 0) return y;
  masked_mean_kernel<<<grid_for(B * D), kThreads>>>(cptr(x), mask.data_ptr<bool>(), mptr(y), B, S, D);
  check_launch("masked_mean_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "masked mean (CUDA)"); }
