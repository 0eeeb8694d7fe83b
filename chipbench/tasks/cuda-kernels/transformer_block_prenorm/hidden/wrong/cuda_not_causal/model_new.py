"""The pre-norm transformer block through the CUDA kernel; submodules only hold parameters."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, embed, heads, hidden):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(embed)
        self.qkv = nn.Linear(embed, 3 * embed)
        self.proj = nn.Linear(embed, embed)
        self.ln2 = nn.LayerNorm(embed)
        self.fc1 = nn.Linear(embed, hidden)
        self.fc2 = nn.Linear(hidden, embed)
        with torch.no_grad():
            for norm in (self.ln1, self.ln2):
                norm.weight.uniform_(0.5, 1.5)
                norm.bias.uniform_(-0.5, 0.5)

    def forward(self, x):
        return kernel_ext.forward(
            x, self.heads, self.ln1.weight, self.ln1.bias, self.qkv.weight, self.qkv.bias,
            self.proj.weight, self.proj.bias, self.ln2.weight, self.ln2.bias, self.fc1.weight,
            self.fc1.bias, self.fc2.weight, self.fc2.bias, self.ln1.eps)
