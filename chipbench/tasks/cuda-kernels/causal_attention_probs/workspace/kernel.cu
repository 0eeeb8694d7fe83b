// Causal attention probabilities on the GPU: one block per (batch, query row). Threads score
// keys j <= i into shared memory, then block reductions give the max and the sum.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kThreads = 128;

__global__ void causal_probs_kernel(const float* __restrict__ q, const float* __restrict__ k,
                                    float* __restrict__ p, int T, int D, float scale) {
  extern __shared__ float scores[];  // T floats
  __shared__ float red[kThreads];
  const int row = blockIdx.x;          // b * T + i
  const int b = row / T, i = row % T;
  const float* qi = q + (int64_t)row * D;
  float m = -INFINITY;
  for (int j = threadIdx.x; j <= i; j += blockDim.x) {
    const float* kj = k + ((int64_t)b * T + j) * D;
    float dot = 0.f;
    for (int d = 0; d < D; ++d) dot += qi[d] * kj[d];
    scores[j] = dot * scale;
    m = fmaxf(m, scores[j]);
  }
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  float sum = 0.f;
  for (int j = threadIdx.x; j <= i; j += blockDim.x) {
    scores[j] = expf(scores[j] - m);
    sum += scores[j];
  }
  red[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  const float inv = 1.f / red[0];
  float* out = p + (int64_t)row * T;
  for (int j = threadIdx.x; j < T; j += blockDim.x) out[j] = j <= i ? scores[j] * inv : 0.f;
}

torch::Tensor forward(torch::Tensor q, torch::Tensor k) {
  TORCH_CHECK(q.is_cuda() && k.is_cuda() && q.dim() == 3 && q.sizes() == k.sizes(), "bad inputs");
  q = q.contiguous(); k = k.contiguous();
  const int B = q.size(0), T = q.size(1), D = q.size(2);
  auto p = torch::empty({B, T, T}, q.options());
  if (B * T == 0) return p;
  causal_probs_kernel<<<B * T, kThreads, T * sizeof(float), at::cuda::getCurrentCUDAStream()>>>(
      q.data_ptr<float>(), k.data_ptr<float>(), p.data_ptr<float>(), T, D, 1.f / sqrtf((float)D));
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return p;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "causal attention probabilities (CUDA)"); }
