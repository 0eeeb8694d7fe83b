"""Rotary position embedding (rotate-half form) applied to a (batch, seq, dim) tensor."""

import torch
import torch.nn as nn

BATCH = 32
SEQ = 512
DIM = 128
BASE = 10000.0


class Model(nn.Module):
    def __init__(self, dim, base):
        super().__init__()
        self.dim = dim
        self.base = base

    def forward(self, x):
        half = self.dim // 2
        inv_freq = self.base ** (-torch.arange(half, dtype=torch.float32, device=x.device) / half)
        angles = torch.arange(x.shape[1], dtype=torch.float32, device=x.device)[:, None] * inv_freq[None, :]
        cos, sin = torch.cos(angles), torch.sin(angles)
        x1, x2 = x[..., :half], x[..., half:]
        return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)


def get_inputs():
    return [torch.randn(BATCH, SEQ, DIM)]


def get_init_inputs():
    return [DIM, BASE]
