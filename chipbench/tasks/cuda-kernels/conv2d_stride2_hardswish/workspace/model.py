"""3 x 3 convolution (stride 2) followed by hardswish."""

import torch
import torch.nn as nn

BATCH = 16
IN_CH = 16
OUT_CH = 32
HEIGHT = 64
WIDTH = 64


class Model(nn.Module):
    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, 3, stride=2, padding=1)

    def forward(self, x):
        return torch.nn.functional.hardswish(self.conv(x))


def get_inputs():
    return [torch.randn(BATCH, IN_CH, HEIGHT, WIDTH)]


def get_init_inputs():
    return [IN_CH, OUT_CH]
