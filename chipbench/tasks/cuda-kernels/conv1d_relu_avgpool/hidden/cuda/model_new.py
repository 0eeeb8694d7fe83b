"""conv1d -> ReLU -> avg pool through the CUDA kernel."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.conv = nn.Conv1d(in_ch, out_ch, 3, padding=1)

    def forward(self, x):
        return kernel_ext.forward(x, self.conv.weight, self.conv.bias)
