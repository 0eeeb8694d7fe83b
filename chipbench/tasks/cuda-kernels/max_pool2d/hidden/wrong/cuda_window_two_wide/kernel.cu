// Known wrong (cuda backend): looks at a 2x2 window instead of 3x3.
// MaxPool2d(kernel 3, stride 2, padding 1); padding never wins: one thread per output.
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

__global__ void max_pool2d_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t planes, int64_t H, int64_t W,
                                  int64_t OH, int64_t OW) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < planes * OH * OW; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t ow = i % OW, oh = (i / OW) % OH, p = i / (OW * OH);
    float m = -INFINITY;
    for (int64_t kh = 0; kh < 2; ++kh) {
      const int64_t ih = oh * 2 - 1 + kh;
      if (ih < 0 || ih >= H) continue;
      for (int64_t kw = 0; kw < 3; ++kw) {
        const int64_t iw = ow * 2 - 1 + kw;
        if (iw >= 0 && iw < W) m = fmaxf(m, x[(p * H + ih) * W + iw]);
      }
    }
    y[i] = m;
  }
}

at::Tensor forward(const at::Tensor& x_in) {
  TORCH_CHECK(x_in.dim() == 4, "expected NCHW");
  const at::Tensor x = f32(x_in);
  const int64_t N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
  const int64_t OH = (H + 2 - 3) / 2 + 1, OW = (W + 2 - 3) / 2 + 1;
  at::Tensor y = at::empty({N, C, OH, OW}, x.options());
  if (y.numel() == 0) return y;
  max_pool2d_kernel<<<grid_for(y.numel()), kThreads>>>(cptr(x), mptr(y), N * C, H, W, OH, OW);
  check_launch("max_pool2d_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "max pool 2d (CUDA)"); }
