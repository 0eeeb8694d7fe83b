"""Multi-head self-attention (no mask) with a fused QKV projection and an output projection."""

import math

import torch
import torch.nn as nn

BATCH = 8
SEQ = 96
EMBED = 128
HEADS = 8


class Model(nn.Module):
    def __init__(self, embed, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(embed, 3 * embed)
        self.out = nn.Linear(embed, embed)

    def forward(self, x):
        b, t, e = x.shape
        hd = e // self.heads
        q, k, v = self.qkv(x).split(e, dim=-1)
        q, k, v = (z.view(b, t, self.heads, hd).transpose(1, 2) for z in (q, k, v))
        att = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd), dim=-1) @ v
        return self.out(att.transpose(1, 2).reshape(b, t, e))


def get_inputs():
    return [torch.randn(BATCH, SEQ, EMBED)]


def get_init_inputs():
    return [EMBED, HEADS]
