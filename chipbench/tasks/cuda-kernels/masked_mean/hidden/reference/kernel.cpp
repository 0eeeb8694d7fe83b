// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty, so no
// factory-op header is needed) and torch's pybind11 casters. <torch/extension.h> works too,
// but it is over twice as much code to compile.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <algorithm>

// out[b, :] = sum of x[b, t, :] over kept t / max(kept count, 1); rows are accumulated into
// the output row, so the inner loop is contiguous.
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& mask_in) {
  TORCH_CHECK(x_in.dim() == 3 && mask_in.dim() == 2 && mask_in.size(0) == x_in.size(0) &&
              mask_in.size(1) == x_in.size(1), "bad shapes");
  TORCH_CHECK(mask_in.scalar_type() == at::kBool, "mask must be bool");
  const at::Tensor x = x_in.contiguous(), mask = mask_in.contiguous();
  const int64_t B = x.size(0), T = x.size(1), D = x.size(2);
  at::Tensor out = x.new_empty({B, D});
  const float* px = x.data_ptr<float>();
  const bool* pm = mask.data_ptr<bool>();
  float* po = out.data_ptr<float>();
#pragma omp parallel for schedule(static)
  for (int64_t b = 0; b < B; ++b) {
    float* o = po + b * D;
    for (int64_t d = 0; d < D; ++d) o[d] = 0.f;
    int64_t kept = 0;
    for (int64_t t = 0; t < T; ++t) {
      if (!pm[b * T + t]) continue;
      ++kept;
      const float* row = px + (b * T + t) * D;
#pragma omp simd
      for (int64_t d = 0; d < D; ++d) o[d] += row[d];
    }
    const float inv = 1.f / static_cast<float>(std::max<int64_t>(kept, 1));
    for (int64_t d = 0; d < D; ++d) o[d] *= inv;
  }
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "masked mean over dim 1"); }
