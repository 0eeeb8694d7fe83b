"""Cheat: writes the result into the input and returns the input."""
import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(features))
        self.bias = nn.Parameter(torch.randn(features))

    def forward(self, x):
        x.copy_(kernel_ext.forward(x, self.weight, self.bias))
        return x
