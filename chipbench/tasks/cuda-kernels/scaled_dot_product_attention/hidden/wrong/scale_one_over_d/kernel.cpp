// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty, so no
// factory-op header is needed) and torch's pybind11 casters. <torch/extension.h> works too,
// but it is over twice as much code to compile.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <algorithm>
#include <cmath>
#include <vector>

// In place: row[0..n) <- softmax(row[0..n)), with the row maximum subtracted first.
static inline void softmax_row_inplace(float* row, int64_t n) {
  float m = -INFINITY;
  for (int64_t i = 0; i < n; ++i) m = std::max(m, row[i]);
  float s = 0.f;
  for (int64_t i = 0; i < n; ++i) {
    row[i] = std::exp(row[i] - m);
    s += row[i];
  }
  const float inv = 1.f / s;
  for (int64_t i = 0; i < n; ++i) row[i] *= inv;
}

// Per (batch, query row): scores against every key, softmax, weighted sum of value rows.
at::Tensor forward(const at::Tensor& q_in, const at::Tensor& k_in, const at::Tensor& v_in) {
  TORCH_CHECK(q_in.dim() == 3 && k_in.dim() == 3 && v_in.dim() == 3, "expected (B, T, D) inputs");
  TORCH_CHECK(q_in.size(2) == k_in.size(2) && k_in.size(1) == v_in.size(1), "bad shapes");
  const at::Tensor q = q_in.contiguous(), k = k_in.contiguous(), v = v_in.contiguous();
  const int64_t B = q.size(0), TQ = q.size(1), TK = k.size(1), D = q.size(2), DV = v.size(2);
  at::Tensor out = q.new_empty({B, TQ, DV});
  const float* pq = q.data_ptr<float>();
  const float* pk = k.data_ptr<float>();
  const float* pv = v.data_ptr<float>();
  float* po = out.data_ptr<float>();
  const float scale = 1.f / static_cast<float>(D)  /* 1/d instead of 1/sqrt(d) */;
#pragma omp parallel
  {
    std::vector<float> p(TK);
#pragma omp for schedule(static)
    for (int64_t job = 0; job < B * TQ; ++job) {
      const int64_t b = job / TQ;
      const float* qi = pq + job * D;
      for (int64_t j = 0; j < TK; ++j) {
        const float* kj = pk + (b * TK + j) * D;
        float dot = 0.f;
#pragma omp simd reduction(+ : dot)
        for (int64_t d = 0; d < D; ++d) dot += qi[d] * kj[d];
        p[j] = dot * scale;
      }
      softmax_row_inplace(p.data(), TK);
      float* o = po + job * DV;
      for (int64_t d = 0; d < DV; ++d) o[d] = 0.f;
      for (int64_t j = 0; j < TK; ++j) {
        const float* vj = pv + (b * TK + j) * DV;
        const float pj = p[j];
#pragma omp simd
        for (int64_t d = 0; d < DV; ++d) o[d] += pj * vj[d];
      }
    }
  }
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "softmax(q k^T / sqrt(d)) v"); }
