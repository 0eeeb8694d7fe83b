// relu(x W^T + b) on the GPU: 16 x 16 output tiles, x and W tiles staged through shared memory.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kTile = 16;

__global__ void linear_relu_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                   const float* __restrict__ b, float* __restrict__ y,
                                   int M, int N, int K) {
  __shared__ float xs[kTile][kTile];
  __shared__ float ws[kTile][kTile + 1];
  const int row = blockIdx.y * kTile + threadIdx.y;  // batch index
  const int col = blockIdx.x * kTile + threadIdx.x;  // output feature
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += kTile) {
    const int kx = k0 + threadIdx.x;
    xs[threadIdx.y][threadIdx.x] = (row < M && kx < K) ? x[(int64_t)row * K + kx] : 0.f;
    const int wrow = blockIdx.x * kTile + threadIdx.y;
    ws[threadIdx.y][threadIdx.x] = (wrow < N && kx < K) ? w[(int64_t)wrow * K + kx] : 0.f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < kTile; ++k) acc += xs[threadIdx.y][k] * ws[threadIdx.x][k];
    __syncthreads();
  }
  if (row < M && col < N) y[(int64_t)row * N + col] = fmaxf(acc + b[col], 0.f);
}

torch::Tensor forward(torch::Tensor x, torch::Tensor w, torch::Tensor b) {
  TORCH_CHECK(x.is_cuda() && w.is_cuda() && b.is_cuda(), "expected CUDA tensors");
  x = x.contiguous(); w = w.contiguous(); b = b.contiguous();
  const int M = x.size(0), K = x.size(1), N = w.size(0);
  auto y = torch::empty({M, N}, x.options());
  const dim3 block(kTile, kTile), grid((N + kTile - 1) / kTile, (M + kTile - 1) / kTile);
  linear_relu_kernel<<<grid, block, 0, at::cuda::getCurrentCUDAStream()>>>(
      x.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(), y.data_ptr<float>(), M, N, K);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "relu(x W^T + b) (CUDA)"); }
