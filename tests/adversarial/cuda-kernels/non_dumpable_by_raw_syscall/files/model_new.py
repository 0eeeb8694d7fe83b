import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, param):
        super().__init__()
        self.param = param

    def forward(self, x):
        return kernel_ext.forward(x, self.param)
