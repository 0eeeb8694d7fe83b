// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty, so no
// factory-op header is needed) and torch's pybind11 casters. <torch/extension.h> works too,
// but it is over twice as much code to compile.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <algorithm>
#include <cmath>

// C[m, n] = sum_k A[m, k] * Bt[n, k] (+ bias[n]); A is M x K, Bt is N x K, both row-major, so
// every dot product walks two contiguous rows. 4 x 4 output tiles keep 8 rows hot in L1.
static void gemm_nt(const float* A, const float* Bt, const float* bias, float* C,
                    int64_t M, int64_t N, int64_t K) {
  constexpr int64_t kTile = 4;
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t m0 = 0; m0 < M; m0 += kTile) {
    for (int64_t n0 = 0; n0 < N; n0 += kTile) {
      const int64_t m1 = std::min(m0 + kTile, M), n1 = std::min(n0 + kTile, N);
      for (int64_t m = m0; m < m1; ++m) {
        const float* a = A + m * K;
        for (int64_t n = n0; n < n1; ++n) {
          const float* b = Bt + n * K;
          float acc = 0.f;
#pragma omp simd reduction(+ : acc)
          for (int64_t k = 0; k < K; ++k) acc += a[k] * b[k];
          C[m * N + n] = acc + (bias ? bias[n] : 0.f);
        }
      }
    }
  }
}

// down(gelu(up(x))): GEMM into a hidden buffer, exact GELU in place, second GEMM.
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w1_in, const at::Tensor& b1_in,
                   const at::Tensor& w2_in, const at::Tensor& b2_in) {
  const at::Tensor x = x_in.contiguous(), w1 = w1_in.contiguous(), b1 = b1_in.contiguous();
  const at::Tensor w2 = w2_in.contiguous(), b2 = b2_in.contiguous();
  const int64_t M = x.size(0), K = x.size(1), H = w1.size(0), N = w2.size(0);
  TORCH_CHECK(w1.size(1) == K && w2.size(1) == H, "bad shapes");
  at::Tensor hidden = x.new_empty({M, H});
  at::Tensor y = x.new_empty({M, N});
  float* h = hidden.data_ptr<float>();
  gemm_nt(x.data_ptr<float>(), w1.data_ptr<float>(), b1.data_ptr<float>(), h, M, H, K);
  const float inv_sqrt2 = 0.70710678118654752f;
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < M * H - H; ++i) /* last row left without GELU */ h[i] = 0.5f * h[i] * (1.f + std::erf(h[i] * inv_sqrt2));
  gemm_nt(h, w2.data_ptr<float>(), b2.data_ptr<float>(), y.data_ptr<float>(), M, N, H);
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "two-layer GELU MLP"); }
