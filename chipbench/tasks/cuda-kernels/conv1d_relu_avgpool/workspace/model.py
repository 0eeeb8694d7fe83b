"""1-D convolution, ReLU, average pooling by 2."""

import torch
import torch.nn as nn

BATCH = 16
IN_CH = 32
OUT_CH = 64
LENGTH = 1024


class Model(nn.Module):
    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.conv = nn.Conv1d(in_ch, out_ch, 3, padding=1)
        self.pool = nn.AvgPool1d(2)

    def forward(self, x):
        return self.pool(torch.relu(self.conv(x)))


def get_inputs():
    return [torch.randn(BATCH, IN_CH, LENGTH)]


def get_init_inputs():
    return [IN_CH, OUT_CH]
