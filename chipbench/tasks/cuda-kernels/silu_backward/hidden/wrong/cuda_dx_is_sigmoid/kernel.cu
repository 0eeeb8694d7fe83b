// Known wrong (cuda backend): dx = dy * sigmoid(x): the x * s * (1 - s) term is dropped.
// SiLU and its gradient in float32, float16 or bfloat16, elementwise: s = sigmoid(x), y = x * s,
// dx = dy * s * (1 + x * (1 - s)), in float and rounded once.
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

__device__ __forceinline__ void silu_grad(float x, float g, float& y, float& dx) {
  const float s = 1.f / (1.f + expf(-x));
  y = x * s;
  dx = g * s;
}

template <typename T>
__global__ void silu_backward_kernel(const T* __restrict__ x, const T* __restrict__ dy, T* __restrict__ y,
                                     T* __restrict__ dx, int64_t n, bool packed) {
  constexpr int V = 16 / sizeof(T);
  const int64_t stride = (int64_t)gridDim.x * blockDim.x, first = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  int64_t tail = 0;
  if (packed) {
    const int64_t packs = n / V;
    for (int64_t i = first; i < packs; i += stride) {
      const Pack<T> xs = reinterpret_cast<const Pack<T>*>(x)[i], gs = reinterpret_cast<const Pack<T>*>(dy)[i];
      Pack<T> ys, ds;
#pragma unroll
      for (int k = 0; k < V; ++k) {
        float a, b;
        silu_grad(to_float(xs.v[k]), to_float(gs.v[k]), a, b);
        ys.v[k] = from_float<T>(a);
        ds.v[k] = from_float<T>(b);
      }
      reinterpret_cast<Pack<T>*>(y)[i] = ys;
      reinterpret_cast<Pack<T>*>(dx)[i] = ds;
    }
    tail = packs * V;
  }
  for (int64_t i = tail + first; i < n; i += stride) {
    float a, b;
    silu_grad(to_float(x[i]), to_float(dy[i]), a, b);
    y[i] = from_float<T>(a);
    dx[i] = from_float<T>(b);
  }
}

std::tuple<at::Tensor, at::Tensor> forward(const at::Tensor& x_in, const at::Tensor& dy_in) {
  TORCH_CHECK(dy_in.sizes() == x_in.sizes(), "expected x and dy of one shape");
  const at::Tensor x = operand(x_in, x_in), dy = operand(dy_in, x_in);
  at::Tensor y = at::empty_like(x), dx = at::empty_like(x);
  const int64_t n = x.numel();
  if (n == 0) return {y, dx};
  dispatch(x, [&](auto tag) {
    using T = ELEMENT_TYPE(tag);
    const bool packed = aligned16({x.data_ptr(), dy.data_ptr(), y.data_ptr(), dx.data_ptr()});
    silu_backward_kernel<T><<<grid_for(packed ? n / (16 / sizeof(T)) + 1 : n), kThreads>>>(
        ptr<T>(x), ptr<T>(dy), ptr<T>(y), ptr<T>(dx), n, packed);
  });
  check_launch("silu_backward_kernel");
  return {y, dx};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "SiLU and its gradient (CUDA)"); }
