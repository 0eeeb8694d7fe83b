// Row softmax on the GPU: one thread block per row, block-wide max and sum reductions in
// shared memory.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kThreads = 256;

__global__ void softmax_rows_kernel(const float* __restrict__ x, float* __restrict__ y,
                                    int64_t cols) {
  __shared__ float scratch[kThreads];
  const float* xr = x + blockIdx.x * cols;
  float* yr = y + blockIdx.x * cols;

  float m = -INFINITY;
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
  scratch[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) scratch[threadIdx.x] = fmaxf(scratch[threadIdx.x], scratch[threadIdx.x + s]);
    __syncthreads();
  }
  m = scratch[0];
  __syncthreads();

  float sum = 0.f;
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
    const float e = expf(xr[c] - m);
    yr[c] = e;
    sum += e;
  }
  scratch[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) scratch[threadIdx.x] += scratch[threadIdx.x + s];
    __syncthreads();
  }
  const float inv = 1.f / scratch[0];
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) yr[c] *= inv;
}

torch::Tensor forward(torch::Tensor x) {
  TORCH_CHECK(x.is_cuda() && x.dim() == 2 && x.scalar_type() == torch::kFloat,
              "expected a 2-D float32 CUDA tensor");
  x = x.contiguous();
  auto y = torch::empty_like(x);
  const int64_t rows = x.size(0), cols = x.size(1);
  if (rows == 0) return y;
  softmax_rows_kernel<<<rows, kThreads, 0, at::cuda::getCurrentCUDAStream()>>>(
      x.data_ptr<float>(), y.data_ptr<float>(), cols);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "row softmax (CUDA)"); }
