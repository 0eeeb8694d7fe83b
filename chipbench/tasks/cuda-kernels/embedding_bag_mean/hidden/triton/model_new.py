"""Mean of each bag's embedding rows as a Triton kernel: one program per bag."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _bag_mean(ids_ptr, table_ptr, y_ptr, bag_size, dim, BLOCK: tl.constexpr):
    bag = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < dim
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for j in range(0, bag_size):
        row = tl.load(ids_ptr + bag * bag_size + j)
        acc += tl.load(table_ptr + row * dim + offs, mask=mask, other=0.0)
    tl.store(y_ptr + bag * dim + offs, acc / bag_size, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.table = nn.Embedding(vocab, dim)

    def forward(self, ids):
        ids = ids.contiguous()
        weight = self.table.weight.contiguous()
        bags, bag_size = ids.shape
        dim = weight.shape[1]
        y = torch.empty((bags, dim), dtype=weight.dtype, device=weight.device)
        if bags > 0:
            _bag_mean[(bags,)](ids, weight, y, bag_size, dim, BLOCK=triton.next_power_of_2(dim))
        return y
