// AvgPool1d(2)(relu(conv1d(x, k=3, pad=1))): the conv with its relu, then the pool.
// Written for chipbench's cuda backend: simple kernels (grid-stride loops, fp32 accumulation), launched
// on the default stream; only the CUDA runtime and torch's tensor headers are used, so the file also
// builds against a CPU torch for compile checks.
#include <torch/extension.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>

constexpr int kThreads = 256;  // every block of this file: a power of two, for the reductions

inline int grid_for(int64_t n) {
  return (int)std::max<int64_t>(1, std::min<int64_t>((n + kThreads - 1) / kThreads, 65535));
}

inline void check_launch(const char* name) {
  const cudaError_t err = cudaGetLastError();
  TORCH_CHECK(err == cudaSuccess, name, " launch failed: ", cudaGetErrorString(err));
}

inline at::Tensor f32(const at::Tensor& t) {
  TORCH_CHECK(t.is_cuda() && t.scalar_type() == at::kFloat, "expected a float32 CUDA tensor");
  return t.contiguous();
}

inline const float* cptr(const at::Tensor& t) { return t.data_ptr<float>(); }
inline float* mptr(at::Tensor& t) { return t.data_ptr<float>(); }

// y[n, o, l] = bias[o] + sum over c, k of x[n, c, l - pad + k] * w[o, c, k] (zero padding),
// then relu when asked: one thread per output element.
__global__ void conv1d_kernel(const float* __restrict__ x, const float* __restrict__ w, const float* __restrict__ bias,
                              float* __restrict__ y, int64_t N, int64_t C, int64_t L, int64_t O, int64_t K, int64_t OL,
                              int64_t pad, int relu) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < N * O * OL; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t l = i % OL, o = (i / OL) % O, n = i / (OL * O);
    float acc = bias[o];
    for (int64_t c = 0; c < C; ++c) {
      for (int64_t k = 0; k < K; ++k) {
        const int64_t at = l - pad + k;
        if (at >= 0 && at < L) acc += x[(n * C + c) * L + at] * w[(o * C + c) * K + k];
      }
    }
    y[i] = relu ? fmaxf(acc, 0.f) : acc;
  }
}

static at::Tensor conv1d(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b, int64_t pad, bool relu) {
  TORCH_CHECK(x.dim() == 3 && w.dim() == 3 && x.size(1) == w.size(1) && b.numel() == w.size(0), "bad shapes");
  const int64_t N = x.size(0), C = x.size(1), L = x.size(2), O = w.size(0), K = w.size(2);
  const int64_t OL = L + 2 * pad - K + 1;
  TORCH_CHECK(OL >= 0, "input shorter than the kernel");
  at::Tensor y = at::empty({N, O, OL}, x.options());
  if (y.numel() == 0) return y;
  conv1d_kernel<<<grid_for(y.numel()), kThreads>>>(cptr(x), cptr(w), cptr(b), mptr(y), N, C, L, O, K, OL, pad, relu);
  check_launch("conv1d_kernel");
  return y;
}

__global__ void pool2_kernel(const float* __restrict__ h, float* __restrict__ y, int64_t rows, int64_t L, int64_t OL) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < rows * OL; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t r = i / OL, o = i % OL;
    y[i] = 0.5f * (h[r * L + 2 * o] + h[r * L + 2 * o + 1]);
  }
}

at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w_in, const at::Tensor& b_in) {
  const at::Tensor h = conv1d(f32(x_in), f32(w_in), f32(b_in), 1, true);
  const int64_t rows = h.size(0) * h.size(1), L = h.size(2), OL = L / 2;
  at::Tensor y = at::empty({h.size(0), h.size(1), OL}, h.options());
  if (y.numel() == 0) return y;
  pool2_kernel<<<grid_for(y.numel()), kThreads>>>(cptr(h), mptr(y), rows, L, OL);
  check_launch("pool2_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "conv1d relu avgpool (CUDA)"); }
