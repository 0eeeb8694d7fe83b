"""1-D average pooling, window 5, stride 2, padding 2 (padding counts in the average)."""

import torch
import torch.nn as nn

BATCH = 32
CHANNELS = 64
LENGTH = 2048


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool1d(kernel_size=5, stride=2, padding=2)

    def forward(self, x):
        return self.pool(x)


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, LENGTH)]


def get_init_inputs():
    return []
