"""SwiGLU through the CUDA kernel; the nn.Linear layers only hold the parameters."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.gate = nn.Linear(dim, hidden, bias=False)
        self.up = nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        return kernel_ext.forward(x, self.gate.weight, self.up.weight, self.down.weight)
