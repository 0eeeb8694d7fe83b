"""A pre-norm causal transformer block: x + attn(ln1(x)), then + mlp(ln2(x))."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 4
SEQ = 128
EMBED = 128
HEADS = 4
HIDDEN = 512


class Model(nn.Module):
    def __init__(self, embed, heads, hidden):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(embed)
        self.qkv = nn.Linear(embed, 3 * embed)
        self.proj = nn.Linear(embed, embed)
        self.ln2 = nn.LayerNorm(embed)
        self.fc1 = nn.Linear(embed, hidden)
        self.fc2 = nn.Linear(hidden, embed)
        with torch.no_grad():
            for norm in (self.ln1, self.ln2):
                norm.weight.uniform_(0.5, 1.5)
                norm.bias.uniform_(-0.5, 0.5)

    def forward(self, x):
        b, t, e = x.shape
        hd = e // self.heads
        q, k, v = self.qkv(self.ln1(x)).split(e, dim=-1)
        q, k, v = (z.view(b, t, self.heads, hd).transpose(1, 2) for z in (q, k, v))
        scores = q @ k.transpose(-1, -2) / math.sqrt(hd)
        future = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), diagonal=1)
        att = torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1) @ v
        x = x + self.proj(att.transpose(1, 2).reshape(b, t, e))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


def get_inputs():
    return [torch.randn(BATCH, SEQ, EMBED)]


def get_init_inputs():
    return [EMBED, HEADS, HIDDEN]
