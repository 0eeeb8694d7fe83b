"""x + silu(linear(x)) through the CUDA kernel."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return kernel_ext.forward(x, self.fc.weight, self.fc.bias)
