// Known wrong (cuda backend): db leaves out the last row of dy.
// nn.Linear and its gradients for an upstream gradient dy, in float32, float16 or bfloat16:
// y = x W^T + b, dx = dy W, dW = dy^T x, db = the column sums of dy. Three products through one
// tiled GEMM (float32 accumulation, K split across blocks when the output is small, chunks
// added in a fixed order, rounded once) that reads either operand transposed by its strides;
// db by a column-sum kernel (32 columns a block, 8 row groups).
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

// C[m, n] = sum_k A[m, k] * B[k, n], A's element (m, k) at a[m * sam + k * sak] and B's (k, n)
// at b[k * sbk + n * sbn], so one kernel serves A, B or either transposed. 64 x 64 tiles of C,
// 256 threads each holding 4 x 4 float accumulators; K in steps of 16 through shared memory
// (converted to float on load, laid out so the reads of the inner loop are conflict-free).
// Split-K: the z-th block of a tile sums its own chunk of K into ws[z] (float), so a small C
// still fills the GPU; gemm_epilogue then adds the chunks in order (the same result on every
// call), adds the bias and rounds once.
constexpr int TM = 64, TN = 64, TK = 16, kGemmThreads = 256;

template <typename T>
__global__ void __launch_bounds__(kGemmThreads) gemm_partial(
    const T* __restrict__ a, const T* __restrict__ b, float* __restrict__ ws, int64_t M, int64_t N, int64_t K,
    int64_t sam, int64_t sak, int64_t sbk, int64_t sbn, int64_t k_chunk) {
  __shared__ float As[TK][TM + 4];
  __shared__ float Bs[TK][TN + 4];
  const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  const int64_t m0 = (int64_t)blockIdx.y * TM, n0 = (int64_t)blockIdx.x * TN;
  const int64_t k_begin = (int64_t)blockIdx.z * k_chunk, k_end = std::min<int64_t>(K, k_begin + k_chunk);
  float acc[4][4] = {};
  for (int64_t k0 = k_begin; k0 < k_end; k0 += TK) {
    for (int i = threadIdx.x; i < TM * TK; i += kGemmThreads) {  // neighbouring threads: neighbouring addresses
      const int mm = sak == 1 ? i / TK : i % TM, kk = sak == 1 ? i % TK : i / TM;
      const int64_t m = m0 + mm, k = k0 + kk;
      As[kk][mm] = (m < M && k < k_end) ? to_float(a[m * sam + k * sak]) : 0.f;
    }
    for (int i = threadIdx.x; i < TK * TN; i += kGemmThreads) {
      const int nn = sbn == 1 ? i % TN : i / TK, kk = sbn == 1 ? i / TN : i % TK;
      const int64_t k = k0 + kk, n = n0 + nn;
      Bs[kk][nn] = (k < k_end && n < N) ? to_float(b[k * sbk + n * sbn]) : 0.f;
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < TK; ++kk) {
      float av[4], bv[4];
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        av[i] = As[kk][ty + 16 * i];
        bv[i] = Bs[kk][tx + 16 * i];
      }
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] += av[i] * bv[j];
    }
    __syncthreads();
  }
  float* out = ws + (int64_t)blockIdx.z * M * N;
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int64_t m = m0 + ty + 16 * i, n = n0 + tx + 16 * j;
      if (m < M && n < N) out[m * N + n] = acc[i][j];
    }
}

template <typename T>
__global__ void gemm_epilogue(const float* __restrict__ ws, int splits, const T* __restrict__ bias,
                              T* __restrict__ c, int64_t M, int64_t N) {
  const int64_t MN = M * N;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < MN; i += (int64_t)gridDim.x * blockDim.x) {
    float s = bias != nullptr ? to_float(bias[i % N]) : 0.f;
    for (int z = 0; z < splits; ++z) s += ws[z * MN + i];
    c[i] = from_float<T>(s);
  }
}

