"""Embedding-bag mean through the CUDA kernel; the nn.Embedding only holds the table."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.table = nn.Embedding(vocab, dim)

    def forward(self, ids):
        return kernel_ext.forward(ids, self.table.weight)
