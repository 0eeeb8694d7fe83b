"""Row softmax through the CUDA kernel."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return kernel_ext.forward(x)
