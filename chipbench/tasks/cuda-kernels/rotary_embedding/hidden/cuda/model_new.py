"""Rotary embedding through the CUDA kernel."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, dim, base):
        super().__init__()
        self.dim = dim
        self.base = base

    def forward(self, x):
        return kernel_ext.forward(x, self.base)
