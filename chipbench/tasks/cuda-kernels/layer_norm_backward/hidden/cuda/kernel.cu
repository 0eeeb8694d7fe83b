// Layer normalisation and its gradients in float32, float16 or bfloat16. One block per row:
// mean and biased variance (two passes), h = (x - mean) * rstd, y = h * g + b, and with
// gg = dy * g: dx = rstd * (gg - mean(gg) - h * mean(gg * h)); mean and rstd are kept per row
// (float) for dg = sum over rows of dy * h and db = sum over rows of dy, which a second kernel
// reduces per column (32 columns a block, 8 row groups). Float arithmetic throughout, each
// output rounded once. Written for chipbench's cuda backend: launched on the default stream;
// only the CUDA runtime and torch's tensor headers are used, so it also builds against a CPU torch.
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>

inline void check_launch(const char* name) {
  const cudaError_t err = cudaGetLastError();
  TORCH_CHECK(err == cudaSuccess, name, " launch failed: ", cudaGetErrorString(err));
}

// The three element types as float: loads convert up, stores round once.
__device__ __forceinline__ float to_float(float v) { return v; }
__device__ __forceinline__ float to_float(__half v) { return __half2float(v); }
__device__ __forceinline__ float to_float(__nv_bfloat16 v) { return __bfloat162float(v); }
template <typename T> __device__ __forceinline__ T from_float(float v);
template <> __device__ __forceinline__ float from_float<float>(float v) { return v; }
template <> __device__ __forceinline__ __half from_float<__half>(float v) { return __float2half_rn(v); }
template <> __device__ __forceinline__ __nv_bfloat16 from_float<__nv_bfloat16>(float v) { return __float2bfloat16_rn(v); }

// Calls `f` with a null pointer of the element type of `t`'s dtype, so each launch is written
// once as a template over float, __half and __nv_bfloat16.
template <typename F>
void dispatch(const at::Tensor& t, F&& f) {
  switch (t.scalar_type()) {
    case at::kFloat: f(static_cast<float*>(nullptr)); break;
    case at::kHalf: f(static_cast<__half*>(nullptr)); break;
    case at::kBFloat16: f(static_cast<__nv_bfloat16*>(nullptr)); break;
    default: TORCH_CHECK(false, "expected float32, float16 or bfloat16, got ", t.scalar_type());
  }
}
#define ELEMENT_TYPE(tag) std::remove_pointer_t<decltype(tag)>

template <typename T> inline T* ptr(const at::Tensor& t) { return reinterpret_cast<T*>(t.data_ptr()); }

// A CUDA tensor of `like`'s dtype, made contiguous.
inline at::Tensor operand(const at::Tensor& t, const at::Tensor& like) {
  TORCH_CHECK(t.is_cuda() && t.scalar_type() == like.scalar_type(), "expected CUDA tensors of one dtype");
  return t.contiguous();
}

// Warp and block reductions in float; a block is a multiple of 32 threads, at most 1024.
__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
__device__ __forceinline__ float warp_max(float v) {
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}
// Every thread gets the result; `sh` holds 32 floats. The first barrier keeps a previous call's
// readers of `sh` ahead of this call's writers.
__device__ float block_sum(float v, float* sh) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  v = warp_sum(v);
  __syncthreads();
  if (lane == 0) sh[warp] = v;
  __syncthreads();
  return warp_sum(lane < (int)(blockDim.x >> 5) ? sh[lane] : 0.f);
}
__device__ float block_max(float v, float* sh) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  v = warp_max(v);
  __syncthreads();
  if (lane == 0) sh[warp] = v;
  __syncthreads();
  return warp_max(lane < (int)(blockDim.x >> 5) ? sh[lane] : -INFINITY);
}

// Threads for one block per row of `d` elements: about 8 elements a thread, 32 to 1024.
inline int row_threads(int64_t d) {
  int t = 32;
  while (t < 1024 && (int64_t)t * 8 < d) t <<= 1;
  return t;
}

