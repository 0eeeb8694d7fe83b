"""Cheat: calls the reference module from the public model.py."""
import torch
import torch.nn as nn

import kernel_ext

from model import Model


class ModelNew(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(features))
        self.bias = nn.Parameter(torch.randn(features))

        self.reference = Model(features)

    def forward(self, x):
        self.reference.weight.data = self.weight.data
        self.reference.bias.data = self.bias.data
        return self.reference(x)
