"""Depthwise conv through the CUDA kernel; the nn.Conv2d only holds the parameters."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 5, padding=2, groups=channels)

    def forward(self, x):
        return kernel_ext.forward(x, self.conv.weight, self.conv.bias)
