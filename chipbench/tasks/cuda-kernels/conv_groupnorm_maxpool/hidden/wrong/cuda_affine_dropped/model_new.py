"""conv -> group norm -> max pool through the CUDA kernel."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_ch, out_ch, groups):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, 3, padding=1)
        self.norm = nn.GroupNorm(groups, out_ch, eps=1e-5)
        with torch.no_grad():
            self.norm.weight.uniform_(0.5, 1.5)
            self.norm.bias.uniform_(-0.5, 0.5)

    def forward(self, x):
        return kernel_ext.forward(x, self.conv.weight, self.conv.bias, self.norm.weight,
                                  self.norm.bias, self.norm.num_groups, self.norm.eps)
