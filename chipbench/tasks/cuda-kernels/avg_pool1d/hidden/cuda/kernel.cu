// AvgPool1d(kernel 5, stride 2, padding 2), padding counted in the divisor (torch's default): one thread per output.
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

__global__ void avg_pool1d_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t rows, int64_t L, int64_t OL) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < rows * OL; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t r = i / OL, o = i % OL;
    float acc = 0.f;
    for (int64_t k = 0; k < 5; ++k) {
      const int64_t at = o * 2 - 2 + k;
      if (at >= 0 && at < L) acc += x[r * L + at];
    }
    y[i] = acc / 5.f;
  }
}

at::Tensor forward(const at::Tensor& x_in) {
  TORCH_CHECK(x_in.dim() == 3, "expected (N, C, L)");
  const at::Tensor x = f32(x_in);
  const int64_t N = x.size(0), C = x.size(1), L = x.size(2), OL = (L + 4 - 5) / 2 + 1;
  TORCH_CHECK(OL > 0, "input too short");
  at::Tensor y = at::empty({N, C, OL}, x.options());
  if (y.numel() == 0) return y;
  avg_pool1d_kernel<<<grid_for(y.numel()), kThreads>>>(cptr(x), mptr(y), N * C, L, OL);
  check_launch("avg_pool1d_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "avg pool 1d (CUDA)"); }
