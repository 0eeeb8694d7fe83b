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

// y = x - logsumexp(x) per row;  dx = dy - exp(y) * sum(dy).
template <typename T>
void log_softmax_bwd(const T* x, const T* dy, T* y, T* dx, int64_t R, int64_t D) {
#pragma omp parallel for schedule(static)
  for (int64_t r = 0; r < R; ++r) {
    const T* xr = x + r * D;
    const T* gr = dy + r * D;
    float m = -INFINITY;
    for (int64_t i = 0; i < D; ++i) m = std::max(m, static_cast<float>(xr[i]));
    float s = 0.f, gs = 0.f;
    for (int64_t i = 0; i < D; ++i) {
      s += std::exp(static_cast<float>(xr[i]) - m);
      gs += static_cast<float>(gr[i]);
    }
    const float lse = m + std::log(s);
    for (int64_t i = 0; i < D; ++i) {
      const float yi = static_cast<float>(xr[i]) - lse;
      y[r * D + i] = static_cast<T>(yi);
      dx[r * D + i] = static_cast<T>(static_cast<float>(gr[i]) - std::exp(yi) * gs);
    }
  }
}

std::tuple<at::Tensor, at::Tensor> forward(const at::Tensor& x_in, const at::Tensor& dy_in) {
  TORCH_CHECK(x_in.dim() == 2 && dy_in.sizes() == x_in.sizes(), "expected 2-D x and dy of one shape");
  const at::Tensor x = x_in.contiguous(), dy = dy_in.contiguous();
  at::Tensor y = x.new_empty(x.sizes()), dx = x.new_empty(x.sizes());
  dispatch(x, [&](auto tag) {
    using T = decltype(tag);
    log_softmax_bwd<T>(x.data_ptr<T>(), dy.data_ptr<T>(), y.data_ptr<T>(), dx.data_ptr<T>(), x.size(0), x.size(1));
  });
  return {y, dx};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "log-softmax, forward and gradient"); }
