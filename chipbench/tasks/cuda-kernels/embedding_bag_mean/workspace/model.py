"""Embedding lookup followed by the mean over each bag of ids."""

import torch
import torch.nn as nn

VOCAB = 20000
DIM = 256
BAGS = 1024
BAG_SIZE = 32


class Model(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.table = nn.Embedding(vocab, dim)

    def forward(self, ids):
        return self.table(ids).mean(dim=1)


def get_inputs():
    return [torch.randint(0, VOCAB, (BAGS, BAG_SIZE))]


def get_init_inputs():
    return [VOCAB, DIM]
