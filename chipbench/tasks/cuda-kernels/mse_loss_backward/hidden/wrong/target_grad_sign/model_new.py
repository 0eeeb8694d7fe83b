"""MSE loss through the C++ kernel (forward and gradients)."""

import torch
import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, pred, target):
        return kernel_ext.forward(pred, target)
