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

// conv -> group norm (statistics over each group of channels and all positions) -> 2 x 2 max pool (floor).
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w_in, const at::Tensor& b_in,
                   const at::Tensor& gamma_in, const at::Tensor& beta_in, int64_t groups, double eps) {
  TORCH_CHECK(x_in.dim() == 4 && w_in.dim() == 4 && w_in.size(0) % groups == 0, "bad shapes");
  const at::Tensor x = x_in.contiguous(), w = w_in.contiguous(), b = b_in.contiguous();
  const at::Tensor gamma = gamma_in.contiguous(), beta = beta_in.contiguous();
  const int64_t N = x.size(0), CI = x.size(1), H = x.size(2), W = x.size(3), CO = w.size(0);
  at::Tensor conv = x.new_empty({N, CO, H, W});
  float* pc = conv.data_ptr<float>();
  conv3x3_same(x.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(), pc, N, CI, CO, H, W);
  const float* g = gamma.data_ptr<float>();
  const float* bt = beta.data_ptr<float>();
  const int64_t HW = H * W, CPG = CO / groups;
  const int64_t G = CO / CPG;
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t n = 0; n < N; ++n)
    for (int64_t grp = 0; grp < G; ++grp) {
      float* p = pc + (n * CO + grp * CPG) * HW;
      const int64_t count = CPG * HW;
      double s = 0.0, ss = 0.0;
      for (int64_t i = 0; i < count; ++i) s += p[i];
      const double mean = s / count;
      for (int64_t i = 0; i < count; ++i) ss += (p[i] - mean) * (p[i] - mean);
      const float rstd = static_cast<float>(1.0 / std::sqrt(ss / count + eps));
      for (int64_t c = 0; c < CPG; ++c) {
        const int64_t ch = grp * CPG + c;
        const float scale = g[ch] * rstd, shift = bt[ch] - static_cast<float>(mean) * scale;
        for (int64_t i = 0; i < HW; ++i) p[c * HW + i] = p[c * HW + i] * scale + shift;
      }
    }
  const int64_t OH = H / 2, OW = W / 2;
  at::Tensor out = x.new_empty({N, CO, OH, OW});
  float* po = out.data_ptr<float>();
#pragma omp parallel for schedule(static)
  for (int64_t plane = 0; plane < N * CO; ++plane) {
    const float* p = pc + plane * HW;
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        const float* q = p + 2 * oh * W + 2 * ow;
        po[(plane * OH + oh) * OW + ow] = std::max(std::max(q[0], q[1]), std::max(q[W], q[W + 1]));
      }
  }
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "maxpool2(groupnorm(conv3x3(x)))"); }
