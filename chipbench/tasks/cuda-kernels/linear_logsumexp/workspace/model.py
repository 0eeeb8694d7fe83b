"""Linear layer followed by logsumexp over the features.

The inputs have one sign per feature, negative on a random half of the features, and every row
of the weight shares a positive common part: the products cancel, and each row's logits
carry a common term of either sign, the remainder of that cancellation, on which rounding the
GEMM operands to a lower precision (TF32/float16, bfloat16) shows. On zero-mean inputs the
logsumexp averaged the operands' rounding errors over the features, and such a kernel
passed (docs/kernel-judge.md, *TF32*). The signs are in random order, not alternating or in
two halves, so that no natural summation order (strided SIMD lanes, split K) adds many
products of one sign before they cancel: float32's absolute error stays far under the
elementwise `atol` at the results near zero."""

import math

import torch
import torch.nn as nn

BATCH = 1024
IN_FEATURES = 256
OUT_FEATURES = 512


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        with torch.no_grad():
            self.fc.weight.normal_(1.0, 0.05).mul_(20.0 / math.sqrt(in_features))

    def forward(self, x):
        return torch.logsumexp(self.fc(x), dim=1)


def get_inputs():
    signs = (torch.randperm(IN_FEATURES) % 2) * 2.0 - 1.0  # half of the features negative, at random
    return [(torch.randn(BATCH, IN_FEATURES) * 0.25 + 1.0) * signs * 4.0]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
