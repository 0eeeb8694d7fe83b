// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty, so no
// factory-op header is needed) and torch's pybind11 casters. <torch/extension.h> works too,
// but it is over twice as much code to compile.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <algorithm>
#include <cmath>
#include <vector>

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

// Batch norm with batch statistics, in place on (N, C, HW): per channel, double accumulators.
static void batch_norm_inplace(float* y, const float* g, const float* bt, int64_t N, int64_t C,
                               int64_t HW, float eps, bool relu) {
#pragma omp parallel for schedule(static)
  for (int64_t c = 0; c < C; ++c) {
    double s = 0.0, ss = 0.0;
    for (int64_t n = 0; n < N; ++n)
      for (int64_t i = 0; i < HW; ++i) s += y[(n * C + c) * HW + i];
    const double mean = s / (N * HW);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t i = 0; i < HW; ++i) {
        const double dlt = y[(n * C + c) * HW + i] - mean;
        ss += dlt * dlt;
      }
    const float scale = g[c] * static_cast<float>(1.0 / std::sqrt(ss / (N * HW) + eps));
    const float shift = bt[c] - static_cast<float>(mean) * scale;
    for (int64_t n = 0; n < N; ++n) {
      float* p = y + (n * C + c) * HW;
      for (int64_t i = 0; i < HW; ++i) p[i] = relu ? std::max(p[i] * scale + shift, 0.f) : p[i] * scale + shift;
    }
  }
}

// conv1 -> BN1 + ReLU -> conv2 -> BN2 -> + x -> ReLU. (The skip is added after the final ReLU.)
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w1, const at::Tensor& g1, const at::Tensor& be1,
                   const at::Tensor& w2, const at::Tensor& g2, const at::Tensor& be2, double eps) {
  TORCH_CHECK(x_in.dim() == 4 && w1.size(0) == x_in.size(1) && w2.size(0) == x_in.size(1), "bad shapes");
  const at::Tensor x = x_in.contiguous(), W1 = w1.contiguous(), W2 = w2.contiguous();
  const at::Tensor G1 = g1.contiguous(), BE1 = be1.contiguous(), G2 = g2.contiguous(), BE2 = be2.contiguous();
  const int64_t N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
  std::vector<float> zero_bias(C, 0.f);
  at::Tensor y1 = x.new_empty({N, C, H, W}), y2 = x.new_empty({N, C, H, W});
  float* p1 = y1.data_ptr<float>();
  float* p2 = y2.data_ptr<float>();
  const float* px = x.data_ptr<float>();
  const float fe = static_cast<float>(eps);
  conv3x3_same(px, W1.data_ptr<float>(), zero_bias.data(), p1, N, C, C, H, W);
  batch_norm_inplace(p1, G1.data_ptr<float>(), BE1.data_ptr<float>(), N, C, H * W, fe, true);
  conv3x3_same(p1, W2.data_ptr<float>(), zero_bias.data(), p2, N, C, C, H, W);
  batch_norm_inplace(p2, G2.data_ptr<float>(), BE2.data_ptr<float>(), N, C, H * W, fe, false);
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < N * C * H * W; ++i) p2[i] = std::max(p2[i], 0.f) + px[i];
  return y2;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "ResNet basic block"); }
