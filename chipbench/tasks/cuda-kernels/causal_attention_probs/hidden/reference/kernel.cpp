// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty, so no
// factory-op header is needed) and torch's pybind11 casters. <torch/extension.h> works too,
// but it is over twice as much code to compile.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <algorithm>
#include <cmath>

// p[b, i, j] = softmax_j(q_i . k_j / sqrt(d)) over j <= i, and exactly 0 for j > i. Only the
// causal half of the scores is ever computed; one (batch, query row) per parallel iteration.
at::Tensor forward(const at::Tensor& q_in, const at::Tensor& k_in) {
  TORCH_CHECK(q_in.dim() == 3 && q_in.sizes() == k_in.sizes(), "expected q, k of equal (B, T, D)");
  const at::Tensor q = q_in.contiguous(), k = k_in.contiguous();
  const int64_t B = q.size(0), T = q.size(1), D = q.size(2);
  at::Tensor p = q.new_empty({B, T, T});
  const float* pq = q.data_ptr<float>();
  const float* pk = k.data_ptr<float>();
  float* pp = p.data_ptr<float>();
  const float scale = 1.f / std::sqrt(static_cast<float>(D));
#pragma omp parallel for schedule(dynamic, 8)
  for (int64_t job = 0; job < B * T; ++job) {
    const int64_t b = job / T, i = job % T;
    const float* qi = pq + job * D;
    float* row = pp + job * T;
    float m = -INFINITY;
    for (int64_t j = 0; j <= i; ++j) {
      const float* kj = pk + (b * T + j) * D;
      float dot = 0.f;
#pragma omp simd reduction(+ : dot)
      for (int64_t d = 0; d < D; ++d) dot += qi[d] * kj[d];
      row[j] = dot * scale;
      m = std::max(m, row[j]);
    }
    float s = 0.f;
    for (int64_t j = 0; j <= i; ++j) {
      row[j] = std::exp(row[j] - m);
      s += row[j];
    }
    const float inv = 1.f / s;
    for (int64_t j = 0; j <= i; ++j) row[j] *= inv;
    for (int64_t j = i + 1; j < T; ++j) row[j] = 0.f;
  }
  return p;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "causal attention probabilities"); }