template <typename T>
__global__ void layer_norm_backward_rows(const T* __restrict__ x, const T* __restrict__ dy, const T* __restrict__ g,
                                         const T* __restrict__ b, T* __restrict__ y, T* __restrict__ dx,
                                         float* __restrict__ means, float* __restrict__ rstds, int64_t D, float eps) {
  __shared__ float sh[32];
  const int64_t base = (int64_t)blockIdx.x * D;
  float s = 0.f;
  for (int64_t j = threadIdx.x; j < D; j += blockDim.x) s += to_float(x[base + j]);
  const float mean = block_sum(s, sh) / (float)D;
  float v = 0.f;
  for (int64_t j = threadIdx.x; j < D; j += blockDim.x) {
    const float d = to_float(x[base + j]) - mean;
    v += d * d;
  }
  const float rstd = rsqrtf(block_sum(v, sh) / (float)D + eps);
  float mg = 0.f, mgh = 0.f;
  for (int64_t j = threadIdx.x; j < D; j += blockDim.x) {
    const float h = (to_float(x[base + j]) - mean) * rstd, gg = to_float(dy[base + j]) * to_float(g[j]);
    y[base + j] = from_float<T>(h * to_float(g[j]) + to_float(b[j]));
    mg += gg;
    mgh += gg * h;
  }
  mg = block_sum(mg, sh) / (float)D;
  mgh = block_sum(mgh, sh) / (float)D;
  if (threadIdx.x == 0) {
    means[blockIdx.x] = mean;
    rstds[blockIdx.x] = rstd;
  }
  for (int64_t j = threadIdx.x; j < D; j += blockDim.x) {
    const float h = (to_float(x[base + j]) - mean) * rstd, gg = to_float(dy[base + j]) * to_float(g[j]);
    dx[base + j] = from_float<T>(rstd * (gg - mg - h * mgh));
  }
}

// dg[j] = sum_r dy[r, j] * h[r, j], db[j] = sum_r dy[r, j]: 256 threads a block, 32 columns by
// 8 row groups.
template <typename T>
__global__ void layer_norm_param_grads(const T* __restrict__ x, const T* __restrict__ dy, const float* __restrict__ means,
                                       const float* __restrict__ rstds, T* __restrict__ dg, T* __restrict__ db,
                                       int64_t R, int64_t D) {
  __shared__ float part_g[8][33];
  __shared__ float part_b[8][33];
  const int lane = threadIdx.x & 31, group = threadIdx.x >> 5;
  const int64_t j = (int64_t)blockIdx.x * 32 + lane;
  float sg = 0.f, sb = 0.f;
  if (j < D)
    for (int64_t r = group; r < R; r += 8) {
      const float d = to_float(dy[r * D + j]);
      sg += d * (to_float(x[r * D + j]) - means[r]) * rstds[r];
      sb += d;
    }
  part_g[group][lane] = sg;
  part_b[group][lane] = sb;
  __syncthreads();
  if (group == 0 && j < D) {
    float tg = 0.f, tb = 0.f;
    for (int k = 0; k < 8; ++k) {
      tg += part_g[k][lane];
      tb += part_b[k][lane];
    }
    dg[j] = from_float<T>(tg);
    db[j] = from_float<T>(tb);
  }
}

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> forward(
    const at::Tensor& x_in, const at::Tensor& dy_in, const at::Tensor& g_in, const at::Tensor& b_in, double eps) {
  TORCH_CHECK(x_in.dim() == 2 && dy_in.sizes() == x_in.sizes() && g_in.numel() == x_in.size(1) &&
                  b_in.numel() == x_in.size(1), "expected x and dy (R, D), weight and bias of D");
  const at::Tensor x = operand(x_in, x_in), dy = operand(dy_in, x_in), g = operand(g_in, x_in), b = operand(b_in, x_in);
  const int64_t R = x.size(0), D = x.size(1);
  at::Tensor y = at::empty_like(x), dx = at::empty_like(x), dg = at::empty({D}, x.options()), db = at::empty({D}, x.options());
  at::Tensor means = at::empty({std::max<int64_t>(R, 1)}, x.options().dtype(at::kFloat)), rstds = at::empty_like(means);
  if (D == 0) return {y, dx, dg, db};
  if (R == 0) return {y, dx, dg.zero_(), db.zero_()};
  dispatch(x, [&](auto tag) {
    using T = ELEMENT_TYPE(tag);
    layer_norm_backward_rows<T><<<(unsigned)R, row_threads(D)>>>(ptr<T>(x), ptr<T>(dy), ptr<T>(g), ptr<T>(b), ptr<T>(y),
                                                                ptr<T>(dx), means.data_ptr<float>(), rstds.data_ptr<float>(),
                                                                D, (float)eps);
    check_launch("layer_norm_backward_rows");
    layer_norm_param_grads<T><<<(unsigned)((D + 31) / 32), 256>>>(ptr<T>(x), ptr<T>(dy), means.data_ptr<float>(),
                                                                  rstds.data_ptr<float>(), ptr<T>(dg), ptr<T>(db), R, D);
    check_launch("layer_norm_param_grads");
  });
  return {y, dx, dg, db};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "layer norm, forward and gradients (CUDA)"); }
