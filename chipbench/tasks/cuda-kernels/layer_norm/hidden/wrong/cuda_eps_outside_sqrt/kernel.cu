// Known wrong (cuda backend): adds eps after the square root.
// LayerNorm over the last dim: one block per row, two passes (mean, variance).
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

// Block-wide reductions over kThreads threads through shared memory; every thread gets the result.
__device__ float block_sum(float v, float* sh) {
  sh[threadIdx.x] = v;
  __syncthreads();
  for (int s = kThreads / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sh[threadIdx.x] += sh[threadIdx.x + s];
    __syncthreads();
  }
  const float r = sh[0];
  __syncthreads();
  return r;
}

__device__ float block_max(float v, float* sh) {
  sh[threadIdx.x] = v;
  __syncthreads();
  for (int s = kThreads / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sh[threadIdx.x] = fmaxf(sh[threadIdx.x], sh[threadIdx.x + s]);
    __syncthreads();
  }
  const float r = sh[0];
  __syncthreads();
  return r;
}

// y[r, :] = (x[r, :] + add[r, :] - mean) / sqrt(var + eps) * g + b: one block per row (biased
// variance, two passes); `add` may be null.
__global__ void layernorm_kernel(const float* __restrict__ x, const float* __restrict__ add,
                                 const float* __restrict__ g, const float* __restrict__ b, float* __restrict__ y,
                                 int64_t D, float eps) {
  __shared__ float sh[kThreads];
  const int64_t r = blockIdx.x;
  const float* xr = x + r * D;
  const float* ar = add != nullptr ? add + r * D : nullptr;
  float s = 0.f;
  for (int64_t j = threadIdx.x; j < D; j += kThreads) s += xr[j] + (ar ? ar[j] : 0.f);
  const float mean = block_sum(s, sh) / (float)D;
  float v = 0.f;
  for (int64_t j = threadIdx.x; j < D; j += kThreads) {
    const float d = xr[j] + (ar ? ar[j] : 0.f) - mean;
    v += d * d;
  }
  const float inv = 1.f / (sqrtf(block_sum(v, sh) / (float)D) + eps);
  for (int64_t j = threadIdx.x; j < D; j += kThreads) y[r * D + j] = (xr[j] + (ar ? ar[j] : 0.f) - mean) * inv * g[j] + b[j];
}

static at::Tensor layernorm(const at::Tensor& x, const float* add, const at::Tensor& g, const at::Tensor& b, double eps) {
  const int64_t D = x.size(-1), rows = D ? x.numel() / D : 0;
  at::Tensor y = at::empty_like(x);
  if (rows == 0) return y;
  layernorm_kernel<<<(unsigned)rows, kThreads>>>(cptr(x), add, cptr(g), cptr(b), mptr(y), D, (float)eps);
  check_launch("layernorm_kernel");
  return y;
}

at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w_in, const at::Tensor& b_in, double eps) {
  TORCH_CHECK(x_in.dim() == 2 && w_in.numel() == x_in.size(1) && b_in.numel() == x_in.size(1), "bad shapes");
  const at::Tensor x = f32(x_in), w = f32(w_in), b = f32(b_in);
  return layernorm(x, nullptr, w, b, eps);
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "layer norm (CUDA)"); }
