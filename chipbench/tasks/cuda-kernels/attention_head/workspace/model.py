"""One self-attention head with query/key/value projections and an output projection."""

import math

import torch
import torch.nn as nn

BATCH = 8
SEQ = 128
EMBED = 128
HEAD_DIM = 64


class Model(nn.Module):
    def __init__(self, embed, head_dim):
        super().__init__()
        self.query = nn.Linear(embed, head_dim)
        self.key = nn.Linear(embed, head_dim)
        self.value = nn.Linear(embed, head_dim)
        self.out = nn.Linear(head_dim, embed)

    def forward(self, x):
        q, k, v = self.query(x), self.key(x), self.value(x)
        weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1]), dim=-1)
        return self.out(weights @ v)


def get_inputs():
    return [torch.randn(BATCH, SEQ, EMBED)]


def get_init_inputs():
    return [EMBED, HEAD_DIM]
