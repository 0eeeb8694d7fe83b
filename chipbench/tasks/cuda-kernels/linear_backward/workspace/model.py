"""nn.Linear and its gradients for an upstream gradient dy: y, dx, dW, db."""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 128
IN_FEATURES = 512
OUT_FEATURES = 256
DTYPE = "float32"


class Model(nn.Module):
    def __init__(self, in_features, out_features, dtype):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.fc.to(dtype)

    def forward(self, x, dy):
        with torch.enable_grad():
            x = x.detach().requires_grad_(True)
            y = self.fc(x)
            dx, dw, db = torch.autograd.grad(y, (x, self.fc.weight, self.fc.bias), dy)
        return y.detach(), dx, dw, db


def get_inputs():
    dtype = getattr(torch, DTYPE)
    return [torch.randn(BATCH, IN_FEATURES).to(dtype), torch.randn(BATCH, OUT_FEATURES).to(dtype)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES, getattr(torch, DTYPE)]
