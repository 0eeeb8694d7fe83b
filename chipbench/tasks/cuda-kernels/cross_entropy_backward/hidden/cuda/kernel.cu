// Cross-entropy of logits (N, C) against int64 class indices, and its gradient, in float32,
// float16 or bfloat16. One block per row: log-sum-exp in float, the row's loss
// lse - z[target] kept in float, dz = (softmax(z) - onehot(target)) / N rounded once; then one
// block sums the rows' losses (a fixed order: the loss is the same on every call) and rounds
// their mean. Written for chipbench's cuda backend: launched on the default stream; only the
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
__global__ void cross_entropy_rows(const T* __restrict__ z, const int64_t* __restrict__ target,
                                   float* __restrict__ row_loss, T* __restrict__ dz, int64_t C, float inv_n) {
  __shared__ float sh[32];
  const int64_t r = blockIdx.x;
  const T* zr = z + r * C;
  float m = -INFINITY;
  for (int64_t j = threadIdx.x; j < C; j += blockDim.x) m = fmaxf(m, to_float(zr[j]));
  m = block_max(m, sh);
  float s = 0.f;
  for (int64_t j = threadIdx.x; j < C; j += blockDim.x) s += expf(to_float(zr[j]) - m);
  const float lse = m + logf(block_sum(s, sh));
  const int64_t t = target[r];
  if (threadIdx.x == 0) row_loss[r] = (t >= 0 && t < C) ? lse - to_float(zr[t]) : NAN;
  for (int64_t j = threadIdx.x; j < C; j += blockDim.x)
    dz[r * C + j] = from_float<T>((expf(to_float(zr[j]) - lse) - (j == t ? 1.f : 0.f)) * inv_n);
}

template <typename T>
__global__ void mean_of(const float* __restrict__ v, T* __restrict__ out, int64_t n) {
  __shared__ float sh[32];
  float s = 0.f;
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x) s += v[i];
  s = block_sum(s, sh);
  if (threadIdx.x == 0) out[0] = from_float<T>(s / (float)n);
}

std::tuple<at::Tensor, at::Tensor> forward(const at::Tensor& z_in, const at::Tensor& t_in) {
  TORCH_CHECK(z_in.dim() == 2 && t_in.dim() == 1 && t_in.size(0) == z_in.size(0), "expected logits (N, C), targets (N,)");
  TORCH_CHECK(t_in.is_cuda() && t_in.scalar_type() == at::kLong, "expected int64 CUDA targets");
  const at::Tensor z = operand(z_in, z_in), t = t_in.contiguous();
  const int64_t N = z.size(0), C = z.size(1);
  at::Tensor loss = at::empty({}, z.options()), dz = at::empty_like(z);
  at::Tensor row_loss = at::empty({std::max<int64_t>(N, 1)}, z.options().dtype(at::kFloat));
  if (N == 0 || C == 0) return {loss.fill_(NAN), dz};
  dispatch(z, [&](auto tag) {
    using T = ELEMENT_TYPE(tag);
    cross_entropy_rows<T><<<(unsigned)N, row_threads(C)>>>(ptr<T>(z), t.data_ptr<int64_t>(), row_loss.data_ptr<float>(),
                                                          ptr<T>(dz), C, 1.f / (float)N);
    check_launch("cross_entropy_rows");
    mean_of<T><<<1, 1024>>>(row_loss.data_ptr<float>(), ptr<T>(loss), N);
    check_launch("mean_of");
  });
  return {loss, dz};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "cross-entropy, loss and gradient (CUDA)"); }
