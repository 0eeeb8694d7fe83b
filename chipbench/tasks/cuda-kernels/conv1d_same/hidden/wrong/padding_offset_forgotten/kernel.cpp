// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty, so no
// factory-op header is needed) and torch's pybind11 casters. <torch/extension.h> works too,
// but it is over twice as much code to compile.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <algorithm>

// Direct convolution, stride 1, padding P. For every (batch, out channel) the output row is
// the bias plus, for each (in channel, tap), a scaled shifted input row: contiguous inner loops.
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w_in, const at::Tensor& b_in,
                   int64_t P) {
  TORCH_CHECK(x_in.dim() == 3 && w_in.dim() == 3 && x_in.size(1) == w_in.size(1), "bad shapes");
  const at::Tensor x = x_in.contiguous(), w = w_in.contiguous(), b = b_in.contiguous();
  const int64_t N = x.size(0), CI = x.size(1), L = x.size(2), CO = w.size(0), K = w.size(2);
  const int64_t OL = L + 2 * P - K + 1;
  at::Tensor out = x.new_empty({N, CO, OL});
  const float* px = x.data_ptr<float>();
  const float* pw = w.data_ptr<float>();
  const float* pb = b.data_ptr<float>();
  float* po = out.data_ptr<float>();
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t n = 0; n < N; ++n)
    for (int64_t co = 0; co < CO; ++co) {
      float* o = po + (n * CO + co) * OL;
      for (int64_t l = 0; l < OL; ++l) o[l] = pb[co];
      for (int64_t ci = 0; ci < CI; ++ci) {
        const float* xi = px + (n * CI + ci) * L;
        for (int64_t k = 0; k < K; ++k) {
          const float wv = pw[(co * CI + ci) * K + k];
          const int64_t hi = std::min<int64_t>(OL, L - k);  // padding offset forgotten
#pragma omp simd
          for (int64_t l = 0; l < hi; ++l) o[l] += wv * xi[l + k];
        }
      }
    }
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "conv1d, stride 1"); }
