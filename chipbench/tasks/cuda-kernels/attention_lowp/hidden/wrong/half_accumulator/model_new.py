"""Attention through the C++ kernel."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        return kernel_ext.forward(q, k, v)
