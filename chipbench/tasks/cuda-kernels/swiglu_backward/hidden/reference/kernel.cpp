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

// y = silu(a) * b;  da = dy * b * s (1 + a (1 - s)),  db = dy * silu(a).
template <typename T>
void swiglu_bwd(const T* a, const T* b, const T* dy, T* y, T* da, T* db, int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    const float u = static_cast<float>(a[i]), v = static_cast<float>(b[i]), g = static_cast<float>(dy[i]);
    const float s = 1.f / (1.f + std::exp(-u));
    y[i] = static_cast<T>(u * s * v);
    da[i] = static_cast<T>(g * v * s * (1.f + u * (1.f - s)));
    db[i] = static_cast<T>(g * u * s);
  }
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> forward(const at::Tensor& a_in, const at::Tensor& b_in,
                                                       const at::Tensor& dy_in) {
  TORCH_CHECK(a_in.sizes() == b_in.sizes() && dy_in.sizes() == a_in.sizes(), "expected a, b, dy of one shape");
  const at::Tensor a = a_in.contiguous(), b = b_in.contiguous(), dy = dy_in.contiguous();
  at::Tensor y = a.new_empty(a.sizes()), da = a.new_empty(a.sizes()), db = a.new_empty(a.sizes());
  dispatch(a, [&](auto tag) {
    using T = decltype(tag);
    swiglu_bwd<T>(a.data_ptr<T>(), b.data_ptr<T>(), dy.data_ptr<T>(), y.data_ptr<T>(), da.data_ptr<T>(),
                  db.data_ptr<T>(), a.numel());
  });
  return {y, da, db};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "SwiGLU gate, forward and gradients"); }
