"""linear -> batch norm (batch statistics) -> ReLU through the CUDA kernel."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.bn = nn.BatchNorm1d(out_features, eps=1e-5)
        with torch.no_grad():
            self.bn.weight.uniform_(0.5, 1.5)
            self.bn.bias.uniform_(-0.5, 0.5)

    def forward(self, x):
        return kernel_ext.forward(x, self.fc.weight, self.fc.bias, self.bn.weight, self.bn.bias,
                                  self.bn.eps)
