"""RMSNorm through the CUDA kernel; the parameter is created exactly as in Model."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.rand(dim) + 0.5)

    def forward(self, x):
        return kernel_ext.forward(x, self.weight, self.eps)