// c (M x N, contiguous, dtype T) = A B (+ bias over columns), strides as for gemm_partial.
template <typename T>
void gemm(const T* a, const T* b, const T* bias, T* c, int64_t M, int64_t N, int64_t K, int64_t sam, int64_t sak,
          int64_t sbk, int64_t sbn, const at::Tensor& like) {
  if (M == 0 || N == 0) return;
  const int64_t tiles = ((M + TM - 1) / TM) * ((N + TN - 1) / TN);
  const int64_t wanted = std::max<int64_t>(1, (264 + tiles - 1) / tiles);  // about two blocks per SM of an H100
  const int64_t splits_max = std::max<int64_t>(1, K / 256);                // at least 256 terms a chunk
  int64_t splits = std::min<int64_t>(std::min<int64_t>(wanted, splits_max), 1024);
  const int64_t k_chunk = std::max<int64_t>(TK, ((K + splits - 1) / splits + TK - 1) / TK * TK);
  splits = std::max<int64_t>(1, (K + k_chunk - 1) / k_chunk);
  at::Tensor ws = at::empty({splits * M * N}, like.options().dtype(at::kFloat));
  const dim3 grid((unsigned)((N + TN - 1) / TN), (unsigned)((M + TM - 1) / TM), (unsigned)splits);
  TORCH_CHECK(grid.y <= 65535, "too many rows for this kernel");
  gemm_partial<T><<<grid, kGemmThreads>>>(a, b, ws.data_ptr<float>(), M, N, K, sam, sak, sbk, sbn, k_chunk);
  check_launch("gemm_partial");
  const unsigned blocks = (unsigned)std::max<int64_t>(1, std::min<int64_t>((M * N + 255) / 256, 4096));
  gemm_epilogue<T><<<blocks, 256>>>(ws.data_ptr<float>(), (int)splits, bias, c, M, N);
  check_launch("gemm_epilogue");
}

template <typename T>
__global__ void column_sums(const T* __restrict__ v, T* __restrict__ out, int64_t R, int64_t C) {
  __shared__ float part[8][33];
  const int lane = threadIdx.x & 31, group = threadIdx.x >> 5;
  const int64_t j = (int64_t)blockIdx.x * 32 + lane;
  float s = 0.f;
  if (j < C)
    for (int64_t r = group; r < R - 1; r += 8) s += to_float(v[r * C + j]);
  part[group][lane] = s;
  __syncthreads();
  if (group == 0 && j < C) {
    float t = 0.f;
    for (int g = 0; g < 8; ++g) t += part[g][lane];
    out[j] = from_float<T>(t);
  }
}

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> forward(const at::Tensor& x_in, const at::Tensor& dy_in,
                                                                   const at::Tensor& w_in, const at::Tensor& b_in) {
  TORCH_CHECK(x_in.dim() == 2 && w_in.dim() == 2 && x_in.size(1) == w_in.size(1) && b_in.numel() == w_in.size(0) &&
                  dy_in.dim() == 2 && dy_in.size(0) == x_in.size(0) && dy_in.size(1) == w_in.size(0),
              "expected x (B, IN), dy (B, OUT), weight (OUT, IN) and bias (OUT)");
  const at::Tensor x = operand(x_in, x_in), dy = operand(dy_in, x_in), w = operand(w_in, x_in), b = operand(b_in, x_in);
  const int64_t B = x.size(0), IN = x.size(1), OUT = w.size(0);
  at::Tensor y = at::empty({B, OUT}, x.options()), dx = at::empty({B, IN}, x.options());
  at::Tensor dw = at::empty({OUT, IN}, x.options()), db = at::empty({OUT}, x.options());
  dispatch(x, [&](auto tag) {
    using T = ELEMENT_TYPE(tag);
    gemm<T>(ptr<T>(x), ptr<T>(w), ptr<T>(b), ptr<T>(y), B, OUT, IN, IN, 1, 1, IN, x);         // y = x W^T + b
    gemm<T>(ptr<T>(dy), ptr<T>(w), nullptr, ptr<T>(dx), B, IN, OUT, OUT, 1, IN, 1, x);        // dx = dy W
    gemm<T>(ptr<T>(dy), ptr<T>(x), nullptr, ptr<T>(dw), OUT, IN, B, 1, OUT, IN, 1, x);        // dW = dy^T x
    if (OUT > 0) {
      column_sums<T><<<(unsigned)((OUT + 31) / 32), 256>>>(ptr<T>(dy), ptr<T>(db), B, OUT);  // db
      check_launch("column_sums");
    }
  });
  return {y, dx, dw, db};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "linear layer, forward and gradients (CUDA)"); }
