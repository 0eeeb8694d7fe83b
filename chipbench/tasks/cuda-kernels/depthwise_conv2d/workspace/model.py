"""A depthwise 2-D 5 x 5 convolution (one filter per channel) with padding 2 and bias."""

import torch
import torch.nn as nn

BATCH = 8
CHANNELS = 64
HEIGHT = 56
WIDTH = 56


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 5, padding=2, groups=channels)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, HEIGHT, WIDTH)]


def get_init_inputs():
    return [CHANNELS]
