// Known wrong (cuda backend): the target gradient has the prediction gradient's sign.
// Mean squared error and its gradients in float32, float16 or bfloat16. Elementwise, with
// d = p - t: dp = 2 d / n, dt = -2 d / n (rounded once); each block also sums its d^2 in float
// into its own slot, and one block then sums the slots in a fixed order (the loss is the same on
// every call) and rounds their mean. Written for chipbench's cuda backend: launched on the
// default stream; only the CUDA runtime and torch's tensor headers are used, so the file also
// builds against a CPU torch.
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

// Elementwise launches: 256 threads a block, grid-stride loops over 16-byte packs (4 floats or
// 8 halves, one vector load or store each) when every pointer is 16-byte aligned, then the tail
// element by element.
constexpr int kThreads = 256;
template <typename T> struct alignas(16) Pack { T v[16 / sizeof(T)]; };

inline bool aligned16(std::initializer_list<const void*> ps) {
  for (const void* p : ps) if (reinterpret_cast<uintptr_t>(p) % 16 != 0) return false;
  return true;
}
inline unsigned grid_for(int64_t work) {
  return (unsigned)std::max<int64_t>(1, std::min<int64_t>((work + kThreads - 1) / kThreads, 8192));
}

template <typename T>
__global__ void mse_backward_kernel(const T* __restrict__ p, const T* __restrict__ t, T* __restrict__ dp,
                                    T* __restrict__ dt, float* __restrict__ partial, int64_t n, bool packed) {
  __shared__ float sh[32];
  constexpr int V = 16 / sizeof(T);
  const float k = 2.f / (float)n;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x, first = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  int64_t tail = 0;
  if (packed) {
    const int64_t packs = n / V;
    for (int64_t i = first; i < packs; i += stride) {
      const Pack<T> ps = reinterpret_cast<const Pack<T>*>(p)[i], ts = reinterpret_cast<const Pack<T>*>(t)[i];
      Pack<T> dps, dts;
#pragma unroll
      for (int j = 0; j < V; ++j) {
        const float d = to_float(ps.v[j]) - to_float(ts.v[j]);
        s += d * d;
        dps.v[j] = from_float<T>(k * d);
        dts.v[j] = from_float<T>(k * d);
      }
      reinterpret_cast<Pack<T>*>(dp)[i] = dps;
      reinterpret_cast<Pack<T>*>(dt)[i] = dts;
    }
    tail = packs * V;
  }
  for (int64_t i = tail + first; i < n; i += stride) {
    const float d = to_float(p[i]) - to_float(t[i]);
    s += d * d;
    dp[i] = from_float<T>(k * d);
    dt[i] = from_float<T>(k * d);
  }
  s = block_sum(s, sh);
  if (threadIdx.x == 0) partial[blockIdx.x] = s;
}

template <typename T>
__global__ void mean_of_partials(const float* __restrict__ partial, int parts, T* __restrict__ loss, int64_t n) {
  __shared__ float sh[32];
  float s = 0.f;
  for (int i = threadIdx.x; i < parts; i += blockDim.x) s += partial[i];
  s = block_sum(s, sh);
  if (threadIdx.x == 0) loss[0] = from_float<T>(s / (float)n);
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> forward(const at::Tensor& p_in, const at::Tensor& t_in) {
  TORCH_CHECK(p_in.sizes() == t_in.sizes(), "expected prediction and target of one shape");
  const at::Tensor p = operand(p_in, p_in), t = operand(t_in, p_in);
  at::Tensor loss = at::empty({}, p.options()), dp = at::empty_like(p), dt = at::empty_like(p);
  const int64_t n = p.numel();
  if (n == 0) return {loss.fill_(NAN), dp, dt};
  dispatch(p, [&](auto tag) {
    using T = ELEMENT_TYPE(tag);
    const bool packed = aligned16({p.data_ptr(), t.data_ptr(), dp.data_ptr(), dt.data_ptr()});
    const unsigned blocks = grid_for(packed ? n / (16 / sizeof(T)) + 1 : n);
    at::Tensor partial = at::empty({(int64_t)blocks}, p.options().dtype(at::kFloat));
    mse_backward_kernel<T><<<blocks, kThreads>>>(ptr<T>(p), ptr<T>(t), ptr<T>(dp), ptr<T>(dt),
                                                 partial.data_ptr<float>(), n, packed);
    check_launch("mse_backward_kernel");
    mean_of_partials<T><<<1, 1024>>>(partial.data_ptr<float>(), (int)blocks, ptr<T>(loss), n);
    check_launch("mean_of_partials");
  });
  return {loss, dp, dt};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "MSE loss, forward and gradients (CUDA)"); }
