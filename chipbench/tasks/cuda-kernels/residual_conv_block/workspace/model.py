"""A ResNet basic block: conv-BN-ReLU-conv-BN, identity skip, ReLU (batch statistics)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 8
CHANNELS = 16
HEIGHT = 32
WIDTH = 32


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)
        with torch.no_grad():
            for bn in (self.bn1, self.bn2):
                bn.weight.uniform_(0.5, 1.5)
                bn.bias.uniform_(-0.5, 0.5)

    def _bn(self, y, bn):
        # Always batch statistics (training-mode normalisation), whatever the module's mode.
        return F.batch_norm(y, None, None, bn.weight, bn.bias, training=True, eps=bn.eps)

    def forward(self, x):
        y = torch.relu(self._bn(self.conv1(x), self.bn1))
        y = self._bn(self.conv2(y), self.bn2)
        return torch.relu(y + x)


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, HEIGHT, WIDTH)]


def get_init_inputs():
    return [CHANNELS]
