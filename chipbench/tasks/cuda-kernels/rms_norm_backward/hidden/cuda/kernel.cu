// RMS normalisation and its gradients in float32, float16 or bfloat16. One block per row:
// r = rsqrt(mean(x^2) + eps), y = x * r * w, dx = r * dy * w - x * r^3 * mean(dy * w * x);
// r is kept per row (float) for dw = sum over rows of dy * x * r, which a second kernel reduces
// per column (32 columns a block, 8 row groups). Float arithmetic throughout, each output
// rounded once. Written for chipbench's cuda backend: launched on the default stream; only the
// CUDA runtime and torch's tensor headers are used, so the file also builds against a CPU torch.
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
__global__ void rms_norm_backward_rows(const T* __restrict__ x, const T* __restrict__ dy, const T* __restrict__ w,
                                       T* __restrict__ y, T* __restrict__ dx, float* __restrict__ rs, int64_t D,
                                       float eps) {
  __shared__ float sh[32];
  const int64_t base = (int64_t)blockIdx.x * D;
  float ss = 0.f, gx = 0.f;
  for (int64_t j = threadIdx.x; j < D; j += blockDim.x) {
    const float v = to_float(x[base + j]);
    ss += v * v;
    gx += to_float(dy[base + j]) * to_float(w[j]) * v;
  }
  const float r = rsqrtf(block_sum(ss, sh) / (float)D + eps);
  const float c = r * r * r * block_sum(gx, sh) / (float)D;
  if (threadIdx.x == 0) rs[blockIdx.x] = r;
  for (int64_t j = threadIdx.x; j < D; j += blockDim.x) {
    const float v = to_float(x[base + j]), wj = to_float(w[j]);
    y[base + j] = from_float<T>(v * r * wj);
    dx[base + j] = from_float<T>(r * to_float(dy[base + j]) * wj - v * c);
  }
}

// dw[j] = sum_r dy[r, j] * x[r, j] * rs[r]: 256 threads a block, 32 columns by 8 row groups.
template <typename T>
__global__ void rms_norm_weight_grad(const T* __restrict__ x, const T* __restrict__ dy, const float* __restrict__ rs,
                                     T* __restrict__ dw, int64_t R, int64_t D) {
  __shared__ float part[8][33];
  const int lane = threadIdx.x & 31, group = threadIdx.x >> 5;
  const int64_t j = (int64_t)blockIdx.x * 32 + lane;
  float s = 0.f;
  if (j < D)
    for (int64_t r = group; r < R; r += 8) s += to_float(dy[r * D + j]) * to_float(x[r * D + j]) * rs[r];
  part[group][lane] = s;
  __syncthreads();
  if (group == 0 && j < D) {
    float t = 0.f;
    for (int g = 0; g < 8; ++g) t += part[g][lane];
    dw[j] = from_float<T>(t);
  }
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> forward(const at::Tensor& x_in, const at::Tensor& dy_in,
                                                       const at::Tensor& w_in, double eps) {
  TORCH_CHECK(x_in.dim() == 2 && dy_in.sizes() == x_in.sizes() && w_in.numel() == x_in.size(1),
              "expected x and dy (R, D) and a weight of D");
  const at::Tensor x = operand(x_in, x_in), dy = operand(dy_in, x_in), w = operand(w_in, x_in);
  const int64_t R = x.size(0), D = x.size(1);
  at::Tensor y = at::empty_like(x), dx = at::empty_like(x), dw = at::empty({D}, x.options());
  at::Tensor rs = at::empty({std::max<int64_t>(R, 1)}, x.options().dtype(at::kFloat));
  if (D == 0) return {y, dx, dw};
  if (R == 0) return {y, dx, dw.zero_()};
  dispatch(x, [&](auto tag) {
    using T = ELEMENT_TYPE(tag);
    rms_norm_backward_rows<T><<<(unsigned)R, row_threads(D)>>>(ptr<T>(x), ptr<T>(dy), ptr<T>(w), ptr<T>(y), ptr<T>(dx),
                                                              rs.data_ptr<float>(), D, (float)eps);
    check_launch("rms_norm_backward_rows");
    rms_norm_weight_grad<T><<<(unsigned)((D + 31) / 32), 256>>>(ptr<T>(x), ptr<T>(dy), rs.data_ptr<float>(), ptr<T>(dw), R, D);
    check_launch("rms_norm_weight_grad");
  });
  return {y, dx, dw};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "RMS norm, forward and gradients (CUDA)"); }
