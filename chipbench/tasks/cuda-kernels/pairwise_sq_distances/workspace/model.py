"""Squared Euclidean distance between every row of a and every row of b.

The rows of a and b lie around a common centre far from the origin (8 times their spread per
coordinate), as the points of one cluster do: the squared norms and the cross term are each
about 30 times the distance they cancel to, and rounding the inputs to a lower precision
(TF32/float16, bfloat16) before the GEMM shows in the result. Around the origin the squared
norms dominated, and such a kernel passed (docs/kernel-judge.md, *TF32*). The scale 0.25 keeps float32's absolute error
near the smallest distances far under the elementwise `atol`."""

import torch
import torch.nn as nn

ROWS_A = 1024
ROWS_B = 1024
DIM = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, a, b):
        aa = (a * a).sum(dim=1, keepdim=True)
        bb = (b * b).sum(dim=1)
        return (aa + bb[None, :] - 2.0 * (a @ b.t())).clamp(min=0.0)


def get_inputs():
    centre = torch.randn(DIM) * 8.0
    return [(centre + torch.randn(ROWS_A, DIM)) * 0.25, (centre + torch.randn(ROWS_B, DIM)) * 0.25]


def get_init_inputs():
    return []
