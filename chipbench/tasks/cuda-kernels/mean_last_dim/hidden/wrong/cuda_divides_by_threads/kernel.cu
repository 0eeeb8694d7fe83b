// Known wrong (cuda backend): divides every row's sum by the block size, not the row length.
// Mean over the last dimension on the GPU: one block of 256 threads per row, each thread
// summing a strided slice, then a tree reduction in shared memory. Default stream; only the
// CUDA runtime and torch's tensor headers are used.
#include <torch/extension.h>
#include <cuda_runtime.h>

constexpr int kThreads = 256;

__global__ void row_mean_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t cols) {
  __shared__ float partial[kThreads];
  const float* row = x + blockIdx.x * cols;
  float sum = 0.f;
  for (int64_t c = threadIdx.x; c < cols; c += kThreads) sum += row[c];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int s = kThreads / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) y[blockIdx.x] = partial[0] / static_cast<float>(kThreads);
}

at::Tensor forward(const at::Tensor& x_in) {
  TORCH_CHECK(x_in.is_cuda() && x_in.scalar_type() == at::kFloat && x_in.dim() >= 1,
              "expected a float32 CUDA tensor");
  const at::Tensor x = x_in.contiguous();
  auto sizes = x.sizes().vec();
  const int64_t cols = sizes.back();
  sizes.pop_back();
  at::Tensor y = x.new_empty(sizes);
  const int64_t rows = y.numel();
  if (rows == 0) return y;
  TORCH_CHECK(cols > 0, "cannot average an empty last dimension");
  TORCH_CHECK(rows <= 2147483647, "too many rows for one grid");
  row_mean_kernel<<<(unsigned)rows, kThreads>>>(x.data_ptr<float>(), y.data_ptr<float>(), cols);
  const cudaError_t err = cudaGetLastError();
  TORCH_CHECK(err == cudaSuccess, "row_mean_kernel launch failed: ", cudaGetErrorString(err));
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "mean over the last dimension (CUDA)"); }
