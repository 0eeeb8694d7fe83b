"""3 x 3 convolution, batch normalisation with batch statistics, ReLU."""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 16
IN_CH = 8
OUT_CH = 32
HEIGHT = 32
WIDTH = 32


class Model(nn.Module):
    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, 3, padding=1)
        self.bn = nn.BatchNorm2d(out_ch, eps=1e-5)
        with torch.no_grad():
            self.bn.weight.uniform_(0.5, 1.5)
            self.bn.bias.uniform_(-0.5, 0.5)

    def forward(self, x):
        y = self.conv(x)
        # Always batch statistics (training-mode normalisation), whatever the module's mode.
        y = F.batch_norm(y, None, None, self.bn.weight, self.bn.bias, training=True, eps=self.bn.eps)
        return torch.relu(y)


def get_inputs():
    return [torch.randn(BATCH, IN_CH, HEIGHT, WIDTH)]


def get_init_inputs():
    return [IN_CH, OUT_CH]
