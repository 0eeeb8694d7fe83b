// Matrix-vector product on the GPU: one warp per row, lanes stride along the row (coalesced),
// then a warp-shuffle reduction.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void matvec_kernel(const float* __restrict__ a, const float* __restrict__ x,
                              float* __restrict__ y, int64_t M, int64_t K) {
  const int64_t row = (static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (row >= M) return;  // whole warps exit together: row is uniform within a warp
  const float* ar = a + row * K;
  float acc = 0.f;
  for (int64_t k = lane; k < K; k += 32) acc += ar[k] * x[k];
  for (int off = 16; off > 0; off >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, off);
  if (lane == 0) y[row] = acc;
}

torch::Tensor forward(torch::Tensor a, torch::Tensor x) {
  TORCH_CHECK(a.is_cuda() && x.is_cuda() && a.dim() == 2 && x.dim() == 1, "bad inputs");
  a = a.contiguous(); x = x.contiguous();
  const int64_t M = a.size(0), K = a.size(1);
  auto y = torch::empty({M}, a.options());
  const int threads = 256, rows_per_block = threads / 32;
  const int64_t blocks = (M + rows_per_block - 1) / rows_per_block;
  if (blocks == 0) return y;
  matvec_kernel<<<blocks, threads, 0, at::cuda::getCurrentCUDAStream()>>>(
      a.data_ptr<float>(), x.data_ptr<float>(), y.data_ptr<float>(), M, K);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "A @ x (CUDA)"); }
