// LSTMCell: both gate linears (i, f, g, o order), then one thread per hidden unit; returns stack(h', c').
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

__global__ void lstm_kernel(const float* __restrict__ gi, const float* __restrict__ gh, const float* __restrict__ c,
                            float* __restrict__ y, int64_t B, int64_t H) {
  for (int64_t p = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; p < B * H; p += (int64_t)gridDim.x * blockDim.x) {
    const int64_t b = p / H, j = p % H;
    const float* a = gi + b * 4 * H;
    const float* e = gh + b * 4 * H;
    const float in = 1.f / (1.f + expf(-(a[j] + e[j])));
    const float f = 1.f / (1.f + expf(-(a[H + j] + e[H + j])));
    const float g = tanhf(a[2 * H + j] + e[2 * H + j]);
    const float o = 1.f / (1.f + expf(-(a[3 * H + j] + e[3 * H + j])));
    const float c1 = f * c[p] + in * g;
    y[p] = o * tanhf(c1);   // h'
    y[B * H + p] = c1;      // c'
  }
}

at::Tensor forward(const at::Tensor& x_in, const at::Tensor& h_in, const at::Tensor& c_in, const at::Tensor& w_ih,
                   const at::Tensor& w_hh, const at::Tensor& b_ih, const at::Tensor& b_hh) {
  TORCH_CHECK(x_in.dim() == 2 && h_in.dim() == 2 && h_in.sizes() == c_in.sizes() && w_ih.size(0) == 4 * h_in.size(1),
              "bad shapes");
  const at::Tensor x = f32(x_in), h = f32(h_in), c = f32(c_in);
  const at::Tensor gi = linear(x, f32(w_ih), cptr(f32(b_ih)), kNone);
  const at::Tensor gh = linear(h, f32(w_hh), cptr(f32(b_hh)), kNone);
  const int64_t B = h.size(0), H = h.size(1);
  at::Tensor y = at::empty({2, B, H}, h.options());
  if (y.numel() == 0) return y;
  lstm_kernel<<<grid_for(B * H), kThreads>>>(cptr(gi), cptr(gh), cptr(c), mptr(y), B, H);
  check_launch("lstm_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "LSTM cell (CUDA)"); }
