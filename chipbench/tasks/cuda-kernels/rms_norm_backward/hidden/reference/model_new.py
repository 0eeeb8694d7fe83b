"""RMSNorm through the C++ kernel (forward and gradients)."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, dim, dtype):
        super().__init__()
        self.eps = 1e-6
        self.weight = nn.Parameter((torch.rand(dim) + 0.5).to(dtype))

    def forward(self, x, dy):
        return kernel_ext.forward(x, dy, self.weight, self.eps)
