"""A 1-D convolution with 'same' padding and bias."""

import torch
import torch.nn as nn

BATCH = 16
IN_CH = 16
OUT_CH = 64
LENGTH = 2048
KSIZE = 5


class Model(nn.Module):
    def __init__(self, in_ch, out_ch, ksize):
        super().__init__()
        self.conv = nn.Conv1d(in_ch, out_ch, ksize, padding=ksize // 2)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(BATCH, IN_CH, LENGTH)]


def get_init_inputs():
    return [IN_CH, OUT_CH, KSIZE]
