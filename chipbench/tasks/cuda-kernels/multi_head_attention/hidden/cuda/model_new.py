"""Multi-head self-attention through the CUDA kernel; the nn.Linear layers only hold parameters."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, embed, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(embed, 3 * embed)
        self.out = nn.Linear(embed, embed)

    def forward(self, x):
        return kernel_ext.forward(x, self.heads, self.qkv.weight, self.qkv.bias, self.out.weight,
                                  self.out.bias)
