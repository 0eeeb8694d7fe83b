"""The MLP through the CUDA kernel; the two nn.Linear layers only hold the parameters."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_features, hidden, out_features):
        super().__init__()
        self.up = nn.Linear(in_features, hidden)
        self.down = nn.Linear(hidden, out_features)

    def forward(self, x):
        return kernel_ext.forward(x, self.up.weight, self.up.bias, self.down.weight, self.down.bias)
