import torch
import torch.nn as nn
import torch.nn.functional as F


class ModelNew(nn.Module):
    def __init__(self, param):
        super().__init__()
        self.param = param
        self.fn = torch.compile(lambda x: F.elu(x, alpha=param))

    def forward(self, x):
        return self.fn(x)
