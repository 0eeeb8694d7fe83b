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

// conv -> per-channel batch statistics over (N, H, W) (biased variance, double accumulators)
// -> normalise, scale, shift, ReLU, in place on the conv output.
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w_in, const at::Tensor& b_in,
                   const at::Tensor& gamma_in, const at::Tensor& beta_in, double eps) {
  TORCH_CHECK(x_in.dim() == 4 && w_in.dim() == 4 && w_in.size(2) == 3 && w_in.size(3) == 3, "bad shapes");
  const at::Tensor x = x_in.contiguous(), w = w_in.contiguous(), b = b_in.contiguous();
  const at::Tensor gamma = gamma_in.contiguous(), beta = beta_in.contiguous();
  const int64_t N = x.size(0), CI = x.size(1), H = x.size(2), W = x.size(3), CO = w.size(0);
  at::Tensor y = x.new_empty({N, CO, H, W});
  float* py = y.data_ptr<float>();
  conv3x3_same(x.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(), py, N, CI, CO, H, W);
  const float* g = gamma.data_ptr<float>();
  const float* bt = beta.data_ptr<float>();
  const int64_t HW = H * W;
#pragma omp parallel for schedule(static)
  for (int64_t c = 0; c < CO; ++c) {
    double s = 0.0, ss = 0.0;
    for (int64_t n = 0; n < N; ++n) {
      const float* p = py + (n * CO + c) * HW;
      for (int64_t i = 0; i < HW; ++i) s += p[i];
    }
    const double mean = s / (N * HW);
    for (int64_t n = 0; n < N; ++n) {
      const float* p = py + (n * CO + c) * HW;
      for (int64_t i = 0; i < HW; ++i) ss += (p[i] - mean) * (p[i] - mean);
    }
    const float rstd = static_cast<float>(1.0 / std::sqrt(ss / (N * HW) + eps));
    const float scale = g[c] * rstd, shift = bt[c] - static_cast<float>(mean) * scale;
    for (int64_t n = 0; n < N; ++n) {
      float* p = py + (n * CO + c) * HW;
#pragma omp simd
      for (int64_t i = 0; i < HW; ++i) p[i] = std::max(p[i] * scale + shift, 0.f);
    }
  }
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "relu(batchnorm(conv3x3(x)))"); }
