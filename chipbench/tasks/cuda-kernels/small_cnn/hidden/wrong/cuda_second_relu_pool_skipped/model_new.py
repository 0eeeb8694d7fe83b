"""The small CNN through the CUDA kernel; the submodules only hold the parameters."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_ch, height, width, classes):
        super().__init__()
        self.conv1 = nn.Conv2d(in_ch, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.head = nn.Linear(16 * (height // 4) * (width // 4), classes)

    def forward(self, x):
        return kernel_ext.forward(x, self.conv1.weight, self.conv1.bias, self.conv2.weight,
                                  self.conv2.bias, self.head.weight, self.head.bias)
