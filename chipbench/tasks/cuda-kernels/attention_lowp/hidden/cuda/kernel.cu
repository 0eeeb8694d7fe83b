// softmax(q k^T / sqrt(D)) v per (batch, head) in float32, float16 or bfloat16, in one pass over
// the keys (online softmax, the scores never stored): a block of 8 warps takes 8 queries, one a
// warp; the block stages 32 keys and values at a time in shared memory (as float) and each lane
// of a warp scores one of them against its query, keeping a running max, sum and weighted sum
// of values; the lanes' partial results are merged by warp shuffles at the end. q is held in
// registers, so the head size is a template bound (16, 32, 64 or 128). Float arithmetic
// throughout, the output rounded once.
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

constexpr int kQueries = 8;  // warps (queries) per block
constexpr int kKeys = 32;    // keys per shared-memory tile: one a lane

template <typename T, int MAXD>
__global__ void __launch_bounds__(kQueries * 32) attention_kernel(
    const T* __restrict__ q, const T* __restrict__ k, const T* __restrict__ v, T* __restrict__ o, int64_t S, int D,
    float scale) {
  __shared__ float ks[kKeys][MAXD + 1];  // +1: lane-strided reads hit distinct banks
  __shared__ float vs[kKeys][MAXD + 1];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int64_t head = (int64_t)blockIdx.y * S * D;
  const int64_t qi = (int64_t)blockIdx.x * kQueries + warp;
  float qv[MAXD], acc[MAXD];
#pragma unroll
  for (int d = 0; d < MAXD; ++d) {
    qv[d] = (qi < S && d < D) ? to_float(q[head + qi * D + d]) * scale : 0.f;
    acc[d] = 0.f;
  }
  float m = -INFINITY, l = 0.f;
  for (int64_t j0 = 0; j0 < S; j0 += kKeys) {
    for (int i = threadIdx.x; i < kKeys * D; i += blockDim.x) {
      const int r = i / D, d = i % D;
      const int64_t j = j0 + r;
      ks[r][d] = j < S ? to_float(k[head + j * D + d]) : 0.f;
      vs[r][d] = j < S ? to_float(v[head + j * D + d]) : 0.f;
    }
    __syncthreads();
    if (j0 + lane < S) {
      float s = 0.f;
#pragma unroll
      for (int d = 0; d < MAXD; ++d)
        if (d < D) s += qv[d] * ks[lane][d];
      const float m_new = fmaxf(m, s), c = expf(m - m_new), p = expf(s - m_new);
      l = l * c + p;
#pragma unroll
      for (int d = 0; d < MAXD; ++d)
        if (d < D) acc[d] = acc[d] * c + p * vs[lane][d];
      m = m_new;
    }
    __syncthreads();
  }
  const float m_all = warp_max(m);
  const float f = m == -INFINITY ? 0.f : expf(m - m_all);  // a lane that saw no key adds nothing
  const float l_all = warp_sum(l * f);
#pragma unroll
  for (int d = 0; d < MAXD; ++d) {
    if (d < D) {
      const float sum = warp_sum(acc[d] * f);
      if (qi < S && (d & 31) == lane) o[head + qi * D + d] = from_float<T>(sum / l_all);
    }
  }
}

template <typename T, int MAXD>
void launch(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, at::Tensor& o, int64_t BH, int64_t S, int D) {
  const dim3 grid((unsigned)((S + kQueries - 1) / kQueries), (unsigned)BH);
  attention_kernel<T, MAXD><<<grid, kQueries * 32>>>(ptr<T>(q), ptr<T>(k), ptr<T>(v), ptr<T>(o), S, D,
                                                     1.f / sqrtf((float)D));
}

at::Tensor forward(const at::Tensor& q_in, const at::Tensor& k_in, const at::Tensor& v_in) {
  TORCH_CHECK(q_in.dim() >= 2 && k_in.sizes() == q_in.sizes() && v_in.sizes() == q_in.sizes(),
              "expected q, k and v of one shape (..., S, D)");
  const at::Tensor q = operand(q_in, q_in), k = operand(k_in, q_in), v = operand(v_in, q_in);
  at::Tensor o = at::empty_like(q);
  const int64_t S = q.size(-2), D = q.size(-1), BH = (S && D) ? q.numel() / (S * D) : 0;
  if (BH == 0 || S == 0 || D == 0) return o;
  TORCH_CHECK(D <= 128, "head size up to 128");
  TORCH_CHECK(BH <= 65535, "at most 65535 (batch, head) pairs");
  dispatch(q, [&](auto tag) {
    using T = ELEMENT_TYPE(tag);
    if (D <= 16) launch<T, 16>(q, k, v, o, BH, S, (int)D);
    else if (D <= 32) launch<T, 32>(q, k, v, o, BH, S, (int)D);
    else if (D <= 64) launch<T, 64>(q, k, v, o, BH, S, (int)D);
    else launch<T, 128>(q, k, v, o, BH, S, (int)D);
  });
  check_launch("attention_kernel");
  return o;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "scaled dot-product attention (CUDA)"); }
