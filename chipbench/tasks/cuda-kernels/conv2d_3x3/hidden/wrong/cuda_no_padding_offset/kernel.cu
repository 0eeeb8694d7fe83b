// Known wrong (cuda backend): reads the window one pixel down and right of where it belongs.
// Conv2d 3x3, padding 1: one thread per output element.
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

// y[n, o, oh, ow] = bias[o] + sum over the group's input channels and the kernel window of
// x * w (zero padding): one thread per output element.
__global__ void conv2d_kernel(const float* __restrict__ x, const float* __restrict__ w,
                              const float* __restrict__ bias, float* __restrict__ y,
                              int64_t N, int64_t C, int64_t H, int64_t W, int64_t O, int64_t KH, int64_t KW,
                              int64_t OH, int64_t OW, int64_t stride, int64_t pad, int64_t groups) {
  const int64_t total = N * O * OH * OW, cpg = C / groups, opg = O / groups;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < total; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t ow = i % OW, oh = (i / OW) % OH, o = (i / (OW * OH)) % O, n = i / (OW * OH * O);
    const int64_t c0 = (o / opg) * cpg;
    float acc = bias != nullptr ? bias[o] : 0.f;
    for (int64_t c = 0; c < cpg; ++c) {
      for (int64_t kh = 0; kh < KH; ++kh) {
        const int64_t ih = oh * stride + kh;
        if (ih < 0 || ih >= H) continue;
        for (int64_t kw = 0; kw < KW; ++kw) {
          const int64_t iw = ow * stride - pad + kw;
          if (iw < 0 || iw >= W) continue;
          acc += x[((n * C + c0 + c) * H + ih) * W + iw] * w[((o * cpg + c) * KH + kh) * KW + kw];
        }
      }
    }
    y[i] = acc;
  }
}

static at::Tensor conv2d(const at::Tensor& x, const at::Tensor& w, const float* bias, int64_t stride, int64_t pad,
                         int64_t groups) {
  TORCH_CHECK(x.dim() == 4 && w.dim() == 4 && x.size(1) == w.size(1) * groups && w.size(0) % groups == 0,
              "conv2d: bad shapes");
  const int64_t N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
  const int64_t O = w.size(0), KH = w.size(2), KW = w.size(3);
  const int64_t OH = (H + 2 * pad - KH) / stride + 1, OW = (W + 2 * pad - KW) / stride + 1;
  at::Tensor y = at::empty({N, O, OH, OW}, x.options());
  if (y.numel() == 0) return y;
  conv2d_kernel<<<grid_for(y.numel()), kThreads>>>(cptr(x), cptr(w), bias, mptr(y), N, C, H, W, O, KH, KW, OH, OW,
                                                   stride, pad, groups);
  check_launch("conv2d_kernel");
  return y;
}

at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w_in, const at::Tensor& b_in) {
  const at::Tensor x = f32(x_in), w = f32(w_in), b = f32(b_in);
  return conv2d(x, w, cptr(b), 1, 1, 1);
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "conv2d 3x3 (CUDA)"); }
