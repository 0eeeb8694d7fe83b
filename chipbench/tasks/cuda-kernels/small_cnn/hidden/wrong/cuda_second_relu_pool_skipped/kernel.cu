// Known wrong (cuda backend): skips the second pool, so the head reads the wrong features.
// conv-relu-pool twice, then the linear head: each conv, then a 2x2 max pool with its relu, then the head.
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

// y[n, o, oh, ow] = bias[o] + sum over the group's input channels and the kernel window of
// x * w (zero padding): one thread per output element.
__global__ void conv2d_kernel(const float* __restrict__ x, const float* __restrict__ w,
                              const float* __restrict__ bias, float* __restrict__ y,
                              int64_t N, int64_t C, int64_t H, int64_t W, int64_t O, int64_t KH, int64_t KW,
                              int64_t OH, int64_t OW, int64_t stride, int64_t pad, int64_t groups) {
  const int64_t total = N * O * OH * OW, cpg = C / groups, opg = O / groups;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < total; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t ow = i % OW, oh = (i / OW) % OH, o = (i / (OW * OH)) % O, n = i / (OW * OH * O);
    const int64_t c0 = (o / opg) * cpg;
    float acc = bias != nullptr ? bias[o] : 0.f;
    for (int64_t c = 0; c < cpg; ++c) {
      for (int64_t kh = 0; kh < KH; ++kh) {
        const int64_t ih = oh * stride - pad + kh;
        if (ih < 0 || ih >= H) continue;
        for (int64_t kw = 0; kw < KW; ++kw) {
          const int64_t iw = ow * stride - pad + kw;
          if (iw < 0 || iw >= W) continue;
          acc += x[((n * C + c0 + c) * H + ih) * W + iw] * w[((o * cpg + c) * KH + kh) * KW + kw];
        }
      }
    }
    y[i] = acc;
  }
}

static at::Tensor conv2d(const at::Tensor& x, const at::Tensor& w, const float* bias, int64_t stride, int64_t pad,
                         int64_t groups) {
  TORCH_CHECK(x.dim() == 4 && w.dim() == 4 && x.size(1) == w.size(1) * groups && w.size(0) % groups == 0,
              "conv2d: bad shapes");
  const int64_t N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
  const int64_t O = w.size(0), KH = w.size(2), KW = w.size(3);
  const int64_t OH = (H + 2 * pad - KH) / stride + 1, OW = (W + 2 * pad - KW) / stride + 1;
  at::Tensor y = at::empty({N, O, OH, OW}, x.options());
  if (y.numel() == 0) return y;
  conv2d_kernel<<<grid_for(y.numel()), kThreads>>>(cptr(x), cptr(w), bias, mptr(y), N, C, H, W, O, KH, KW, OH, OW,
                                                   stride, pad, groups);
  check_launch("conv2d_kernel");
  return y;
}

// relu(max over a 2x2 window) = max over the window of relu (relu is monotone)
__global__ void relu_maxpool2_kernel(const float* __restrict__ h, float* __restrict__ y, int64_t planes, int64_t H,
                                     int64_t W, int64_t OH, int64_t OW) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < planes * OH * OW; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t ow = i % OW, oh = (i / OW) % OH, p = i / (OW * OH);
    const float* top = h + (p * H + 2 * oh) * W + 2 * ow;
    y[i] = fmaxf(fmaxf(fmaxf(top[0], top[1]), fmaxf(top[W], top[W + 1])), 0.f);
  }
}

static at::Tensor relu_pool(const at::Tensor& h) {
  const int64_t N = h.size(0), C = h.size(1), H = h.size(2), W = h.size(3);
  at::Tensor y = at::empty({N, C, H / 2, W / 2}, h.options());
  if (y.numel() == 0) return y;
  relu_maxpool2_kernel<<<grid_for(y.numel()), kThreads>>>(cptr(h), mptr(y), N * C, H, W, H / 2, W / 2);
  check_launch("relu_maxpool2_kernel");
  return y;
}

at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w1_in, const at::Tensor& b1_in, const at::Tensor& w2_in,
                   const at::Tensor& b2_in, const at::Tensor& wh_in, const at::Tensor& bh_in) {
  TORCH_CHECK(x_in.dim() == 4, "expected NCHW input");
  const at::Tensor x = f32(x_in), w1 = f32(w1_in), b1 = f32(b1_in), w2 = f32(w2_in), b2 = f32(b2_in);
  const at::Tensor wh = f32(wh_in), bh = f32(bh_in);
  const at::Tensor p1 = relu_pool(conv2d(x, w1, cptr(b1), 1, 1, 1));
  const at::Tensor c2 = conv2d(p1, w2, cptr(b2), 1, 1, 1);
  const at::Tensor p2 = c2.view({c2.size(0), -1}).narrow(1, 0, wh.size(1));
  return linear(p2.contiguous(), wh, cptr(bh), kNone);
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "small CNN (CUDA)"); }
