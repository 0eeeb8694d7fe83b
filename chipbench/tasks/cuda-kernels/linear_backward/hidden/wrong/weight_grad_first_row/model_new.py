"""nn.Linear through the C++ kernel (forward and gradients)."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, dtype):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.fc.to(dtype)

    def forward(self, x, dy):
        return kernel_ext.forward(x, dy, self.fc.weight, self.fc.bias)
