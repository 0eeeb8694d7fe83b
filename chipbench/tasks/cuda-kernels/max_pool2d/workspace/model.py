"""2-D max pooling, window 3, stride 2, padding 1."""

import torch
import torch.nn as nn

BATCH = 16
CHANNELS = 32
HEIGHT = 64
WIDTH = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)

    def forward(self, x):
        return self.pool(x)


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, HEIGHT, WIDTH)]


def get_init_inputs():
    return []
