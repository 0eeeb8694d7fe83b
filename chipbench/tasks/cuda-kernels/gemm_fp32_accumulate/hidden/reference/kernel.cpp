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

// C = A @ B with float accumulation: B is first converted to a float copy, transposed, so the
// inner loop over k reads both operands contiguously.
template <typename T>
void gemm(const T* a, const T* b, T* c, int64_t M, int64_t K, int64_t N, float* bt) {
  for (int64_t k = 0; k < K; ++k)
    for (int64_t n = 0; n < N; ++n) bt[n * K + k] = static_cast<float>(b[k * N + n]);
#pragma omp parallel for schedule(static)
  for (int64_t m = 0; m < M; ++m) {
    const T* ar = a + m * K;
    for (int64_t n = 0; n < N; ++n) {
      const float* br = bt + n * K;
      float acc = 0.f;
      for (int64_t k = 0; k < K; ++k) acc += static_cast<float>(ar[k]) * br[k];
      c[m * N + n] = static_cast<T>(acc);
    }
  }
}

at::Tensor forward(const at::Tensor& a_in, const at::Tensor& b_in) {
  TORCH_CHECK(a_in.dim() == 2 && b_in.dim() == 2 && a_in.size(1) == b_in.size(0), "expected (M, K) @ (K, N)");
  const at::Tensor a = a_in.contiguous(), b = b_in.contiguous();
  const int64_t M = a.size(0), K = a.size(1), N = b.size(1);
  at::Tensor c = a.new_empty({M, N});
  at::Tensor bt = a.new_empty({N, K}, a.options().dtype(at::kFloat));
  dispatch(a, [&](auto tag) {
    using T = decltype(tag);
    gemm<T>(a.data_ptr<T>(), b.data_ptr<T>(), c.data_ptr<T>(), M, K, N, bt.data_ptr<float>());
  });
  return c;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "matrix product, float accumulation"); }
