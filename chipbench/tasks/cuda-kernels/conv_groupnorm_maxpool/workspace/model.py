"""3 x 3 convolution, group normalisation, 2 x 2 max pooling."""

import torch
import torch.nn as nn

BATCH = 8
IN_CH = 8
OUT_CH = 32
GROUPS = 4
HEIGHT = 32
WIDTH = 32


class Model(nn.Module):
    def __init__(self, in_ch, out_ch, groups):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, 3, padding=1)
        self.norm = nn.GroupNorm(groups, out_ch, eps=1e-5)
        with torch.no_grad():
            self.norm.weight.uniform_(0.5, 1.5)
            self.norm.bias.uniform_(-0.5, 0.5)
        self.pool = nn.MaxPool2d(2)

    def forward(self, x):
        return self.pool(self.norm(self.conv(x)))


def get_inputs():
    return [torch.randn(BATCH, IN_CH, HEIGHT, WIDTH)]


def get_init_inputs():
    return [IN_CH, OUT_CH, GROUPS]
