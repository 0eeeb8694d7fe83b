// Known wrong (cuda backend): dx = y * dy: the sum(y * dy) term of the gradient is dropped.
// Softmax and its gradient in float32, float16 or bfloat16: one block per row. y = softmax(x);
// dx = y * (dy - sum(y * dy)), every reduction in float, each output rounded once.
// Written for chipbench's cuda backend: launched on the default stream; only the CUDA runtime
// and torch's tensor headers are used, so the file also builds against a CPU torch.
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
__global__ void softmax_backward_rows(const T* __restrict__ x, const T* __restrict__ dy, T* __restrict__ y,
                                      T* __restrict__ dx, int64_t D) {
  __shared__ float sh[32];
  const int64_t base = (int64_t)blockIdx.x * D;
  const T* xr = x + base;
  const T* gr = dy + base;
  float m = -INFINITY;
  for (int64_t j = threadIdx.x; j < D; j += blockDim.x) m = fmaxf(m, to_float(xr[j]));
  m = block_max(m, sh);
  float s = 0.f;
  for (int64_t j = threadIdx.x; j < D; j += blockDim.x) s += expf(to_float(xr[j]) - m);
  const float inv = 1.f / block_sum(s, sh);
  float dot = 0.f;
  for (int64_t j = threadIdx.x; j < D; j += blockDim.x) dot += expf(to_float(xr[j]) - m) * inv * to_float(gr[j]);
  dot = block_sum(dot, sh);
  for (int64_t j = threadIdx.x; j < D; j += blockDim.x) {
    const float p = expf(to_float(xr[j]) - m) * inv;
    y[base + j] = from_float<T>(p);
    dx[base + j] = from_float<T>(p * to_float(gr[j]));
  }
}

std::tuple<at::Tensor, at::Tensor> forward(const at::Tensor& x_in, const at::Tensor& dy_in) {
  TORCH_CHECK(x_in.dim() >= 1 && dy_in.sizes() == x_in.sizes(), "expected x and dy of one shape");
  const at::Tensor x = operand(x_in, x_in), dy = operand(dy_in, x_in);
  at::Tensor y = at::empty_like(x), dx = at::empty_like(x);
  const int64_t D = x.size(-1), rows = D ? x.numel() / D : 0;
  if (rows == 0) return {y, dx};
  dispatch(x, [&](auto tag) {
    using T = ELEMENT_TYPE(tag);
    softmax_backward_rows<T><<<(unsigned)rows, row_threads(D)>>>(ptr<T>(x), ptr<T>(dy), ptr<T>(y), ptr<T>(dx), D);
  });
  check_launch("softmax_backward_rows");
  return {y, dx};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "softmax and its gradient (CUDA)"); }
