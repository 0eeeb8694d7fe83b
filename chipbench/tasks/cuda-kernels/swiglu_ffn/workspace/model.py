"""A SwiGLU feed-forward block: down(silu(gate(x)) * up(x)), bias-free."""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 256
DIM = 256
HIDDEN = 688


class Model(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.gate = nn.Linear(dim, hidden, bias=False)
        self.up = nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


def get_inputs():
    return [torch.randn(BATCH, DIM)]


def get_init_inputs():
    return [DIM, HIDDEN]
