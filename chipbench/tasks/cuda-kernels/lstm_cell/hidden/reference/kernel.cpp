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

static inline float sigmoidf(float v) { return 1.f / (1.f + std::exp(-v)); }

// gates = x W_ih^T + b_ih + h W_hh^T + b_hh, blocks (input, forget, cell, output); then
// c' = f * c + i * tanh(g), h' = o * tanh(c'). Output is stack([h', c']) of shape (2, N, H).
at::Tensor forward(const at::Tensor& x_in, const at::Tensor& h_in, const at::Tensor& c_in,
                   const at::Tensor& w_ih, const at::Tensor& w_hh, const at::Tensor& b_ih,
                   const at::Tensor& b_hh) {
  TORCH_CHECK(x_in.dim() == 2 && h_in.sizes() == c_in.sizes() && w_ih.size(0) == 4 * h_in.size(1), "bad shapes");
  const at::Tensor x = x_in.contiguous(), h = h_in.contiguous(), c = c_in.contiguous();
  const at::Tensor Wi = w_ih.contiguous(), Wh = w_hh.contiguous(), Bi = b_ih.contiguous(), Bh = b_hh.contiguous();
  const int64_t N = x.size(0), I = x.size(1), H = h.size(1);
  at::Tensor gi = x.new_empty({N, 4 * H}), gh = x.new_empty({N, 4 * H}), out = x.new_empty({2, N, H});
  float* pi = gi.data_ptr<float>();
  float* pg = gh.data_ptr<float>();
  const float* pc = c.data_ptr<float>();
  float* ho = out.data_ptr<float>();
  float* co = ho + N * H;
  gemm_nt(x.data_ptr<float>(), Wi.data_ptr<float>(), Bi.data_ptr<float>(), pi, N, 4 * H, I);
  gemm_nt(h.data_ptr<float>(), Wh.data_ptr<float>(), Bh.data_ptr<float>(), pg, N, 4 * H, H);
#pragma omp parallel for schedule(static)
  for (int64_t b = 0; b < N; ++b)
    for (int64_t j = 0; j < H; ++j) {
      const float* a = pi + b * 4 * H;
      const float* r = pg + b * 4 * H;
      const float ig = sigmoidf(a[0 + j] + r[0 + j]);
      const float fg = sigmoidf(a[H + j] + r[H + j]);
      const float gg = std::tanh(a[2 * H + j] + r[2 * H + j]);
      const float og = sigmoidf(a[3 * H + j] + r[3 * H + j]);
      const float cn = fg * pc[b * H + j] + ig * gg;
      co[b * H + j] = cn;
      ho[b * H + j] = og * std::tanh(cn);
    }
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "LSTM cell step"); }
