"""logsumexp(linear(x)) through the C++ kernel."""

import math

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        with torch.no_grad():
            self.fc.weight.normal_(1.0, 0.05).mul_(20.0 / math.sqrt(in_features))

    def forward(self, x):
        return kernel_ext.forward(x, self.fc.weight, self.fc.bias)
