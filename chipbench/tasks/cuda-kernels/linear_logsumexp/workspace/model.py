"""Linear layer followed by logsumexp over the features."""

import torch
import torch.nn as nn

BATCH = 1024
IN_FEATURES = 256
OUT_FEATURES = 512


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.logsumexp(self.fc(x), dim=1)


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES) * 2.0]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
