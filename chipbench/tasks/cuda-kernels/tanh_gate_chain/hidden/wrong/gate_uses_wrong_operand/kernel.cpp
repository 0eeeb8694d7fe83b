// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty, so no
// factory-op header is needed) and torch's pybind11 casters. <torch/extension.h> works too,
// but it is over twice as much code to compile.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <algorithm>
#include <cmath>

// Elementwise, so one flat parallel loop over the contiguous buffers.
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& y_in) {
  TORCH_CHECK(x_in.scalar_type() == at::kFloat, "expected float32");
  const at::Tensor x = x_in.contiguous();
  const at::Tensor y = y_in.contiguous();
  at::Tensor out = x.new_empty(x.sizes());
  const float* src = x.data_ptr<float>();
  const float* src2 = y.data_ptr<float>();
  float* dst = out.data_ptr<float>();
  const int64_t n = x.numel();
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    const float v = src[i];
    const float u = src2[i];
    dst[i] = std::tanh(v) / (1.f + std::exp(-v)) + 0.5f * v;
  }
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "Gated tanh elementwise chain"); }
