// Light includes: the Tensor class (outputs are allocated with Tensor::new_empty, so no
// factory-op header is needed) and torch's pybind11 casters. <torch/extension.h> works too,
// but it is over twice as much code to compile.
#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <algorithm>
#include <cmath>
#include <vector>

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

// In place: row[0..n) <- softmax(row[0..n)), with the row maximum subtracted first.
static inline void softmax_row_inplace(float* row, int64_t n) {
  float m = -INFINITY;
  for (int64_t i = 0; i < n; ++i) m = std::max(m, row[i]);
  float s = 0.f;
  for (int64_t i = 0; i < n; ++i) {
    row[i] = std::exp(row[i] - m);
    s += row[i];
  }
  const float inv = 1.f / s;
  for (int64_t i = 0; i < n; ++i) row[i] *= inv;
}

// out[i] = (in[i] - mean) / sqrt(var + eps) * gamma[i] + beta[i], biased variance, two passes.
static inline void layer_norm_row(const float* in, const float* gamma, const float* beta,
                                  float* out, int64_t n, float eps) {
  float s = 0.f;
#pragma omp simd reduction(+ : s)
  for (int64_t i = 0; i < n; ++i) s += in[i];
  const float mean = s / n;
  float v = 0.f;
#pragma omp simd reduction(+ : v)
  for (int64_t i = 0; i < n; ++i) v += (in[i] - mean) * (in[i] - mean);
  const float rstd = 1.f / std::sqrt(v / n + eps);
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) out[i] = (in[i] - mean) * rstd * gamma[i] + beta[i];
}

// Multi-head attention on projected rows. Row r = b * T + t of q, k and v starts at
// q + r * ld (likewise k, v); head h owns columns [h * Dh, (h + 1) * Dh). out is (B * T, E).
static void mha_core(const float* q, const float* k, const float* v, int64_t ld, float* out,
                     int64_t B, int64_t T, int64_t E, int64_t heads, bool causal) {
  const int64_t Dh = E / heads;
  const float scale = 1.f / std::sqrt(static_cast<float>(Dh));
#pragma omp parallel
  {
    std::vector<float> p(T);
#pragma omp for collapse(3) schedule(static)
    for (int64_t b = 0; b < B; ++b)
      for (int64_t h = 0; h < heads; ++h)
        for (int64_t i = 0; i < T; ++i) {
          const float* qi = q + (b * T + i) * ld + h * Dh;
          const int64_t keys = causal ? i + 1 : T;
          for (int64_t j = 0; j < keys; ++j) {
            const float* kj = k + (b * T + j) * ld + h * Dh;
            float dot = 0.f;
#pragma omp simd reduction(+ : dot)
            for (int64_t d = 0; d < Dh; ++d) dot += qi[d] * kj[d];
            p[j] = dot * scale;
          }
          softmax_row_inplace(p.data(), keys);
          float* o = out + (b * T + i) * E + h * Dh;
          for (int64_t d = 0; d < Dh; ++d) o[d] = 0.f;
          for (int64_t j = 0; j < keys; ++j) {
            const float* vj = v + (b * T + j) * ld + h * Dh;
            const float pj = p[j];
#pragma omp simd
            for (int64_t d = 0; d < Dh; ++d) o[d] += pj * vj[d];
          }
        }
  }
}

// Pre-norm causal block on the (B * T, E) row matrix: LN1 -> QKV GEMM -> causal multi-head
// attention -> projection GEMM + residual -> LN2 -> FC1 GEMM + GELU -> FC2 GEMM + residual.
// (The first residual adds the normalised input instead of x.)
at::Tensor forward(const at::Tensor& x_in, int64_t heads, const at::Tensor& g1, const at::Tensor& be1,
                   const at::Tensor& wqkv, const at::Tensor& bqkv, const at::Tensor& wp, const at::Tensor& bp,
                   const at::Tensor& g2, const at::Tensor& be2, const at::Tensor& w1, const at::Tensor& b1,
                   const at::Tensor& w2, const at::Tensor& b2, double eps) {
  TORCH_CHECK(x_in.dim() == 3 && x_in.size(2) % heads == 0, "expected (B, T, E), E divisible by heads");
  const at::Tensor x = x_in.contiguous();
  const int64_t B = x.size(0), T = x.size(1), E = x.size(2), R = B * T, Hd = w1.size(0);
  const at::Tensor G1 = g1.contiguous(), BE1 = be1.contiguous(), G2 = g2.contiguous(), BE2 = be2.contiguous();
  const at::Tensor Wqkv = wqkv.contiguous(), Bqkv = bqkv.contiguous(), Wp = wp.contiguous(), Bp = bp.contiguous();
  const at::Tensor W1 = w1.contiguous(), B1 = b1.contiguous(), W2 = w2.contiguous(), B2 = b2.contiguous();
  const float* px = x.data_ptr<float>();
  const float fe = static_cast<float>(eps);
  at::Tensor normed = x.new_empty({R, E}), qkv = x.new_empty({R, 3 * E}), att = x.new_empty({R, E});
  at::Tensor h = x.new_empty({R, E}), hidden = x.new_empty({R, Hd}), out = x.new_empty({B, T, E});
  float* pn = normed.data_ptr<float>();
  float* ph = h.data_ptr<float>();
  float* po = out.data_ptr<float>();
#pragma omp parallel for schedule(static)
  for (int64_t r = 0; r < R; ++r)
    layer_norm_row(px + r * E, G1.data_ptr<float>(), BE1.data_ptr<float>(), pn + r * E, E, fe);
  float* pq = qkv.data_ptr<float>();
  gemm_nt(pn, Wqkv.data_ptr<float>(), Bqkv.data_ptr<float>(), pq, R, 3 * E, E);
  mha_core(pq, pq + E, pq + 2 * E, 3 * E, att.data_ptr<float>(), B, T, E, heads, true);
  gemm_nt(att.data_ptr<float>(), Wp.data_ptr<float>(), Bp.data_ptr<float>(), ph, R, E, E);
  const float* resid = pn;
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < R * E; ++i) ph[i] += resid[i];
#pragma omp parallel for schedule(static)
  for (int64_t r = 0; r < R; ++r)
    layer_norm_row(ph + r * E, G2.data_ptr<float>(), BE2.data_ptr<float>(), pn + r * E, E, fe);
  float* phid = hidden.data_ptr<float>();
  gemm_nt(pn, W1.data_ptr<float>(), B1.data_ptr<float>(), phid, R, Hd, E);
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < R * Hd; ++i) phid[i] = 0.5f * phid[i] * (1.f + std::erf(phid[i] * 0.70710678118654752f));
  gemm_nt(phid, W2.data_ptr<float>(), B2.data_ptr<float>(), po, R, E, Hd);
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < R * E; ++i) po[i] += ph[i];
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "pre-norm causal transformer block"); }
