"""Conv1d through the CUDA kernel; the nn.Conv1d only holds the parameters."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_ch, out_ch, ksize):
        super().__init__()
        self.conv = nn.Conv1d(in_ch, out_ch, ksize, padding=ksize // 2)

    def forward(self, x):
        return kernel_ext.forward(x, self.conv.weight, self.conv.bias, self.conv.padding[0])
