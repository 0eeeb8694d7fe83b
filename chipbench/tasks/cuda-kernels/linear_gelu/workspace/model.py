"""Linear layer followed by exact GELU."""

import torch
import torch.nn as nn

BATCH = 512
IN_FEATURES = 384
OUT_FEATURES = 768


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.nn.functional.gelu(self.fc(x))


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
