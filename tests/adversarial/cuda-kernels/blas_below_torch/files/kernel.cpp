#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

extern "C" void sgemm_(const char*, const char*, const int*, const int*, const int*, const float*, const float*,
                       const int*, const float*, const int*, const float*, float*, const int*);

// Hands the product to the BLAS libtorch links (column-major: C^T = B^T A^T).
at::Tensor forward(const at::Tensor& a_in, const at::Tensor& b_in) {
  const at::Tensor a = a_in.contiguous(), b = b_in.contiguous();
  const int n = a.size(0);
  at::Tensor c = a.new_empty({n, n});
  const float one = 1.f, zero = 0.f;
  sgemm_("N", "N", &n, &n, &n, &one, b.data_ptr<float>(), &n, a.data_ptr<float>(), &n, &zero, c.data_ptr<float>(), &n);
  return c;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "matmul"); }
