"""Linear layer, batch normalisation over the batch (batch statistics), ReLU."""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 512
IN_FEATURES = 384
OUT_FEATURES = 512


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.bn = nn.BatchNorm1d(out_features, eps=1e-5)
        with torch.no_grad():
            self.bn.weight.uniform_(0.5, 1.5)
            self.bn.bias.uniform_(-0.5, 0.5)

    def forward(self, x):
        y = self.fc(x)
        # Always batch statistics (training-mode normalisation), whatever the module's mode.
        y = F.batch_norm(y, None, None, self.bn.weight, self.bn.bias, training=True, eps=self.bn.eps)
        return torch.relu(y)


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
