"""conv (stride 2) -> hardswish through the CUDA kernel."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, 3, stride=2, padding=1)

    def forward(self, x):
        return kernel_ext.forward(x, self.conv.weight, self.conv.bias)
