// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty, so no
// factory-op header is needed) and torch's pybind11 casters. <torch/extension.h> works too,
// but it is over twice as much code to compile.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <algorithm>
#include <cmath>

// Direct 3 x 3 convolution, stride 1, padding 1, into `out` (N, CO, H, W).
static void conv3x3_same(const float* px, const float* pw, const float* pb, float* po,
                         int64_t N, int64_t CI, int64_t CO, int64_t H, int64_t W) {
  const int64_t K = 3, P = 1;
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t n = 0; n < N; ++n)
    for (int64_t co = 0; co < CO; ++co) {
      float* o = po + (n * CO + co) * H * W;
      for (int64_t i = 0; i < H * W; ++i) o[i] = pb[co];
      for (int64_t ci = 0; ci < CI; ++ci) {
        const float* xi = px + (n * CI + ci) * H * W;
        for (int64_t kh = 0; kh < K; ++kh)
          for (int64_t kw = 0; kw < K; ++kw) {
            const float wv = pw[((co * CI + ci) * K + kh) * K + kw];
            const int64_t h0 = std::max<int64_t>(0, P - kh), h1 = std::min<int64_t>(H, H + P - kh);
            const int64_t w0 = std::max<int64_t>(0, P - kw), w1 = std::min<int64_t>(W, W + P - kw);
            for (int64_t h = h0; h < h1; ++h) {
              const float* xr = xi + (h + kh - P) * W + (kw - P);
              float* orow = o + h * W;
#pragma omp simd
              for (int64_t ww = w0; ww < w1; ++ww) orow[ww] += wv * xr[ww];
            }
          }
      }
    }
}

// C[m, n] = sum_k A[m, k] * Bt[n, k] (+ bias[n]); A is M x K, Bt is N x K, both row-major, so
// every dot product walks two contiguous rows. 4 x 4 output tiles keep 8 rows hot in L1.
static void gemm_nt(const float* A, const float* Bt, const float* bias, float* C,
                    int64_t M, int64_t N, int64_t K) {
  constexpr int64_t kTile = 4;
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t m0 = 0; m0 < M; m0 += kTile) {
    for (int64_t n0 = 0; n0 < N; n0 += kTile) {
      const int64_t m1 = std::min(m0 + kTile, M), n1 = std::min(n0 + kTile, N);
      for (int64_t m = m0; m < m1; ++m) {
        const float* a = A + m * K;
        for (int64_t n = n0; n < n1; ++n) {
          const float* b = Bt + n * K;
          float acc = 0.f;
#pragma omp simd reduction(+ : acc)
          for (int64_t k = 0; k < K; ++k) acc += a[k] * b[k];
          C[m * N + n] = acc + (bias ? bias[n] : 0.f);
        }
      }
    }
  }
}

// ReLU then 2 x 2 max pool (floor) of a (N, C, H, W) buffer into (N, C, H / 2, W / 2).
static void relu_pool2(const float* in, float* out, int64_t NC, int64_t H, int64_t W) {
  const int64_t OH = H / 2, OW = W / 2;
#pragma omp parallel for schedule(static)
  for (int64_t p = 0; p < NC; ++p)
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        const float* q = in + p * H * W + 2 * oh * W + 2 * ow;
        const float m = std::max(std::max(q[0], q[1]), std::max(q[W], q[W + 1]));
        out[(p * OH + oh) * OW + ow] = std::max(m, 0.f);  // relu and max commute
      }
}

// conv1 -> relu/pool -> conv2 -> relu/pool -> flatten (C, H, W order) -> linear head.
// 
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w1, const at::Tensor& b1,
                   const at::Tensor& w2, const at::Tensor& b2, const at::Tensor& wh, const at::Tensor& bh) {
  TORCH_CHECK(x_in.dim() == 4, "expected NCHW input");
  const at::Tensor x = x_in.contiguous();
  const at::Tensor W1 = w1.contiguous(), B1 = b1.contiguous(), W2 = w2.contiguous(), B2 = b2.contiguous();
  const at::Tensor WH = wh.contiguous(), BH = bh.contiguous();
  const int64_t N = x.size(0), C0 = x.size(1), H = x.size(2), W = x.size(3);
  const int64_t C1 = W1.size(0), C2 = W2.size(0), H1 = H / 2, W1s = W / 2, H2 = H1 / 2, W2s = W1s / 2;
  const int64_t F = C2 * H2 * W2s, classes = WH.size(0);
  TORCH_CHECK(WH.size(1) == F, "head size does not match the input size");
  at::Tensor a1 = x.new_empty({N, C1, H, W}), p1 = x.new_empty({N, C1, H1, W1s});
  at::Tensor a2 = x.new_empty({N, C2, H1, W1s}), p2 = x.new_empty({N, C2, H2, W2s});
  at::Tensor flat = x.new_empty({N, F}), out = x.new_empty({N, classes});
  conv3x3_same(x.data_ptr<float>(), W1.data_ptr<float>(), B1.data_ptr<float>(), a1.data_ptr<float>(), N, C0, C1, H, W);
  relu_pool2(a1.data_ptr<float>(), p1.data_ptr<float>(), N * C1, H, W);
  conv3x3_same(p1.data_ptr<float>(), W2.data_ptr<float>(), B2.data_ptr<float>(), a2.data_ptr<float>(), N, C1, C2, H1, W1s);
  relu_pool2(a2.data_ptr<float>(), p2.data_ptr<float>(), N * C2, H1, W1s);
  const float* pp = p2.data_ptr<float>();
  float* pf = flat.data_ptr<float>();
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C2; ++c)
      for (int64_t s = 0; s < H2 * W2s; ++s) pf[n * F + c * H2 * W2s + s] = pp[(n * C2 + c) * H2 * W2s + s];
  gemm_nt(pf, WH.data_ptr<float>(), BH.data_ptr<float>(), out.data_ptr<float>(), N, classes, F);
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "small CNN"); }
