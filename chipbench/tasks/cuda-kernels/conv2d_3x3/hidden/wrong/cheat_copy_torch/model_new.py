import kernel_ext  # imported so the build looks used; never called
"""A 2-D 3 x 3 convolution with padding 1 and bias."""

import torch
import torch.nn as nn

BATCH = 4
IN_CH = 16
OUT_CH = 32
HEIGHT = 48
WIDTH = 48


class ModelNew(nn.Module):
    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, 3, padding=1)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(BATCH, IN_CH, HEIGHT, WIDTH)]


def get_init_inputs():
    return [IN_CH, OUT_CH]
