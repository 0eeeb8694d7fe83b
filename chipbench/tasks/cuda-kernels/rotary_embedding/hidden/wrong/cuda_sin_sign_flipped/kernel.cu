// Known wrong (cuda backend): rotates the wrong way (the sign of the sine term flipped).
// Rotary embedding of x (B, T, D): one thread per (b, t, i < D/2) pair, angles t * base^(-i/half).
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

__global__ void rotary_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t B, int64_t T, int64_t D,
                              float base) {
  const int64_t half = D / 2, total = B * T * half;
  for (int64_t p = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; p < total; p += (int64_t)gridDim.x * blockDim.x) {
    const int64_t i = p % half, row = p / half, t = row % T;
    const float inv_freq = powf(base, -(float)i / (float)half);
    const float angle = (float)t * inv_freq;
    const float c = cosf(angle), s = sinf(angle);
    const float x1 = x[row * D + i], x2 = x[row * D + half + i];
    y[row * D + i] = x1 * c + x2 * s;
    y[row * D + half + i] = x1 * s + x2 * c;
  }
}

at::Tensor forward(const at::Tensor& x_in, double base) {
  TORCH_CHECK(x_in.dim() == 3 && x_in.size(2) % 2 == 0, "expected (B, T, D) with even D");
  const at::Tensor x = f32(x_in);
  at::Tensor y = at::empty_like(x);
  const int64_t B = x.size(0), T = x.size(1), D = x.size(2);
  if (y.numel() == 0) return y;
  rotary_kernel<<<grid_for(B * T * (D / 2)), kThreads>>>(cptr(x), mptr(y), B, T, D, (float)base);
  check_launch("rotary_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "rotary embedding (CUDA)"); }
