"""nn.Linear in the dtype DTYPE names, over a long input dimension."""

import torch
import torch.nn as nn

BATCH = 64
IN_FEATURES = 4096
OUT_FEATURES = 64
DTYPE = "float16"


class Model(nn.Module):
    def __init__(self, in_features, out_features, dtype):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        with torch.no_grad():
            self.fc.weight.uniform_(-0.05, 0.15)
            self.fc.bias.uniform_(-1.0, 1.0)
        self.fc.to(dtype)

    def forward(self, x):
        return self.fc(x)


def get_inputs():
    return [(torch.rand(BATCH, IN_FEATURES) * 4.0 - 1.0).to(getattr(torch, DTYPE))]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES, getattr(torch, DTYPE)]
