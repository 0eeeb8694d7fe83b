"""SwiGLU gate through the CUDA kernel (forward and gradients)."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, a, b, dy):
        return kernel_ext.forward(a, b, dy)
