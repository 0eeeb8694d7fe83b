// a @ b: one thread per output element, fp32 accumulation.
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

enum Act { kNone = 0, kRelu = 1, kGeluErf = 2, kSilu = 3, kSigmoid = 4 };

__device__ float activate(float v, int act) {
  switch (act) {
    case kRelu: return fmaxf(v, 0.f);
    case kGeluErf: return 0.5f * v * (1.f + erff(v * 0.70710678118654752f));
    case kSilu: return v / (1.f + expf(-v));
    case kSigmoid: return 1.f / (1.f + expf(-v));
    default: return v;
  }
}

// C[b, m, n] = act(sum_k A[b, m, k] * B[b, k, n] + bias[n]), every operand addressed through
// strides (B may be a transposed weight; C may be a slice of a wider buffer, unit stride in n):
// one thread per output element, fp32 accumulation in k order.
struct GemmShape {
  int64_t batch, M, N, K;
  int64_t sAb, sAm, sAk, sBb, sBk, sBn, sCb, sCm;
};

__global__ void gemm_kernel(const float* __restrict__ A, const float* __restrict__ B,
                            const float* __restrict__ bias, float* __restrict__ C, GemmShape g, int act) {
  const int64_t total = g.batch * g.M * g.N;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < total; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t n = i % g.N, m = (i / g.N) % g.M, b = i / (g.M * g.N);
    const float* a = A + b * g.sAb + m * g.sAm;
    const float* w = B + b * g.sBb + n * g.sBn;
    float acc = 0.f;
    for (int64_t k = 0; k < g.K; ++k) acc += a[k * g.sAk] * w[k * g.sBk];
    if (bias != nullptr) acc += bias[n];
    C[b * g.sCb + m * g.sCm + n] = activate(acc, act);
  }
}

inline void gemm(const float* A, const float* B, const float* bias, float* C, const GemmShape& g, int act) {
  if (g.batch * g.M * g.N == 0) return;
  gemm_kernel<<<grid_for(g.batch * g.M * g.N), kThreads>>>(A, B, bias, C, g, act);
  check_launch("gemm_kernel");
}

// y (M, N) = act(x (M, K) @ w (N, K)^T + b): an nn.Linear; `b` may be null.
inline at::Tensor linear(const at::Tensor& x, const at::Tensor& w, const float* b, int act) {
  TORCH_CHECK(x.dim() == 2 && w.dim() == 2 && x.size(1) == w.size(1), "linear: bad shapes");
  const int64_t M = x.size(0), K = x.size(1), N = w.size(0);
  at::Tensor y = at::empty({M, N}, x.options());
  gemm(cptr(x), cptr(w), b, mptr(y), GemmShape{1, M, N, K, 0, K, 1, 0, 1, K, 0, N}, act);
  return y;
}

at::Tensor forward(const at::Tensor& a_in, const at::Tensor& b_in) {
  TORCH_CHECK(a_in.dim() == 2 && b_in.dim() == 2 && a_in.size(1) == b_in.size(0), "bad shapes");
  const at::Tensor a = f32(a_in), b = f32(b_in);
  const int64_t M = a.size(0), K = a.size(1), N = b.size(1);
  at::Tensor y = at::empty({M, N}, a.options());
  gemm(cptr(a), cptr(b), nullptr, mptr(y), GemmShape{1, M, N, K, 0, K, 1, 0, N, 1, 0, N}, kNone);
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "matmul (CUDA)"); }
