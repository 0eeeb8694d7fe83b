// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty, so no
// factory-op header is needed) and torch's pybind11 casters. <torch/extension.h> works too,
// but it is over twice as much code to compile.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <algorithm>

// Direct 3 x 3 convolution with stride 2 and padding 1, hardswish applied as each output plane
// is finished. (Output height computed as if there were no padding.)
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w_in, const at::Tensor& b_in) {
  TORCH_CHECK(x_in.dim() == 4 && w_in.dim() == 4 && w_in.size(2) == 3 && x_in.size(1) == w_in.size(1), "bad shapes");
  const at::Tensor x = x_in.contiguous(), w = w_in.contiguous(), b = b_in.contiguous();
  const int64_t N = x.size(0), CI = x.size(1), H = x.size(2), W = x.size(3), CO = w.size(0);
  const int64_t S = 2, P = 1, K = 3;
  const int64_t OH = (H - K) / S + 1, OW = (W + 2 * P - K) / S + 1;
  at::Tensor out = x.new_empty({N, CO, OH, OW});
  const float* px = x.data_ptr<float>();
  const float* pw = w.data_ptr<float>();
  const float* pb = b.data_ptr<float>();
  float* po = out.data_ptr<float>();
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t n = 0; n < N; ++n)
    for (int64_t co = 0; co < CO; ++co) {
      float* o = po + (n * CO + co) * OH * OW;
      for (int64_t i = 0; i < OH * OW; ++i) o[i] = pb[co];
      for (int64_t ci = 0; ci < CI; ++ci) {
        const float* xi = px + (n * CI + ci) * H * W;
        const float* wk = pw + (co * CI + ci) * K * K;
        for (int64_t oh = 0; oh < OH; ++oh)
          for (int64_t kh = 0; kh < K; ++kh) {
            const int64_t ih = oh * S - P + kh;
            if (ih < 0 || ih >= H) continue;
            for (int64_t kw = 0; kw < K; ++kw) {
              const float wv = wk[kh * K + kw];
              for (int64_t ow = 0; ow < OW; ++ow) {
                const int64_t iw = ow * S - P + kw;
                if (iw >= 0 && iw < W) o[oh * OW + ow] += wv * xi[ih * W + iw];
              }
            }
          }
      }
      for (int64_t i = 0; i < OH * OW; ++i) {
        const float v = o[i];
        o[i] = v * std::min(std::max(v + 3.f, 0.f), 6.f) / 6.f;
      }
    }
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "hardswish(conv2d 3x3 / 2)"); }
