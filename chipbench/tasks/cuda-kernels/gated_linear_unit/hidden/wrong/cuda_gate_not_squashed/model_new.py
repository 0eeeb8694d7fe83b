"""Gated linear unit through the CUDA kernel; the two nn.Linear layers only hold parameters."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.value = nn.Linear(in_features, out_features)
        self.gate = nn.Linear(in_features, out_features)

    def forward(self, x):
        return kernel_ext.forward(x, self.value.weight, self.value.bias, self.gate.weight,
                                  self.gate.bias)
