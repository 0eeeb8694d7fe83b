"""A gated linear unit: Linear(x) * sigmoid(Linear_gate(x))."""

import torch
import torch.nn as nn

BATCH = 512
IN_FEATURES = 512
OUT_FEATURES = 384


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.value = nn.Linear(in_features, out_features)
        self.gate = nn.Linear(in_features, out_features)

    def forward(self, x):
        return self.value(x) * torch.sigmoid(self.gate(x))


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
