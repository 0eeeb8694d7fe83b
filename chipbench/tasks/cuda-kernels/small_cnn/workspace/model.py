"""A small CNN classifier: two conv-ReLU-maxpool stages and a linear head."""

import torch
import torch.nn as nn

BATCH = 32
IN_CH = 3
HEIGHT = 32
WIDTH = 32
CLASSES = 10


class Model(nn.Module):
    def __init__(self, in_ch, height, width, classes):
        super().__init__()
        self.conv1 = nn.Conv2d(in_ch, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.head = nn.Linear(16 * (height // 4) * (width // 4), classes)

    def forward(self, x):
        x = self.pool(torch.relu(self.conv1(x)))
        x = self.pool(torch.relu(self.conv2(x)))
        return self.head(x.flatten(1))


def get_inputs():
    return [torch.randn(BATCH, IN_CH, HEIGHT, WIDTH)]


def get_init_inputs():
    return [IN_CH, HEIGHT, WIDTH, CLASSES]
