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

// Gate and up GEMMs, the SiLU-gated product in place, then the down GEMM.
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& wg, const at::Tensor& wu, const at::Tensor& wd) {
  TORCH_CHECK(x_in.dim() == 2 && wg.sizes() == wu.sizes() && wd.size(1) == wg.size(0), "bad shapes");
  const at::Tensor x = x_in.contiguous(), Wg = wg.contiguous(), Wu = wu.contiguous(), Wd = wd.contiguous();
  const int64_t M = x.size(0), D = x.size(1), H = Wg.size(0);
  at::Tensor g = x.new_empty({M, H}), u = x.new_empty({M, H}), y = x.new_empty({M, Wd.size(0)});
  float* pg = g.data_ptr<float>();
  float* pu = u.data_ptr<float>();
  gemm_nt(x.data_ptr<float>(), Wg.data_ptr<float>(), nullptr, pg, M, H, D);
  gemm_nt(x.data_ptr<float>(), Wu.data_ptr<float>(), nullptr, pu, M, H, D);
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < M * H; ++i) pg[i] = pg[i] / (1.f + std::exp(-pg[i])) * pu[i];
  gemm_nt(pg, Wd.data_ptr<float>(), nullptr, y.data_ptr<float>(), M, Wd.size(0), H);
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "SwiGLU feed-forward"); }
