import numpy as np
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self, param):
        super().__init__()
        self.param = param

    def forward(self, x):
        a = x.detach().numpy()
        return torch.from_numpy(np.where(a > 0, a, self.param * np.expm1(a)).astype(np.float32))
