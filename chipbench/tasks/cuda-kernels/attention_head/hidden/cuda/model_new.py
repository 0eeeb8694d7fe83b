"""One attention head through the CUDA kernel; the nn.Linear layers only hold parameters."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, embed, head_dim):
        super().__init__()
        self.query = nn.Linear(embed, head_dim)
        self.key = nn.Linear(embed, head_dim)
        self.value = nn.Linear(embed, head_dim)
        self.out = nn.Linear(head_dim, embed)

    def forward(self, x):
        return kernel_ext.forward(x, self.query.weight, self.query.bias, self.key.weight,
                                  self.key.bias, self.value.weight, self.value.bias,
                                  self.out.weight, self.out.bias)
