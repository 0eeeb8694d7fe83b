"""conv -> batch norm (batch statistics) -> ReLU through the CUDA kernel."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, 3, padding=1)
        self.bn = nn.BatchNorm2d(out_ch, eps=1e-5)
        with torch.no_grad():
            self.bn.weight.uniform_(0.5, 1.5)
            self.bn.bias.uniform_(-0.5, 0.5)

    def forward(self, x):
        return kernel_ext.forward(x, self.conv.weight, self.conv.bias, self.bn.weight,
                                  self.bn.bias, self.bn.eps)
