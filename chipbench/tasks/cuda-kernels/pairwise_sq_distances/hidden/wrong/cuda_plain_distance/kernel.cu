// Known wrong (cuda backend): returns the distance, not its square.
// Squared distances between rows of a and b, summed directly as (a - b)^2 (never negative): one thread per pair.
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

__global__ void sq_dist_kernel(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ y,
                               int64_t RA, int64_t RB, int64_t D) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < RA * RB; i += (int64_t)gridDim.x * blockDim.x) {
    const float* ar = a + (i / RB) * D;
    const float* br = b + (i % RB) * D;
    float acc = 0.f;
    for (int64_t d = 0; d < D; ++d) {
      const float diff = ar[d] - br[d];
      acc += diff * diff;
    }
    y[i] = sqrtf(acc);
  }
}

at::Tensor forward(const at::Tensor& a_in, const at::Tensor& b_in) {
  TORCH_CHECK(a_in.dim() == 2 && b_in.dim() == 2 && a_in.size(1) == b_in.size(1), "bad shapes");
  const at::Tensor a = f32(a_in), b = f32(b_in);
  const int64_t RA = a.size(0), RB = b.size(0), D = a.size(1);
  at::Tensor y = at::empty({RA, RB}, a.options());
  if (y.numel() == 0) return y;
  sq_dist_kernel<<<grid_for(RA * RB), kThreads>>>(cptr(a), cptr(b), mptr(y), RA, RB, D);
  check_launch("sq_dist_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "pairwise squared distances (CUDA)"); }
