"""linear(rms_norm(x)) through the CUDA kernel; parameters are created exactly as in Model."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, dim, out_features, eps):
        super().__init__()
        self.eps = eps
        self.scale = nn.Parameter(torch.rand(dim) + 0.5)
        self.proj = nn.Linear(dim, out_features, bias=False)

    def forward(self, x):
        return kernel_ext.forward(x, self.scale, self.proj.weight, self.eps)
