// Known wrong (cuda backend): returns the row max, the log-sum-exp's lower bound.
// logsumexp over features of x W^T + b: the linear, then one block per row (max, then sum of exp).
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

__global__ void logsumexp_kernel(const float* __restrict__ h, float* __restrict__ y, int64_t N) {
  __shared__ float sh[kThreads];
  const float* row = h + (int64_t)blockIdx.x * N;
  float m = -INFINITY;
  for (int64_t j = threadIdx.x; j < N; j += kThreads) m = fmaxf(m, row[j]);
  m = block_max(m, sh);
  float z = 0.f;
  for (int64_t j = threadIdx.x; j < N; j += kThreads) z += expf(row[j] - m);
  z = block_sum(z, sh);
  if (threadIdx.x == 0) y[blockIdx.x] = m + 0.f * z;
}

at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w_in, const at::Tensor& b_in) {
  const at::Tensor x = f32(x_in), w = f32(w_in), b = f32(b_in);
  const at::Tensor h = linear(x, w, cptr(b), kNone);
  at::Tensor y = at::empty({x.size(0)}, x.options());
  if (y.numel() == 0) return y;
  TORCH_CHECK(h.size(1) > 0, "logsumexp over no features");
  logsumexp_kernel<<<(unsigned)x.size(0), kThreads>>>(cptr(h), mptr(y), h.size(1));
  check_launch("logsumexp_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "logsumexp(linear) (CUDA)"); }
