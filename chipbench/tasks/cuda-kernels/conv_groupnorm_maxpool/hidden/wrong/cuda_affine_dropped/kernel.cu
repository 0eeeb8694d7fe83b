// Known wrong (cuda backend): never applies the group norm's weight and bias.
// MaxPool2d(2)(GroupNorm(conv2d 3x3)): the conv, one block per (sample, group) normalises, then the pool.
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

// Block-wide reductions over kThreads threads through shared memory; every thread gets the result.
__device__ float block_sum(float v, float* sh) {
  sh[threadIdx.x] = v;
  __syncthreads();
  for (int s = kThreads / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sh[threadIdx.x] += sh[threadIdx.x + s];
    __syncthreads();
  }
  const float r = sh[0];
  __syncthreads();
  return r;
}

__device__ float block_max(float v, float* sh) {
  sh[threadIdx.x] = v;
  __syncthreads();
  for (int s = kThreads / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sh[threadIdx.x] = fmaxf(sh[threadIdx.x], sh[threadIdx.x + s]);
    __syncthreads();
  }
  const float r = sh[0];
  __syncthreads();
  return r;
}

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
        const int64_t ih = oh * stride - pad + kh;
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

__global__ void groupnorm_kernel(float* __restrict__ y, const float* __restrict__ gamma, const float* __restrict__ beta,
                                 int64_t C, int64_t S, int64_t groups, float eps) {
  __shared__ float sh[kThreads];
  const int64_t n = blockIdx.x / groups, g = blockIdx.x % groups, cpg = C / groups, count = cpg * S;
  float* base = y + (n * C + g * cpg) * S;  // the group's channels are contiguous
  float s = 0.f;
  for (int64_t j = threadIdx.x; j < count; j += kThreads) s += base[j];
  const float mean = block_sum(s, sh) / (float)count;
  float v = 0.f;
  for (int64_t j = threadIdx.x; j < count; j += kThreads) v += (base[j] - mean) * (base[j] - mean);
  const float inv = rsqrtf(block_sum(v, sh) / (float)count + eps);
  for (int64_t j = threadIdx.x; j < count; j += kThreads) {
    const int64_t c = g * cpg + j / S;
    base[j] = (base[j] - mean) * inv + 0.f * (gamma[c] + beta[c]);
  }
}

__global__ void maxpool2_kernel(const float* __restrict__ h, float* __restrict__ y, int64_t planes, int64_t H, int64_t W,
                                int64_t OH, int64_t OW) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < planes * OH * OW; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t ow = i % OW, oh = (i / OW) % OH, p = i / (OW * OH);
    const float* top = h + (p * H + 2 * oh) * W + 2 * ow;
    y[i] = fmaxf(fmaxf(top[0], top[1]), fmaxf(top[W], top[W + 1]));
  }
}

at::Tensor forward(const at::Tensor& x_in, const at::Tensor& w_in, const at::Tensor& b_in, const at::Tensor& g_in,
                   const at::Tensor& be_in, int64_t groups, double eps) {
  const at::Tensor x = f32(x_in), w = f32(w_in), b = f32(b_in), g = f32(g_in), be = f32(be_in);
  TORCH_CHECK(groups > 0 && w.size(0) % groups == 0, "channels must split into the groups");
  at::Tensor h = conv2d(x, w, cptr(b), 1, 1, 1);
  const int64_t N = h.size(0), C = h.size(1), H = h.size(2), W = h.size(3), OH = H / 2, OW = W / 2;
  if (N * groups > 0 && H * W > 0) {
    groupnorm_kernel<<<(unsigned)(N * groups), kThreads>>>(mptr(h), cptr(g), cptr(be), C, H * W, groups, (float)eps);
    check_launch("groupnorm_kernel");
  }
  at::Tensor y = at::empty({N, C, OH, OW}, h.options());
  if (y.numel() == 0) return y;
  maxpool2_kernel<<<grid_for(y.numel()), kThreads>>>(cptr(h), mptr(y), N * C, H, W, OH, OW);
  check_launch("maxpool2_kernel");
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "conv groupnorm maxpool (CUDA)"); }
