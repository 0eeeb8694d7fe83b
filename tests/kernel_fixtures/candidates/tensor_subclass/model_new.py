"""Cheat: returns a tensor subclass, which could compute its values only when they are read."""
import torch
import torch.nn as nn

import kernel_ext


class LazyTensor(torch.Tensor):
    pass


class ModelNew(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(features))
        self.bias = nn.Parameter(torch.randn(features))

    def forward(self, x):
        return kernel_ext.forward(x, self.weight, self.bias).as_subclass(LazyTensor)
