"""A two-layer perceptron: Linear, exact (erf) GELU, Linear."""

import torch
import torch.nn as nn

BATCH = 128
IN_FEATURES = 256
HIDDEN = 1024
OUT_FEATURES = 256


class Model(nn.Module):
    def __init__(self, in_features, hidden, out_features):
        super().__init__()
        self.up = nn.Linear(in_features, hidden)
        self.down = nn.Linear(hidden, out_features)

    def forward(self, x):
        return self.down(torch.nn.functional.gelu(self.up(x)))


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, HIDDEN, OUT_FEATURES]
