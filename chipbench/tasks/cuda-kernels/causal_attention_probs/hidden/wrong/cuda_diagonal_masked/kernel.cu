// Known wrong (cuda backend): masks the diagonal too, so each query never sees its own key.
// Causal softmax(q k^T / sqrt(d)): scores by a strided GEMM, then one block per row (keys after the query get 0).
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

// Row softmax of scores (rows, T) in place, each row scaled by `scale` first; with `causal`,
// row r's query position is r % T and keys after it get probability 0. One block per row.
__global__ void softmax_kernel(float* __restrict__ s, int64_t T, float scale, int causal) {
  __shared__ float sh[kThreads];
  float* row = s + (int64_t)blockIdx.x * T;
  const int64_t last = causal ? (int64_t)blockIdx.x % T - 1 : T - 1;
  float m = -INFINITY;
  for (int64_t j = threadIdx.x; j <= last; j += kThreads) m = fmaxf(m, row[j] * scale);
  m = block_max(m, sh);
  float z = 0.f;
  for (int64_t j = threadIdx.x; j <= last; j += kThreads) z += expf(row[j] * scale - m);
  z = block_sum(z, sh);
  for (int64_t j = threadIdx.x; j < T; j += kThreads) row[j] = j <= last ? expf(row[j] * scale - m) / z : 0.f;
}

static void softmax_rows(at::Tensor& s, int64_t rows, int64_t T, float scale, bool causal) {
  if (rows == 0 || T == 0) return;
  softmax_kernel<<<(unsigned)rows, kThreads>>>(mptr(s), T, scale, causal);
  check_launch("softmax_kernel");
}

at::Tensor forward(const at::Tensor& q_in, const at::Tensor& k_in) {
  TORCH_CHECK(q_in.dim() == 3 && q_in.sizes() == k_in.sizes(), "expected q, k of equal (B, T, D)");
  const at::Tensor q = f32(q_in), k = f32(k_in);
  const int64_t B = q.size(0), T = q.size(1), D = q.size(2);
  at::Tensor p = at::empty({B, T, T}, q.options());
  gemm(cptr(q), cptr(k), nullptr, mptr(p), GemmShape{B, T, T, D, T * D, D, 1, T * D, 1, D, T * T, T}, kNone);
  softmax_rows(p, B * T, T, 1.f / std::sqrt((float)D), true);
  return p;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "causal attention probabilities (CUDA)"); }
