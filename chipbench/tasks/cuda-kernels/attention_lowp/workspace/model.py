"""softmax(q k^T / sqrt(D)) v per (batch, head), in the dtype DTYPE names."""

import math

import torch
import torch.nn as nn

BATCH = 1
HEADS = 1
SEQ = 1024
HEAD_DIM = 16
DTYPE = "float16"


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
        return torch.matmul(torch.softmax(scores, dim=-1), v)


def get_inputs():
    dtype = getattr(torch, DTYPE)
    shape = (BATCH, HEADS, SEQ, HEAD_DIM)
    q = torch.randn(shape) * 0.3
    k = torch.randn(shape) * 0.3
    v = torch.randn(shape)
    return [q.to(dtype), k.to(dtype), v.to(dtype)]


def get_init_inputs():
    return []
