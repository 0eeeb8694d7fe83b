"""LayerNorm through the CUDA kernel; the nn.LayerNorm only holds (and initialises) the parameters."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, dim, dtype):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=1e-5)
        with torch.no_grad():
            self.norm.weight.uniform_(0.5, 1.5)
            self.norm.bias.uniform_(-0.5, 0.5)
        self.norm.to(dtype)

    def forward(self, x):
        return kernel_ext.forward(x, self.norm.weight, self.norm.bias, self.norm.eps)
